import Testing
@testable import PanelUI

/// Burn-in shift at the layout's origin: a shifted frame is the frame at rest moved, the
/// uncovered strip background and nothing drawn lost past the edges, on the compact and
/// regular layouts, upright and turned, on the panel's page and a page over it; damage and hit
/// testing follow the shift.
struct BurnInShiftTests {
    static let yaml = """
    title: Hallway
    sections:
      - title: Lights
        controls:
          - {id: porch, kind: switch, label: Porch light, default: true}
          - {id: hall, kind: checkbox, label: Hall light}
          - {id: stairs, kind: switch, label: Stairs, detail: Dims at night}
      - title: Heating
        controls:
          - id: more
            kind: page
            label: Schedules
            sections:
              - title: Weekdays
                controls:
                  - {id: early, kind: switch, label: Early start}
                  - {id: mode, kind: radio, label: Mode, options: [eco, comfort], default: eco}
          - {id: temp, kind: slider, label: Temperature, min: 15, max: 25, default: 20, unit: °C}
    """

    let fonts = FontCache()

    func model(_ size: Size, yaml: String = Self.yaml) throws -> PanelModel {
        let description = try PanelDescription.parse(yaml, file: "b.yml", fileExists: { _ in true })
        return PanelModel(description: description, layout: PanelLayout(description: description, logicalSize: size, fonts: fonts),
                          pages: PanelLayout.pages(of: description, logicalSize: size, fonts: fonts), fonts: fonts)
    }

    func painter(_ m: PanelModel) throws -> PanelPainter {
        try PanelPainter(description: m.description, fonts: fonts, logicalSize: m.layout.logicalSize)
    }

    func render(_ m: PanelModel, at now: Double = 0) throws -> PixelBuffer {
        let buffer = PixelBuffer(size: m.layout.logicalSize)
        try painter(m).draw(m, at: now, into: buffer, clip: buffer.bounds)
        return buffer
    }

    /// How many pixels of two frames differ.
    func differing(_ a: PixelBuffer, _ b: PixelBuffer) -> Int {
        withExtendedLifetime((a, b)) { zip(a.pixels, b.pixels).filter { $0 != $1 }.count }
    }

    func titleFont(_ m: PanelModel) throws -> Font {
        try fonts.font(path: m.description.theme.font, pixelSize: m.layout.metrics.titleFontSize)
    }

