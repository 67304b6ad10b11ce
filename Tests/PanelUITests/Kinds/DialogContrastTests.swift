import Testing
@testable import PanelUI

/// WCAG 2.1 contrast of what buttons add, measured from rendered pixels in every named theme:
/// a dialog's text (title, message, buttons, also pressed) 4.5:1 against its box, the box's
/// edge 3:1 against the dimmed page around it, the spinner 3:1 against its row.
struct DialogContrastTests {
    static let themes = ButtonScenes.themes + ["{base: dark, accent: \"#FF9500\"}", "{pressed: row}"]

    static func shortfalls(theme: String) throws -> [String] {
        typealias S = ButtonScenes
        var short: [String] = []
        func expect(_ ratio: Double, _ needed: Double, _ what: String) {
            if ratio < needed { short.append("\(theme): \(what): \((ratio * 100).rounded() / 100):1, needs \(needed):1") }
        }
        let color = ThemeContrastTests.color, distinct = ThemeContrastTests.mostDistinct
        for pressed in [nil, 0, 1] as [Int?] {
            var model = try S.model(theme: theme)
            S.tap(&model, control: S.erase)
            let d = try #require(model.overlay?.layout)
            if let pressed { _ = model.handle(PanelTouch(phase: .down, slot: 0, position: d.buttons[pressed].center), at: 0) }
            let image = try S.render(model)
            let inside = color(image, d.box.center.x < 0 ? 0 : Int(d.box.center.x), d.titleTop - 4)
            expect(distinct(image, Rect(x: d.box.x, y: d.titleTop, width: d.box.width, height: d.titleLineHeight), inside), 4.5, "title")
            expect(distinct(image, Rect(x: d.box.x, y: d.messageTop, width: d.box.width, height: d.messageLineHeight), inside), 4.5, "message")
            for (i, button) in d.buttons.enumerated() {
                let behind = color(image, button.minX + 3, button.minY + 3)
                expect(distinct(image, button.insetBy(2), behind), 4.5, "button \(i)\(pressed == i ? " pressed" : "")")
            }
            // The box's left edge against the dim just outside it, half way down.
            let y = d.box.center.y < 0 ? 0 : Int(d.box.center.y)
            let edge = Rect(x: d.box.minX, y: y, width: 2, height: 1)
            expect(distinct(image, edge, color(image, d.box.minX - 3, y)), 3, "box edge")
        }
        var busy = try S.model(theme: theme)
        busy.setBusy(true, control: S.restart, since: 0)
        let row = busy.layout.targets[S.target(busy, control: S.restart)]
        let image = try S.render(busy, at: 0.3)
        expect(distinct(image, row.badgeFrame(busy.layout.metrics), color(image, row.frame.maxX - 4, row.frame.centerY)), 3, "spinner")
        return short
    }

    @Test(arguments: themes)
    func dialogsAndSpinnersAreLegible(theme: String) throws {
        let short = try Self.shortfalls(theme: theme)
        #expect(short.isEmpty, "\(short)")
    }
}
