import Testing
@testable import PanelUI

/// The README's picture of every widget and state: what integrators see first, so it is a
/// golden like any other and can't drift from what the painters draw.
struct GalleryGoldenTests {
    static let font = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    static let accent = Color(rgb: 0x007AFF)
    static let width = 760
    static let margin = 16

    /// Draws cards of captioned widgets down the page.
    final class Page {
        let buffer: PixelBuffer
        let canvas: Canvas
        let title: Font, label: Font, caption: Font
        var y = GalleryGoldenTests.margin

        init(height: Int, fonts: FontCache) throws {
            buffer = PixelBuffer(width: GalleryGoldenTests.width, height: height, fill: 0xF2F2F7)
            canvas = Canvas(buffer: buffer)
            title = try fonts.font(path: GalleryGoldenTests.font, pixelSize: 15)
            label = try fonts.font(path: GalleryGoldenTests.font, pixelSize: 14)
            caption = try fonts.font(path: GalleryGoldenTests.font, pixelSize: 12)
        }

        /// A section header and a white card `height` high; `content` gets the card's left and top.
        func card(_ header: String, height: Int, _ content: (Int, Int) -> Void) {
            canvas.drawText(header, font: title, origin: Point(x: Double(margin + 12), y: Double(y + 16)), color: Color(rgb: 0x6D6D72))
            y += 26
            let card = RectF(x: Double(margin), y: Double(y), width: Double(width - 2 * margin), height: Double(height))
            canvas.fillRoundedRect(card, radius: 10, color: .white)
            content(margin + 16, y + 14)
            y += height + 14
        }

        func text(_ s: String, font: Font, x: Double, baseline: Int, color: Color = Color(rgb: 0x1C1C1E)) {
            canvas.drawText(s, font: font, origin: Point(x: x.rounded(), y: Double(baseline)), color: color)
        }

        /// A caption centred under `frame`.
        func caption(_ s: String, under frame: Rect) {
            let x = Double(frame.x) + (Double(frame.width) - caption.measure(s)) / 2
            text(s, font: caption, x: x, baseline: frame.maxY + 17, color: Color(rgb: 0x6D6D72))
        }
    }

    func checkbox(_ boxType: BoxType = .square, _ animation: CheckboxAnimation = .stroke, _ edit: (inout CheckboxStyle) -> Void = { _ in }) -> CheckboxPainter {
        var style = CheckboxStyle.standard(boxType: boxType, accent: Self.accent)
        style.onAnimation = animation
        style.offAnimation = animation
        edit(&style)
        return CheckboxPainter(style: style)
    }

