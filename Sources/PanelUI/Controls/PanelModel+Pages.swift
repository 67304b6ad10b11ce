/// Pages: a stack of layouts over one model, pushed and popped like UINavigationController.
/// The diagram is in Pages.md beside this file.
///
/// Every page's controls are in the one `description.controls` (and `values`), so a control
/// keeps its value whichever page shows; `layout` is the page on top, and the per-target
/// state (trackers, transitions, touches) is that page's, made again on each push and pop.
/// A push or pop slides for `slideDuration`, eased; a new push or pop during a slide starts
/// from where the slide is (interruptible). A finger from the left edge drags the page off
/// and goes back if let go past a third of the width. In a right-to-left panel all of it is
/// mirrored: pages slide in from the left and the swipe starts at the right edge.
public struct PageNavigation: Sendable {
    /// Every page's layout, by page control index, laid out once at start.
    var layouts: [Int: PanelLayout] = [:]
    /// The panel's own page.
    var root: PanelLayout?
    /// The pages shown over the panel's own, bottom first, each with the scroll of the page
    /// under it when it was pushed (restored when it is popped).
    var stack: [(page: Int, underScroll: ScrollPhysics)] = []
    /// The slide in progress (or the last one, settled): 1 shows `child`, 0 its parent.
    var slide: Slide?
    /// Each change of what a page shows bumps this, so snapshots of pages taken for a slide
    /// are drawn again.
    var revision = 0

    struct Slide: Sendable {
        var parent: Int?
        var child: Int
        var parentScroll: Int
        var childScroll: Int
        var progress: Transition
        /// A finger from the left edge holds it; `progress` is settled where the finger is.
        var dragged = false
    }

    public var depth: Int { stack.count }
}

extension PanelModel {
    /// UINavigationController's push and pop.
    public static let slideDuration = 0.35
    /// How far from the leading edge a finger may go down to drag a page back (UIKit's is about 20 points).
    public static let edgeWidth = 20.0

    /// The page on top: nil for the panel's own.
    public var currentPage: Int? { navigation.stack.last?.page }

    /// Opens a page (the index of its page control) over the one showing.
    public mutating func openPage(_ page: Int, at now: Double) -> [PanelEvent] {
        guard let pageLayout = navigation.layouts[page] else { return [] }
        let events = cancelAllTouches(at: now)
        let from = currentProgress(at: now, child: page) ?? 0
        navigation.slide = .init(parent: currentPage, child: page, parentScroll: scrollOffset(at: now), childScroll: 0,
                                 progress: Transition(from: from, to: 1, start: now, duration: Self.slideDuration * (1 - from)))
        navigation.stack.append((page, scroll))
        show(pageLayout, scroll: ScrollPhysics(contentHeight: Double(pageLayout.contentHeight - pageLayout.viewport.minY),
                                               viewportHeight: Double(pageLayout.viewport.height)))
        return events + [.pageOpened(id: description.controls[page].id)]
    }

    /// Goes back to the page under the one showing; nothing on the panel's own page.
    public mutating func goBack(at now: Double) -> [PanelEvent] {
        guard let top = navigation.stack.popLast() else { return [] }
        let events = cancelAllTouches(at: now)
        let from = currentProgress(at: now, child: top.page) ?? 1
        let parent = currentPage
        guard let parentLayout = parent.map({ navigation.layouts[$0] }) ?? navigation.root else { return events }
        navigation.slide = .init(parent: parent, child: top.page, parentScroll: Int(pixels: top.underScroll.offset(at: now).rounded()),
                                 childScroll: scrollOffset(at: now),
                                 progress: Transition(from: from, to: 0, start: now, duration: Self.slideDuration * from))
        show(parentLayout, scroll: top.underScroll)
        return events + [.pageClosed(id: description.controls[top.page].id)]
    }

    /// Where a slide of `child` is now, when one is under way (to start the next from there).
    private func currentProgress(at now: Double, child: Int) -> Double? {
        guard let slide = navigation.slide, slide.child == child, slide.dragged || slide.progress.isRunning(at: now) else { return nil }
        return slide.progress.value(at: now)
    }

