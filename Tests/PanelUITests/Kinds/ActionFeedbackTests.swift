import Glibc
import Testing
@testable import PanelUI

/// The busy spinner and the failure sheet in the model, on a clock the test moves.
struct ActionFeedbackTests {
    typealias S = ButtonScenes
    var model: PanelModel

    init() throws {
        model = try S.model()
    }

    var restartRow: PanelLayout.Row { model.layout.targets[S.target(model, control: S.restart)] }

    /// Busy from 1.0: nothing shows, repaints or is due before 1.3; at 1.3 the row repaints
    /// once (its label may be cut for the spinner), then only the spinner's box at each step
    /// (eight a second); when the action ends the row repaints once more.
    @Test mutating func theSpinnerShowsOnlyAfterThreeTenthsOfASecond() {
        _ = model.takeDamage(previousFrame: 1, now: 1)
        model.setBusy(true, control: S.restart, since: 1.0)
        #expect(!model.spinnerShows(control: S.restart, at: 1.29))
        #expect(model.spinnerShows(control: S.restart, at: 1.3))
        #expect(model.nextFeedbackChange(after: 1.0) == 1.3)
        #expect(model.takeDamage(previousFrame: 1.0, now: 1.29).isEmpty, "no frame before 0.3 s")
        #expect(!model.isAnimating(at: 1.2) && !model.isAnimating(at: 1.5), "steps are deadlines, not a 60 Hz animation")
        #expect(model.takeDamage(previousFrame: 1.29, now: 1.3) == [restartRow.frame])
        let next = try! #require(model.nextFeedbackChange(after: 1.3))
        #expect(abs(next - 1.425) < 1e-9)
        #expect(model.takeDamage(previousFrame: 1.3, now: 1.4).isEmpty, "the same step")
        #expect(model.takeDamage(previousFrame: 1.4, now: next) == [restartRow.badgeFrame(model.layout.metrics)])
        #expect(model.nextFeedbackChange(after: next)! > next)
        model.setBusy(false, control: S.restart, since: 2.0)
        #expect(model.takeDamage(previousFrame: next, now: 2.0) == [restartRow.frame])
        #expect(model.nextFeedbackChange(after: 2.0) == nil)
    }

    /// An action that ends within 0.3 s never shows the spinner: no repaint at all.
    @Test mutating func aFastActionNeverFlashes() {
        _ = model.takeDamage(previousFrame: 0, now: 0)
        model.setBusy(true, control: S.restart, since: 0)
        model.setBusy(false, control: S.restart, since: 0.2)
        #expect(model.takeDamage(previousFrame: 0, now: 0.5).isEmpty)
        #expect(model.nextFeedbackChange(after: 0.5) == nil)
    }

    /// Busy again while busy (a queued change starting) keeps the first start.
    @Test mutating func aQueuedChangeKeepsTheSpinnerGoing() {
        model.setBusy(true, control: S.restart, since: 0)
        model.setBusy(true, control: S.restart, since: 0.5)
        #expect(model.busyControls[S.restart] == 0)
    }