    /// `shifted` is `rest` moved by `offset`, background where the move uncovered, and every
    /// pixel of `rest` that the move puts past an edge is background (nothing drawn is lost);
    /// with `moreBelow`, the list goes on under the bottom edge, where scrolling brings it.
    /// `edgeLine`: the rows at rest of the hairline under the title bar (a scrolled list), which
    /// spans the screen's width wherever the drawing is.
    func expectMoved(_ rest: PixelBuffer, _ shifted: PixelBuffer, by offset: ShiftOffset, background: UInt32, moreBelow: Bool,
                     edgeLine: Range<Int>?, _ what: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        var wrong = 0, lost = 0, firstWrong: (Int, Int)?
        let width = rest.width, height = rest.height
        let before = withExtendedLifetime(rest) { rest.pixels.map { $0 & 0xFFFFFF } }
        let after = withExtendedLifetime(shifted) { shifted.pixels.map { $0 & 0xFFFFFF } }
        for y in 0..<height where edgeLine?.contains(y) != true && edgeLine?.contains(y - offset.dy) != true {
            for x in 0..<width {
                let sx = x - offset.dx, sy = y - offset.dy
                let inside = sx >= 0 && sy >= 0 && sx < width && sy < height
                if after[y * width + x] != (inside ? before[sy * width + sx] : background) {
                    wrong += 1
                    if firstWrong == nil { firstWrong = (x, y) }
                }
                let tx = x + offset.dx, ty = y + offset.dy
                let off = tx < 0 || ty < 0 || tx >= width || (ty >= height && !moreBelow)
                if off, before[y * width + x] != background { lost += 1 }
            }
        }
        #expect(wrong == 0, "\(what): \(wrong) pixels are not the frame at rest moved by \(offset), first at \(firstWrong.map { "\($0)" } ?? "")",
                sourceLocation: sourceLocation)
        #expect(lost == 0, "\(what): \(lost) drawn pixels moved off the screen by \(offset)", sourceLocation: sourceLocation)
    }

    static let screens = [Size(width: 800, height: 480), Size(width: 480, height: 800), Size(width: 320, height: 240), Size(width: 240, height: 320)]

    /// At the room's corners (the orbit's farthest offsets), on the panel and on its page,
    /// with the list at its top and scrolled to its end.
    @Test(arguments: screens)
    func aShiftedFrameIsTheFrameAtRestMovedWithNothingCutOff(size: Size) throws {
        var m = try model(size)
        let room = m.shiftRoom(titleFont: try titleFont(m)).limited(to: BurnInSettings.defaultMaxShift)
        #expect(room.left >= 3 && room.right >= 3 && room.down >= 3 && room.up >= 1, "\(size): \(room)")
        let background = m.description.theme.background.xrgb
        for page in [nil, "more"] {
            if let page {
                _ = m.openPage(m.description.controls.firstIndex { $0.id == page }!, at: 0)
                #expect(m.currentPage != nil)
            }
            let t = 10.0  // the slide is over
            for end in [false, true] {
                m.shift(to: .zero)
                if end { m.scroll = m.scroll.resting(at: m.scroll.maxOffset) }
                let rest = try render(m, at: t)
                let line = m.scrollOffset(at: t) > 0 ? m.layout.viewport.minY..<(m.layout.viewport.minY + m.layout.metrics.hairline) : nil
                // Two opposite corners reach all four edges.
                for offset in [ShiftOffset(dx: -room.left, dy: -room.up), ShiftOffset(dx: room.right, dy: room.down)] {
                    m.shift(to: offset)
                    let shifted = try render(m, at: t)
                    expectMoved(rest, shifted, by: offset, background: background, moreBelow: m.scroll.isScrollable && !end,
                                edgeLine: line, "\(size) \(page ?? "panel")\(end ? " at the end" : "")")
                    if let line {
                        let y = line.lowerBound + offset.dy, separator = m.description.theme.separator.xrgb
                        #expect((0..<size.width).allSatisfy { shifted[$0, y] & 0xFFFFFF == separator }, "the title's hairline spans the screen")
                    }
                }
            }
        }
    }

    /// Upright and turned (the offset is in the panel's turned coordinates), looked at.
    @Test(arguments: [Size(width: 800, height: 480), Size(width: 480, height: 800)])
    func shiftedFrameGolden(size: Size) throws {
        var m = try model(size)
        m.shift(to: ShiftOffset(dx: 4, dy: -3))
        expectGolden(try render(m), named: "burn-in/shifted-\(size.width)x\(size.height)")
    }

    /// After a shift a toggle repaints its control only, inside the control's shifted frame,
    /// and each frame of its animation painted over the last gives what a full repaint gives.
    @Test func aToggleAfterAShiftRepaintsItsControlOnlyAndPartialEqualsFull() throws {
        var m = try model(Size(width: 800, height: 480))
        let offset = ShiftOffset(dx: -4, dy: 4)
        m.shift(to: offset)
        let painter = try painter(m)
        let screen = PixelBuffer(size: m.layout.logicalSize)
        painter.draw(m, at: 0, into: screen, clip: screen.bounds)
        _ = m.takeDamage(previousFrame: 0, now: 0)
        let row = m.layout.targets[0]
        let restRow = m.layout.shifted(to: .zero).targets[0]
        #expect(row.frame == restRow.frame.offsetBy(dx: -4, dy: 4))
        _ = m.handle(PanelTouch(phase: .down, slot: 0, position: row.frame.center), at: 1)
        let changes = m.handle(PanelTouch(phase: .up, slot: 0, position: row.frame.center), at: 1.05).valueChanges
        #expect(changes.map(\.id) == ["porch"])
        var previous = 1.0
        for t in stride(from: 1.05, through: 1.6, by: 1.0 / 60) {
            let damage = m.takeFrameDamage(previousFrame: previous, now: t)
            for rect in damage.repaint {
                #expect(row.frame.contains(rect), "damage \(rect) at \(t) is outside the switch's shifted row \(row.frame)")
                #expect(!rect.isEmpty)
            }
            painter.draw(m, at: t, into: screen, damage: damage)
            previous = t
        }
        #expect(m.isAnimating(at: previous) == false)
        let full = PixelBuffer(size: m.layout.logicalSize)
        painter.draw(m, at: previous, into: full, clip: full.bounds)
        #expect(differing(screen, full) == 0, "partial repaints after a shift give the full repaint's pixels")
    }

    /// Scrolling a list shifted down (its viewport reaching past the screen's bottom) or up:
    /// every frame, moved rows and all, is what a full repaint draws, scroll indicator included.
    @Test(arguments: [ShiftOffset(dx: 3, dy: 4), ShiftOffset(dx: -4, dy: -4)])
    func aScrollAfterAShiftRepaintsAsAFullFrameWould(offset: ShiftOffset) throws {
        var m = try model(Size(width: 800, height: 480))
        #expect(m.scroll.isScrollable)
        m.shift(to: offset)
        let painter = try painter(m)
        let screen = PixelBuffer(size: m.layout.logicalSize), full = PixelBuffer(size: m.layout.logicalSize)
        painter.draw(m, at: 0, into: screen, clip: screen.bounds)
        _ = m.takeDamage(previousFrame: 0, now: 0)
        var t = 0.0, moved = 0, frames = 0
        // A wrong pixel stays until something repaints it: comparing every third frame finds it.
        func frame(compare: Bool = false) {
            let damage = m.takeFrameDamage(previousFrame: t - 1.0 / 60, now: t)
            if damage.move != nil { moved += 1 }
            painter.draw(m, at: t, into: screen, damage: damage)
            frames += 1
            guard compare || frames % 3 == 0 else { return }
            painter.draw(m, at: t, into: full, clip: full.bounds)
            #expect(differing(screen, full) == 0, "frame at \(t) after a shift by \(offset)")
        }
        var y = 400.0
        _ = m.handle(PanelTouch(phase: .down, slot: 0, position: Point(x: 400, y: y)), at: t)
        for _ in 0..<8 {
            t += 1.0 / 60
            y -= 9
            _ = m.handle(PanelTouch(phase: .motion, slot: 0, position: Point(x: 400, y: y)), at: t)
            frame()
        }
        _ = m.handle(PanelTouch(phase: .up, slot: 0, position: Point(x: 400, y: y)), at: t)
        for _ in 0..<24 {
            t += 1.0 / 60
            frame()
        }
        frame(compare: true)
        #expect(moved > 3, "the list's pixels were moved, not repainted")
        // At the end of the list the indicator keeps its inset from the screen's bottom edge.
        m.scroll = m.scroll.resting(at: m.scroll.maxOffset)
        let bar = try #require(m.scrollIndicatorFrame(at: t))
        let screenBottom = m.layout.logicalSize.height - m.layout.metrics.indicatorInset
        #expect(bar.maxY == min(screenBottom, m.layout.viewport.maxY - m.layout.metrics.indicatorInset), "\(bar)")
    }

    /// A tap lands on what is drawn under it: at a row's shifted place it toggles that row; at
    /// a pixel only the row at rest covered it toggles the row now drawn there (the one above).
    @Test func hitTestingFollowsTheShift() throws {
        var m = try model(Size(width: 800, height: 480))
        let rest = m.layout.targets
        m.shift(to: ShiftOffset(dx: 3, dy: 4))
        func tap(_ p: Point, at t: Double) -> [String] {
            _ = m.handle(PanelTouch(phase: .down, slot: 0, position: p), at: t)
            return m.handle(PanelTouch(phase: .up, slot: 0, position: p), at: t + 0.05).valueChanges.map(\.id)
        }
        // hall's row at rest starts right under porch's; 4 px down, its top 4 rows are porch's now.
        #expect(rest[1].frame.minY == rest[0].frame.maxY)
        let hall = m.layout.targets[1].frame
        #expect(tap(hall.center, at: 1) == ["hall"], "the shifted row")
        #expect(tap(Point(x: rest[1].frame.center.x, y: Double(rest[1].frame.minY) + 1), at: 2) == ["porch"],
                "a pixel of hall's row at rest, now porch's")
        // Left of the shifted groups, where the unshifted group began: no row.
        let edge = Point(x: Double(rest[0].frame.minX) + 1, y: m.layout.targets[0].frame.center.y)
        #expect(tap(edge, at: 3) == [], "3 px right: the group's first pixel at rest is now margin")
    }

    @Test func roomOnTheCompactLayoutKeepsTheTitlesTextAndTheBackChevronOnScreen() throws {
        let m = try model(Size(width: 320, height: 240))
        let font = try titleFont(m)
        let room = m.shiftRoom(titleFont: font)
        // A page's back chevron sits half the 8 px margin in.
        #expect(room.left == 4 && room.right == 8, "\(room)")
        let title = try #require(m.layout.titleFrame)
        #expect(room.up == Int((Double(title.height) - font.ascent - font.descent) / 2), "\(room)")
        #expect(room.up < BurnInSettings.defaultMaxShift, "the compact title bar has less room above its text than 4 px: \(room)")
    }

    /// Right to left the back chevron is at the right: the room is the other way round.
    @Test func roomOfAMirroredLayoutIsMirrored() throws {
        let m = try model(Size(width: 320, height: 240), yaml: "direction: rtl\n" + Self.yaml)
        let room = m.shiftRoom(titleFont: try titleFont(m))
        #expect(m.layout.direction == .rtl)
        #expect(room.left == 8 && room.right == 4, "\(room)")
    }
}