    /// Makes `pageLayout` the one touches and drawing use, its targets at rest at their values.
    mutating func show(_ pageLayout: PanelLayout, scroll newScroll: ScrollPhysics) {
        layout = pageLayout
        scroll = newScroll
        knobDrags = [:]
        slots = [:]
        fingers = [:]
        trackers = layout.targets.map { row in
            guard case .control(let index, _) = row.kind else { return ControlTracker(isEnabled: false) }
            return ControlTracker(isEnabled: description.controls[index].enabled)
        }
        transitions = layout.targets.indices.map { .settled(at: goal(ofTarget: $0), curve: behavior(ofTarget: $0).curve) }
        damagedScrollOffset = scrollOffset(at: 0)
        navigation.revision += 1
    }

    /// The slide as drawn at `now`: which pages show where. nil when no slide moves.
    public func pageSlide(at now: Double) -> (parent: Int?, child: Int, progress: Double, parentScroll: Int, childScroll: Int)? {
        guard let slide = navigation.slide, slide.dragged || slide.progress.isRunning(at: now) else { return nil }
        return (slide.parent, slide.child, slide.progress.value(at: now), slide.parentScroll, slide.childScroll)
    }

    /// Whether the slide moved in `(previous, now]`: the whole screen is repainted.
    func slideMoved(between previous: Double, and now: Double) -> Bool {
        guard let slide = navigation.slide else { return false }
        return slide.dragged || slide.progress.moved(between: previous, and: now)
    }

    /// The panel showing `page` at rest, scrolled to `offset`: what a slide draws of it.
    public func showing(page: Int?, scrolledTo offset: Int) -> PanelModel {
        var copy = self
        copy.navigation.slide = nil
        guard let pageLayout = page.map({ navigation.layouts[$0] }) ?? navigation.root else { return copy }
        var scroll = ScrollPhysics(contentHeight: Double(pageLayout.contentHeight - pageLayout.viewport.minY),
                                   viewportHeight: Double(pageLayout.viewport.height))
        scroll = scroll.resting(at: Double(offset))
        copy.show(pageLayout, scroll: scroll)
        return copy
    }

    /// A key for what a page snapshot shows: changes whenever a value, a mark or a page does.
    public var pageRevision: Int { navigation.revision }

    /// Whether the back control is held by a finger (drawn dimmed).
    public var isBackHighlighted: Bool {
        slots.values.contains { $0.mode == .back(inside: true) }
    }

    /// How far a sideways move of `dx` goes towards closing the page: rightwards, or leftwards
    /// in a right-to-left panel, whose pages slide in from the left and are swiped back to it.
    func backSwipe(_ dx: Double) -> Double {
        layout.direction.isRightToLeft ? -dx : dx
    }

    /// A finger from the leading edge moved `dx` away from it (`backSwipe`): the page on top follows it.
    mutating func dragPageBack(by dx: Double, at now: Double) {
        guard let top = navigation.stack.last else { return }
        let width = Double(max(1, layout.logicalSize.width))
        let progress = 1 - min(max(dx / width, 0), 1)
        navigation.slide = .init(parent: navigation.stack.dropLast().last?.page, child: top.page,
                                 parentScroll: Int(pixels: top.underScroll.offset(at: now).rounded()), childScroll: scrollOffset(at: now),
                                 progress: .settled(at: progress), dragged: true)
    }

    /// The edge swipe let go: back to the page under it, or the page slides back into place.
    mutating func releasePageDrag(goingBack: Bool, at now: Double) -> [PanelEvent] {
        guard var slide = navigation.slide, slide.dragged else { return [] }
        if goingBack { return goBack(at: now) }
        let from = slide.progress.value(at: now)
        slide.progress = Transition(from: from, to: 1, start: now, duration: Self.slideDuration * (1 - from))
        slide.dragged = false
        navigation.slide = slide
        return []
    }
}
