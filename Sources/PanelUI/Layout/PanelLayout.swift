/// Where everything of a panel goes, in logical pixels: a vertical settings list in the
/// style of a grouped table. Section headers, then rounded groups of rows; a checkbox or
/// switch is one row, a radio group is a caption row and one row per option. Label left,
/// control right (mirrored in a right-to-left panel, `PanelLayout+Mirroring.swift`); the whole
/// row is the touch target.
///
/// Layout is a pure function of the description and the logical size, so `panel layout`,
/// the renderer and hit testing all read the same frames.
public struct PanelLayout: Equatable, Sendable {
    public enum RowKind: Equatable, Sendable {
        /// A touch target: a checkbox, a switch, or (with `option`) one option of a radio group.
        case control(index: Int, option: Int?)
        /// The label of a radio group above its options; not touchable.
        case caption(index: Int)
        /// A value row: its label, and its text in `controlFrame`; not touchable.
        case display(index: Int)
    }

    public struct Row: Equatable, Sendable {
        public var kind: RowKind
        public var label: String
        /// The whole row, and for a control the touch target.
        public var frame: Rect
        /// The drawn widget's box: at the right for a switch, at the left for a checkbox or radio
        /// option (empty for a caption).
        public var controlFrame: Rect
        /// Where the label starts, left edge: one x for every label of a section.
        public var labelX: Int
        /// How wide the label may be: up to the switch beside it, or to the row's inset.
        /// Longer labels wrap onto a second line, then are cut with an ellipsis.
        public var labelWidth: Int
        /// Whether a separator line is drawn under this row (not under a group's last row).
        public var hasSeparator: Bool
        /// The row's index in `targets` when it is a control, nil for a caption: the painter
        /// draws only the rows that show and needs their targets without counting the rows above.
        public var target: Int?

        /// What the pressed state draws and a toggle repaints: the widget and the halo
        /// around it (Material's pressed halo; UIKit's switch also widens its knob). The whole
        /// row stays the touch target; the feedback shows what the touch will change.
        public var pressedFrame: Rect {
            controlFrame.outsetBy(dx: haloMargin, dy: haloMargin).intersection(frame)
        }
        /// The halo's reach at the layout's scale.
        public var haloMargin: Int
        /// The label set into lines (at most two, the last cut with "…"); empty when the layout
        /// had no fonts, and the painter cuts the label to one line itself.
        public var labelLines: [String] = []
        /// The control's `detail:` line, cut to the label's width.
        public var detail: String?
        /// Where the label's lines and the detail line are drawn, centred vertically in `frame`.
        public var labelFrame: Rect = Rect(x: 0, y: 0, width: 0, height: 0)
        /// Where a failed action's badge (or the busy spinner) starts when it shows: after the
        /// label cut to leave room for it. nil when the layout had no fonts (the painter then
        /// measures the label itself and the badge is hit-tested at `labelX`).
        public var badgeX: Double?
        /// The control's `icon:`, before its label; nil without one.
        public var iconFrame: Rect?
        /// Where a slider or stepper writes its value ("60 %"), one line high; empty for other kinds.
        public var valueFrame: Rect = .empty
        /// The label sits at the top of the row, the widget under it (`WidgetPlacement.stacked`).
        public var labelOnTop = false
        /// The row is mirrored (`PanelLayout+Mirroring.swift`): its label is right-aligned in
        /// `labelFrame` and its widget runs from right to left.
        public var isRightToLeft = false
    }

    public struct Section: Equatable, Sendable {
        public var title: String?
        public var headerFrame: Rect?
        /// The rounded background holding the section's rows.
        public var groupFrame: Rect
        public var rows: [Row]
    }

    public var logicalSize: Size
    /// The sizes everything is laid out and drawn with, at the layout's scale factor.
    public var metrics: LayoutMetrics
    /// The title bar stays put; everything below it scrolls when it doesn't fit.
    public var titleFrame: Rect?
    /// The title bar's text: the panel's title, or the page's label.
    public var title: String?
    /// Which page this lays out: nil for the panel's own, else the page control's index.
    public var page: Int?
    /// A page's back control at the title bar's leading edge (its touch target), and the
    /// title of the page it goes back to.
    public var backFrame: Rect?
    public var backLabel: String?
    /// Where the scrolling content shows, in logical pixels.
    public var viewport: Rect
    public var sections: [Section]
    /// The height of everything, title included; more than the screen means the list scrolls.
    public var contentHeight: Int
    /// Which way the panel reads; right to left, every frame is mirrored (`mirror()`).
    public internal(set) var direction = TextDirection.ltr
    /// Where burn-in care has moved everything from where it was laid out (`shifted(to:)`).
    public internal(set) var shift = ShiftOffset.zero

    /// Touch targets in reading order (down each column in turn): every row that is a control.
    public var targets: [Row]
    /// The sections of each column in reading order (left to right, right to left when
    /// mirrored): indices into `sections`, each column's stacked top to bottom.
    public var columns: [Range<Int>]

