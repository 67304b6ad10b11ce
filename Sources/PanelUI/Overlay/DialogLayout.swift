/// Where a dialog's parts go on screen (logical pixels), after UIAlertController: a rounded
/// box in the middle of the screen, its title and message centred in it, and a row of one or
/// two buttons across its bottom under a hairline (two split by another).
public struct DialogLayout: Equatable, Sendable {
    public var box: Rect
    public var cornerRadius: Double
    public var titleLines: [String]
    public var messageLines: [String]
    /// The top of the title's first line and of the message's, and their line heights.
    public var titleTop: Int
    public var messageTop: Int
    public var titleLineHeight: Int
    public var messageLineHeight: Int
    /// The width the text is set to, centred in the box.
    public var textWidth: Int
    /// In the order of the labels given: left to right side by side, or, when a label is too
    /// long for half the box, stacked with the first at the bottom (UIKit's Cancel).
    public var buttons: [Rect]
    public var buttonLabels: [String]
    /// The hairlines over the buttons and between them.
    public var separators: [Rect]

    /// The points of UIAlertController's alert, grown with this panel's larger text (its 20 px
    /// label against UIKit's 17 pt).
    static let width = 300.0, padding = 20.0, sideInset = 16.0, titleGap = 4.0, buttonHeight = 52.0, radius = 14.0
    static let maxTitleLines = 2, maxMessageLines = 6

    /// Lays out a dialog on a screen of `screen` logical pixels. Without `fonts`, each text is
    /// one line (the painter cuts it to the width) of an estimated height.
    public init(title: String, message: String, buttons labels: [String], screen: Size, metrics m: LayoutMetrics,
                fonts: DialogFonts?) {
        func px(_ points: Double) -> Int { Int(pixels: (points * m.scale).rounded()) }
        let width = max(0, min(px(Self.width), screen.width - 2 * m.sideMargin))
        let textWidth = max(0, width - 2 * px(Self.sideInset))
        self.textWidth = textWidth
        func lineHeight(_ font: Font?, size: Int) -> Int {
            font.map { Int(pixels: $0.lineHeight.rounded(.up)) } ?? Int(pixels: (Double(size) * 1.17).rounded(.up))
        }
        titleLineHeight = lineHeight(fonts?.label, size: m.fontSize)
        messageLineHeight = lineHeight(fonts?.message, size: m.headerFontSize)
        let buttonHeight = max(px(Self.buttonHeight), px(Double(LayoutMetrics.minimumRowHeight)))
        let count = max(1, labels.count)
        let labelRoom = { (columns: Int) in Double(width / columns - 2 * px(8)) }
        let stacked = count > 1 && fonts.map { fonts in labels.contains { fonts.label.measure($0) > labelRoom(count) } } ?? false
        let rows = stacked ? count : 1
        let fixed = 2 * px(Self.padding) + px(Self.titleGap) + rows * (m.hairline + buttonHeight)
        titleLines = fonts.map { TextLines.wrap(title, font: $0.label, width: Double(textWidth), maxLines: Self.maxTitleLines) } ?? [title]
        // As many message lines as the screen has room for, up to six.
        let room = screen.height - 2 * m.sideMargin - fixed - titleLines.count * titleLineHeight
        let fitting = max(1, min(Self.maxMessageLines, room / max(1, messageLineHeight)))
        messageLines = message.isEmpty ? []
            : fonts.map { TextLines.wrap(message, font: $0.message, width: Double(textWidth), maxLines: fitting) } ?? [message]
        let height = fixed + titleLines.count * titleLineHeight + messageLines.count * messageLineHeight
        let box = Rect(x: (screen.width - width) / 2, y: max(0, (screen.height - height) / 2), width: width, height: height)
        self.box = box
        cornerRadius = Self.radius * m.scale
        titleTop = box.y + px(Self.padding)
        messageTop = titleTop + titleLines.count * titleLineHeight + px(Self.titleGap)
        let row = m.hairline + buttonHeight
        if stacked {
            // Each its own row under a hairline, the first (Cancel) at the bottom.
            buttons = (0..<count).map { i in
                Rect(x: box.x, y: box.maxY - (i + 1) * row + m.hairline, width: box.width, height: buttonHeight)
            }
            separators = buttons.map { Rect(x: box.x, y: $0.y - m.hairline, width: box.width, height: m.hairline) }
        } else {
            let buttonTop = box.maxY - row
            var separators = [Rect(x: box.x, y: buttonTop, width: box.width, height: m.hairline)]
            buttons = (0..<count).map { i in
                let left = box.x + box.width * i / count, right = box.x + box.width * (i + 1) / count
                let inset = i == 0 ? 0 : m.hairline
                return Rect(x: left + inset, y: buttonTop + m.hairline, width: right - left - inset, height: buttonHeight)
            }
            for i in 1..<count {
                separators.append(Rect(x: box.x + box.width * i / count, y: buttonTop, width: m.hairline, height: row))
            }
            self.separators = separators
        }
        let buttonFont = fonts?.label
        let labelWidth = labelRoom(stacked ? 1 : count)
        buttonLabels = labels.map { label in buttonFont.map { $0.truncated(label, toWidth: labelWidth) } ?? label }
    }

    /// The button under a point, if any.
    public func button(at point: Point) -> Int? {
        buttons.firstIndex { $0.contains(point) }
    }
}

extension DialogLayout {
    /// The dialog of a right-to-left panel: side-by-side buttons run from the right (Cancel at
    /// the right, as iOS mirrors its alerts) with their hairline; centred text and stacked
    /// buttons stay.
    func mirrored() -> DialogLayout {
        var mirrored = self
        func flip(_ r: Rect) -> Rect { Rect(x: box.x + box.maxX - r.maxX, y: r.y, width: r.width, height: r.height) }
        mirrored.buttons = buttons.map(flip)
        mirrored.separators = separators.map(flip)
        return mirrored
    }
}
