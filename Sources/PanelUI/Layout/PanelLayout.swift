/// Where everything of a panel goes, in logical pixels: a vertical settings list in the
/// style of a grouped table. Section headers, then rounded groups of rows; a checkbox or
/// switch is one row, a radio group is a caption row and one row per option. Label left,
/// control right; the whole row is the touch target.
///
/// Layout is a pure function of the description and the logical size, so `panel layout`,
/// the renderer and hit testing all read the same frames.
public struct PanelLayout: Equatable, Sendable {
    public enum RowKind: Equatable, Sendable {
        /// A touch target: a checkbox, a switch, or (with `option`) one option of a radio group.
        case control(index: Int, option: Int?)
        /// The label of a radio group above its options; not touchable.
        case caption(index: Int)
    }

    public struct Row: Equatable, Sendable {
        public var kind: RowKind
        public var label: String
        /// The whole row, and for a control the touch target.
        public var frame: Rect
        /// The drawn widget's box: at the right for a switch, at the left for a checkbox or radio
        /// option (empty for a caption).
        public var controlFrame: Rect
        /// Where the label starts, left edge; the label is centred vertically in `frame`.
        public var labelX: Int
        /// How wide the label may be: up to the switch beside it, or to the row's inset.
        /// Longer labels are cut with an ellipsis.
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
    /// Where the scrolling content shows, in logical pixels.
    public var viewport: Rect
    public var sections: [Section]
    /// The height of everything, title included; more than the screen means the list scrolls.
    public var contentHeight: Int

    /// Touch targets in drawing order: every row that is a control.
    public var targets: [Row]

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
    /// the description and of the layout's own metrics.
    public init(description: PanelDescription, logicalSize: Size, scale: Double = 1) {
        let theme = description.theme
        let m = LayoutMetrics(theme: theme, scale: scale, logicalSize: logicalSize)
        metrics = m
        let contentWidth = max(0, min(logicalSize.width - 2 * m.sideMargin, m.maxContentWidth))
        let contentX = (logicalSize.width - contentWidth) / 2
        let headerHeight = m.headerHeight
        let captionHeight = m.captionHeight
        var y = 0

        self.logicalSize = logicalSize
        if description.title != nil {
            titleFrame = Rect(x: 0, y: 0, width: logicalSize.width, height: m.titleHeight)
            y += m.titleHeight
        } else {
            titleFrame = nil
            y += m.sideMargin
        }

        var sections: [Section] = []
        var controlIndex = 0
        var targetCount = 0
        for section in description.sections {
            var headerFrame: Rect?
            if section.title != nil {
                headerFrame = Rect(x: contentX, y: y, width: contentWidth, height: headerHeight)
                y += headerHeight
            }
            let groupTop = y
            var rows: [Row] = []
            func addRow(_ kind: RowKind, label: String, height: Int, widget: ControlKind?) {
                let frame = Rect(x: contentX, y: y, width: contentWidth, height: height)
                var controlFrame = Rect(x: frame.x + m.rowInset, y: frame.y + height / 2, width: 0, height: 0)
                var labelX = frame.x + m.rowInset
                var labelEnd = frame.maxX - m.rowInset
                if let widget {
                    let size = Self.controlSize(widget, rowHeight: m.rowHeight)
                    let top = frame.y + (height - size.height) / 2
                    switch widget {
                    case .switch:
                        // Settings style: label left, switch right.
                        controlFrame = Rect(x: frame.maxX - m.rowInset - size.width, y: top, width: size.width, height: size.height)
                        labelEnd = controlFrame.minX - m.labelGap
                    case .checkbox, .radio:
                        // Form style, as the checkbox seeds draw it: box first, label beside it.
                        controlFrame = Rect(x: frame.x + m.rowInset, y: top, width: size.width, height: size.height)
                        labelX = controlFrame.maxX + m.labelGap
                    }
                }
                var target: Int?
                if case .control = kind {
                    target = targetCount
                    targetCount += 1
                }
                rows.append(Row(kind: kind, label: label, frame: frame, controlFrame: controlFrame,
                                labelX: labelX, labelWidth: max(0, labelEnd - labelX), hasSeparator: true, target: target,
                                haloMargin: m.haloMargin))
                y += height
            }
            for control in section.controls {
                switch control.kind {
                case .checkbox, .switch:
                    addRow(.control(index: controlIndex, option: nil), label: control.label,
                           height: m.rowHeight, widget: control.kind)
                case .radio:
                    addRow(.caption(index: controlIndex), label: control.label, height: captionHeight, widget: nil)
                    for (option, name) in control.options.enumerated() {
                        addRow(.control(index: controlIndex, option: option), label: name,
                               height: m.rowHeight, widget: .radio)
                    }
                }
                controlIndex += 1
            }
            if !rows.isEmpty { rows[rows.count - 1].hasSeparator = false }
            sections.append(Section(title: section.title, headerFrame: headerFrame,
                                    groupFrame: Rect(x: contentX, y: groupTop, width: contentWidth, height: y - groupTop),
                                    rows: rows))
            y += m.sideMargin
        }
        self.sections = sections
        let top = titleFrame?.maxY ?? 0
        viewport = Rect(x: 0, y: top, width: logicalSize.width, height: max(0, logicalSize.height - top))
        targets = sections.flatMap { $0.rows }.filter { if case .control = $0.kind { return true } else { return false } }
        contentHeight = y
    }

    /// The widget's box for a row of `rowHeight`: sizes follow the row so a taller row
    /// (a panel used with gloves) gets bigger widgets. Proportions are UISwitch's 51x31.
    public static func controlSize(_ kind: ControlKind, rowHeight: Int) -> Size {
        switch kind {
        case .switch:
            let height = (rowHeight + 1) / 2
            return Size(width: (height * 51 + 15) / 31, height: height)
        case .checkbox, .radio:
            // The UIControl checkbox seed's 40x40 box in a 64 px row, growing with the row as the switch does.
            let side = rowHeight * 5 / 8
            return Size(width: side, height: side)
        }
    }

    /// The index in `targets` of the touch target under a content point, if any.
    public func targetIndex(at point: Point) -> Int? {
        targets.firstIndex { $0.frame.contains(point) }
    }
}