    /// The metrics at scale 1 on a regular screen, in points (`metrics` has them scaled).
    public static let sideMargin = 16
    public static let rowInset = 16
    /// Between a checkbox and its label.
    public static let labelGap = 12
    /// How far the pressed halo reaches around a widget: inside the row and short of the
    /// label for every row height (a box leaves at least 9 px above and below it).
    public static let haloMargin = 8
    /// Lines of text stay readable on wide screens: the list is at most this wide and centred.
    public static let maxContentWidth = 960
    public static let groupCornerRadius = 10.0

    /// `logicalSize` is in device pixels (after rotation); `scale` multiplies every size of
    /// the description and of the layout's own metrics. With `fonts`, labels too long for one
    /// line wrap onto a second (the row grows); without, each is one line the painter cuts.
    /// `page`: the page control whose sections to lay out; nil for the panel's own.
    public init(description: PanelDescription, logicalSize: Size, scale: Double = 1, fonts: FontCache? = nil, page: Int? = nil) {
        let m = LayoutMetrics(theme: description.theme, scale: scale, logicalSize: logicalSize)
        metrics = m
        self.logicalSize = logicalSize
        self.page = page
        let (pageSections, firstControl) = description.sections(ofPage: page)
        title = page.map { description.controls[$0].label } ?? description.title
        if let page {
            backLabel = description.page(holding: page).map { description.controls[$0].label } ?? description.title ?? "Back"
            backFrame = Rect(x: 0, y: 0, width: max(m.rowHeight, logicalSize.width / 3), height: m.titleHeight)
        }
        let top: Int
        if title != nil {
            titleFrame = Rect(x: 0, y: 0, width: logicalSize.width, height: m.titleHeight)
            top = m.titleHeight
        } else {
            titleFrame = nil
            top = m.sideMargin
        }
        let count = Self.columnCount(description.columns, width: logicalSize.width, metrics: m,
                                     sectionCount: pageSections.count)
        let gap = m.sideMargin
        let columnWidth = max(0, min((logicalSize.width - 2 * m.sideMargin - (count - 1) * gap) / count, m.maxContentWidth))
        let left = (logicalSize.width - count * columnWidth - (count - 1) * gap) / 2
        let setter = TextSetter(fonts: fonts, paths: description.theme.fonts)

        var built: [Section] = []
        var controlIndex = firstControl
        for section in pageSections {
            built.append(Self.buildSection(section, firstControl: controlIndex, x: 0, width: columnWidth, metrics: m, setter: setter))
            controlIndex += section.controls.count
        }
        let starts = Self.balancedRuns(built.map { $0.height + m.sideMargin }, count: count) + [built.count]
        var sections: [Section] = []
        var columns: [Range<Int>] = []
        var bottom = top
        // Groups line up across columns: a column opening on a section without a header starts
        // where the groups under the other columns' headers do.
        let headed = starts.dropLast().contains { built[$0].headerFrame != nil }
        for column in 0..<(starts.count - 1) {
            var y = top + (headed && built[starts[column]].headerFrame == nil ? m.headerHeight : 0)
            let x = left + column * (columnWidth + gap)
            for index in starts[column]..<starts[column + 1] {
                sections.append(built[index].offsetBy(dx: x, dy: y))
                y += built[index].height + m.sideMargin
            }
            columns.append(starts[column]..<starts[column + 1])
            bottom = max(bottom, y)
        }
        // Targets are numbered in reading order, column by column.
        var targets: [Row] = []
        for s in sections.indices {
            for r in sections[s].rows.indices where sections[s].rows[r].target != nil {
                sections[s].rows[r].target = targets.count
                targets.append(sections[s].rows[r])
            }
        }
        self.sections = sections
        self.columns = columns
        self.targets = targets
        viewport = Rect(x: 0, y: top, width: logicalSize.width, height: max(0, logicalSize.height - top))
        contentHeight = bottom
        if description.layoutDirection == .rtl { mirror() }
    }

    /// The widget's box for a row of `rowHeight`: sizes follow the row so a taller row
    /// (a panel used with gloves) gets bigger widgets. Proportions are UISwitch's 51x31.
    public static func controlSize(_ kind: ControlKind, rowHeight: Int) -> Size {
        kind.behavior.widgetSize(rowHeight: rowHeight)
    }

    /// Every page's layout, by page control index, for `PanelModel(…, pages:)`.
    public static func pages(of description: PanelDescription, logicalSize: Size, scale: Double = 1,
                             fonts: FontCache? = nil) -> [Int: PanelLayout] {
        var pages: [Int: PanelLayout] = [:]
        for page in description.pageStarts.keys {
            pages[page] = PanelLayout(description: description, logicalSize: logicalSize, scale: scale, fonts: fonts, page: page)
        }
        return pages
    }

    /// A row icon's box: a square a little over half a row high (29 of 44 points in iOS Settings).
    public static func iconSize(rowHeight: Int) -> Int { rowHeight * 9 / 16 }

    /// The index in `targets` of the touch target under a content point, if any.
    public func targetIndex(at point: Point) -> Int? {
        targets.firstIndex { $0.frame.contains(point) }
    }
}