    /// Each step draws the spinner turned one spoke on; only its box changes.
    @Test mutating func theSpinnerTurns() throws {
        model.setBusy(true, control: S.restart, since: 0)
        let a = try S.render(model, at: 0.3), b = try S.render(model, at: 0.425)
        let box = restartRow.badgeFrame(model.layout.metrics)
        var inside = 0, outside = 0
        for y in 0..<a.height {
            for x in 0..<a.width where a[x, y] != b[x, y] {
                if box.contains(Point(x: Double(x) + 0.5, y: Double(y) + 0.5)) { inside += 1 } else { outside += 1 }
            }
        }
        #expect(inside > 20 && outside == 0, "\(inside) pixels changed in the spinner's box, \(outside) outside")
        let hidden = try S.render(model, at: 0.29), plain = try S.render(try S.model())
        withExtendedLifetime((hidden, plain)) { #expect(Array(hidden.pixels) == Array(plain.pixels), "before 0.3 s the row is as ever") }
    }

    /// The badge's tap target is where the painter draws the badge.
    @Test mutating func theBadgeIsWhereItIsDrawn() throws {
        model.setFailed(true, control: S.erase, reason: "exited with status 1")
        let row = model.layout.targets[S.target(model, control: S.erase)]
        let image = try S.render(model)
        let box = row.badgeFrame(model.layout.metrics)
        var red = 0, stray = 0
        for y in row.frame.minY..<row.frame.maxY {
            for x in row.frame.minX..<row.frame.maxX where image[x, y] & 0xFFFFFF == ErrorBadge.color.xrgb {
                if box.contains(Point(x: Double(x) + 0.5, y: Double(y) + 0.5)) { red += 1 } else { stray += 1 }
            }
        }
        #expect(red > 100 && stray == 0, "\(red) badge pixels in its box, \(stray) outside")
        #expect(row.badgeTarget(model.layout.metrics).width >= 44)
    }

    /// Tapping the badge opens the sheet with the reason; OK closes it; the rest of the row
    /// still presses the button.
    @Test mutating func theBadgeOpensTheFailureSheet() {
        let reason = "exited with status 2 (stderr: no route to host)"
        model.setFailed(true, control: S.restart, reason: reason)
        let row = restartRow
        #expect(S.tap(&model, at: row.badgeFrame(model.layout.metrics).center).isEmpty)
        let sheet = try! #require(model.overlay)
        #expect(sheet.purpose == .failure(control: S.restart) && sheet.roles == [.dismiss])
        #expect(sheet.layout.titleLines == ["Restart the panel"])
        #expect(sheet.layout.messageLines.joined(separator: " ") == "The action \(reason).")
        #expect(sheet.layout.buttonLabels == ["OK"])
        #expect(S.tapDialog(&model, button: 0).isEmpty)
        #expect(model.overlay == nil)
        let far = Point(x: Double(row.frame.maxX - 20), y: row.frame.center.y)
        S.tap(&model, at: far)
        #expect(model.overlay?.purpose == .confirm(control: S.restart, value: nil), "off the badge: the button, which asks")
    }

    /// A finger that goes down on the badge and scrolls away opens nothing.
    @Test mutating func aFingerMovedOffTheBadgeOpensNothing() {
        model.setFailed(true, control: S.restart, reason: "timed out after 5 s")
        let p = restartRow.badgeFrame(model.layout.metrics).center
        _ = model.handle(PanelTouch(phase: .down, slot: 0, position: p), at: 0)
        _ = model.handle(PanelTouch(phase: .motion, slot: 0, position: Point(x: p.x + 60, y: p.y)), at: 0.1)
        _ = model.handle(PanelTouch(phase: .up, slot: 0, position: Point(x: p.x + 60, y: p.y)), at: 0.1)
        #expect(model.overlay == nil)
    }

    /// Reasons are kept bounded, and cleared with the mark.
    @Test mutating func reasonsAreBounded() {
        model.setFailed(true, control: S.flush, reason: String(repeating: "x", count: 5000))
        #expect(model.failureReasons[S.flush]?.count == PanelOverlay.longestReason)
        #expect(model.failureReasons[S.flush]?.hasSuffix("…") == true)
        model.setFailed(false, control: S.flush)
        #expect(model.failureReasons[S.flush] == nil)
        model.setFailed(true, control: S.flush)
        let row = model.layout.targets[S.target(model, control: S.flush)]
        S.tap(&model, at: row.badgeFrame(model.layout.metrics).center)
        #expect(model.overlay?.layout.messageLines == ["The action failed."])
    }

    /// A sheet's text is set and drawn after the font was truncated under the panel: glyphs
    /// not cached yet are left out, the failure is said once, and the frame is drawn.
    @Test func aSheetDrawnWithATruncatedFontLeavesGlyphsOut() throws {
        let copy = TemporaryFile("sheet-font.ttf")
        writeBytes(try #require(readBytes(dejaVuSans)), to: copy.path)
        let yaml = S.yaml().replacing("theme: light", with: "theme: {font: \(copy.path)}")
        let description = try PanelDescription.parse(yaml, file: "buttons.yml", fileExists: { _ in true })
        let fonts = FontCache()
        var reports: [String] = []
        fonts.report = { reports.append($0) }
        let size = Size(width: 800, height: 480)
        var model = PanelModel(description: description, layout: PanelLayout(description: description, logicalSize: size, fonts: fonts),
                               fonts: fonts)
        let painter = try PanelPainter(description: description, fonts: fonts)
        let buffer = PixelBuffer(size: size)
        painter.draw(model, at: 0, into: buffer, clip: buffer.bounds)
        #expect(truncate(copy.path, 1000) == 0)
        model.setFailed(true, control: S.flush, reason: "exited with status 9 (stderr: QZJXK)")
        let row = model.layout.targets[S.target(model, control: S.flush)]
        S.tap(&model, at: row.badgeFrame(model.layout.metrics).center)
        #expect(model.overlay != nil)
        painter.draw(model, at: 0, into: buffer, clip: buffer.bounds)
        #expect(reports.count == 1 && reports[0].contains("shorter than when panel opened it"), "\(reports)")
    }
}