    @Test func gallery() throws {
        let fonts = FontCache()
        let page = try Page(height: 780, fonts: fonts)
        let box = 32, onnesses = [0, 0.25, 0.5, 0.75, 1.0]

        page.card("Checkbox and radio animations, turning on (onness 0 · 0.25 · 0.5 · 0.75 · 1)", height: 6 * 44 + 6) { left, top in
            for (row, animation) in CheckboxAnimation.allCases.enumerated() {
                let y = top + row * 44
                page.text(animation.rawValue, font: page.label, x: Double(left), baseline: y + 21)
                for (group, boxType) in [BoxType.square, .circle].enumerated() {
                    for (column, onness) in onnesses.enumerated() {
                        let frame = Rect(x: left + 120 + group * 300 + column * 52, y: y, width: box, height: box)
                        checkbox(boxType, animation).draw(in: page.canvas, frame: frame, onness: onness, turningOn: true)
                    }
                }
            }
        }

        let on = try FixtureImages.load("checkbox-on"), off = try FixtureImages.load("checkbox-off")
        page.card("Checkboxes and radio options", height: 96) { left, top in
            let items: [(String, CheckboxPainter, Double, Bool)] = [
                ("off", checkbox(), 0, true), ("on", checkbox(), 1, true),
                ("radio", checkbox(.circle), 1, true), ("disabled", checkbox(), 1, false),
                ("hide_box", checkbox { $0.hideBox = true }, 1, true),
                ("colours", checkbox { $0.tintColor = Color(rgb: 0xFF3B30); $0.onTintColor = Color(rgb: 0x248A3D)
                    $0.onFillColor = Color(rgb: 0xB8F0C4); $0.onCheckColor = Color(rgb: 0x145C28); $0.boxFillColor = Color(rgb: 0xFFF4C2) }, 1, true),
                ("clear fill", checkbox(.circle) { $0.onFillColor = .clear; $0.onCheckColor = Self.accent }, 1, true),
                ("line 4", checkbox { $0.lineWidth = 4 }, 0, true),
                ("image off", CheckboxPainter(style: checkbox().style, onImage: on, offImage: off), 0, true),
                ("image on", CheckboxPainter(style: checkbox().style, onImage: on, offImage: off), 1, true),
            ]
            for (i, (name, painter, onness, enabled)) in items.enumerated() {
                let frame = Rect(x: left + 8 + i * 68, y: top + 12, width: box, height: box)
                let cell = Rect(x: frame.x - 18, y: frame.y, width: box + 36, height: box)
                if enabled {
                    painter.draw(in: page.canvas, frame: frame, onness: onness, turningOn: true)
                } else {
                    // As the panel painter fades a disabled widget: made legible for the fade first.
                    let faded = CheckboxPainter(style: painter.style.legible(fadedTo: PanelPainter.disabledOpacity, over: .white))
                    page.canvas.drawLayer(frame, opacity: PanelPainter.disabledOpacity) { faded.draw(in: $0, frame: $1, onness: onness, turningOn: true) }
                }
                page.caption(name, under: cell)
            }
        }

        let trackOn = try FixtureImages.load("switch-on"), trackOff = try FixtureImages.load("switch-off")
        let thumb = try FixtureImages.load("switch-thumb")
        let standard = SwitchPainter(style: .standard(accent: Self.accent))
        let pictures = SwitchPainter(style: .standard(accent: Self.accent), onImage: trackOn, offImage: trackOff, thumbImage: thumb)
        let colours = SwitchPainter(style: SwitchStyle(onTintColor: Color(rgb: 0x34C759), tintColor: Color(rgb: 0x636366), thumbColor: Color(rgb: 0xFFD60A)))
        page.card("Switches", height: 96) { left, top in
            let items: [(String, SwitchPainter, Double, Bool, Bool)] = [
                ("off", standard, 0, false, true), ("half way", standard, 0.5, false, true), ("on", standard, 1, false, true),
                ("pressed", standard, 0, true, true), ("disabled", standard, 1, false, false),
                ("colours", colours, 1, false, true), ("images off", pictures, 0, false, true), ("images on", pictures, 1, false, true),
            ]
            let size = SwitchPainter.intrinsicSize(rowHeight: 64)
            for (i, (name, painter, position, pressed, enabled)) in items.enumerated() {
                let frame = Rect(x: left + 8 + i * 84, y: top + 12, width: size.width, height: size.height)
                if enabled {
                    painter.draw(in: page.canvas, frame: frame, position: position, pressed: pressed)
                } else {
                    let faded = SwitchPainter(style: painter.style.legible(fadedTo: PanelPainter.disabledOpacity, over: .white))
                    page.canvas.drawLayer(frame, opacity: PanelPainter.disabledOpacity) { faded.draw(in: $0, frame: $1, position: position, pressed: pressed) }
                }
                page.caption(name, under: frame)
            }
        }

        page.card("At 2x: a 128 px row", height: 140) { left, top in
            let big = SwitchPainter.intrinsicSize(rowHeight: 128)
            let items: [(String, (Canvas, Rect) -> Void, Size)] = [
                ("bounce, half way", { checkbox(.square, .bounce) { $0.lineWidth = 4 }.draw(in: $0, frame: $1, onness: 0.5, turningOn: true) }, Size(width: 64, height: 64)),
                ("stroke, 0.75", { checkbox(.circle, .stroke) { $0.lineWidth = 4 }.draw(in: $0, frame: $1, onness: 0.75, turningOn: true) }, Size(width: 64, height: 64)),
                ("on", { checkbox { $0.lineWidth = 4 }.draw(in: $0, frame: $1, onness: 1, turningOn: true) }, Size(width: 64, height: 64)),
                ("pressed, half way", { standard.draw(in: $0, frame: $1, position: 0.5, pressed: true) }, big),
                ("on", { standard.draw(in: $0, frame: $1, position: 1, pressed: false) }, big),
            ]
            var x = left + 32
            for (name, draw, size) in items {
                let frame = Rect(x: x, y: top + 14, width: size.width, height: size.height)
                draw(page.canvas, frame)
                page.caption(name, under: Rect(x: frame.x - 30, y: frame.y, width: size.width + 60, height: size.height))
                x += size.width + 52
            }
        }
        #expect(page.y <= page.buffer.height)
        expectGolden(page.buffer, named: "gallery")
    }
}
