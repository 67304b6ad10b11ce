/// One section's header and rows, laid out from the top of its column: the section is placed
/// (and its column chosen) afterwards, so it is built at x = `x`, y = 0.
extension PanelLayout {
    /// Measures labels for wrapping; without fonts every label is one line, cut by the painter.
    /// Each size's font is looked up once for a layout: `FontCache.font` looks at the font
    /// files on the disk each time (a `stat` each), twice a row for 100,000 rows.
    final class TextSetter {
        let fonts: FontCache?
        let paths: [String]
        private var sized: [Int: Font?] = [:]

        init(fonts: FontCache?, paths: [String]) {
            self.fonts = fonts
            self.paths = paths
        }

        func font(_ size: Int) -> Font? {
            if let known = sized[size] { return known }
            let font = try? fonts?.font(paths: paths, pixelSize: size)
            sized[size] = font
            return font
        }
    }

    static func buildSection(_ section: SectionDescription, firstControl: Int, x: Int, width: Int,
                             metrics m: LayoutMetrics, setter: TextSetter) -> Section {
        var y = 0
        var headerFrame: Rect?
        if section.title != nil {
            headerFrame = Rect(x: x, y: 0, width: width, height: m.headerHeight)
            y += m.headerHeight
        }
        let groupTop = y
        let plans = section.controls.enumerated().map { offset, control in
            (control, control.kind.behavior.rows(of: control, index: firstControl + offset))
        }
        // Every label of the group starts at one x: after the widest leading widget when any row has one.
        let leading = plans.flatMap { control, rows in
            rows.filter { $0.widget == .leading }.map { _ in control.kind.behavior.widgetSize(rowHeight: m.rowHeight).width }
        }.max()
        // Icons stand in a column of their own after the boxes, when any control of the section has one.
        let icon = PanelLayout.iconSize(rowHeight: m.rowHeight)
        let iconX = x + m.rowInset + (leading.map { $0 + m.labelGap } ?? 0)
        let hasIcons = section.controls.contains { $0.icon != nil }
        let labelX = iconX + (hasIcons ? icon + m.labelGap : 0)
        let detailFont = setter.font(m.headerFontSize)
        var rows: [Row] = []
        /// Section-local target numbers (renumbered once the sections are in reading order), given
        /// as rows are added: counting the rows so far for each made a section quadratic in its rows.
        var targetCount = 0
        func addRow(_ kind: RowKind, label: String, detail: String?, fontSize: Int,
                    widget: (placement: WidgetPlacement, side: RowPlan.Side)?, minimumHeight: Int, withIcon: Bool = false,
                    labelShown: Bool = true) {
            var labelEnd = x + width - m.rowInset
            let widgetSize = widget?.placement.size ?? Size(width: 0, height: 0)
            let trailingRoom = widget?.placement.trailing ?? 0
            // A widget too wide to share the label's line goes under it (a slider on a narrow screen).
            let stacked = widget?.placement.stacked ?? false, valueOnLabelLine = widget?.placement.valueOnLabelLine ?? false
            if widget?.side == .trailing {
                labelEnd -= stacked ? (valueOnLabelLine ? (widget?.placement.valueSpan?.count ?? 0) + m.labelGap : 0)
                    : widgetSize.width + m.labelGap + trailingRoom + (widget?.placement.leading ?? 0)
            }
            let labelWidth = max(0, labelEnd - labelX)
            let font = setter.font(fontSize)
            let lines = font.map { LabelWrapping.lines(label, font: $0, width: Double(labelWidth)) } ?? []
            let shownDetail = detail.map { text in detailFont.map { $0.truncated(text, toWidth: Double(labelWidth)) } ?? text }
            let lineHeight = font.map { Int(pixels: $0.lineHeight.rounded(.up)) } ?? Int(pixels: (Double(fontSize) * 1.17).rounded(.up))
            let detailHeight = detail == nil ? 0 : detailFont.map { Int(pixels: $0.lineHeight.rounded(.up)) } ?? m.headerFontSize
            let textHeight = max(1, lines.count) * lineHeight + detailHeight
            let grows = lines.count > 1 || detail != nil
            let height = stacked ? max(minimumHeight, textHeight + widgetSize.height + 3 * m.textPadding)
                : max(minimumHeight, grows ? textHeight + 2 * m.textPadding : 0)
            let labelTop = stacked ? y + m.textPadding : y + (height - textHeight) / 2
            let frame = Rect(x: x, y: y, width: width, height: height)
            var controlFrame = Rect(x: x + m.rowInset, y: y + height / 2, width: 0, height: 0)
            if let widget {
                let top = stacked ? y + height - m.textPadding - widgetSize.height : y + (height - widgetSize.height) / 2
                controlFrame = widget.side == .trailing
                    ? Rect(x: frame.maxX - m.rowInset - trailingRoom - widgetSize.width, y: top, width: widgetSize.width,
                           height: widgetSize.height)
                    : Rect(x: x + m.rowInset, y: top, width: widgetSize.width, height: widgetSize.height)
            }
            var valueFrame = Rect.empty
            if let span = widget?.placement.valueSpan {
                let top = valueOnLabelLine ? labelTop
                    : stacked ? controlFrame.y + (controlFrame.height - lineHeight) / 2 : y + (height - lineHeight) / 2
                valueFrame = Rect(x: controlFrame.x + span.lowerBound, y: top, width: span.count, height: lineHeight)
            }
            var target: Int?
            if case .control = kind {
                target = targetCount
                targetCount += 1
            }
            let labelFrame = Rect(x: labelX, y: labelTop, width: labelWidth, height: textHeight)
            var iconFrame: Rect?
            if withIcon { iconFrame = Rect(x: iconX, y: stacked ? labelTop : y + (height - icon) / 2, width: icon, height: icon) }
            rows.append(Row(kind: kind, label: label, frame: frame, controlFrame: controlFrame, labelX: labelX,
                            labelWidth: labelWidth, hasSeparator: true, target: target, haloMargin: m.haloMargin,
                            labelLines: lines, detail: shownDetail, labelFrame: labelFrame,
                            badgeX: font.map { Self.badgeX(lines: lines, font: $0, labelX: labelX, labelWidth: labelWidth,
                                                           shown: labelShown, metrics: m) },
                            iconFrame: iconFrame, valueFrame: valueFrame, labelOnTop: stacked))
            y += height
        }
        for (offset, (control, rowPlans)) in plans.enumerated() {
            let index = firstControl + offset
            let fontSize = m.pixels(control.labelStyle.fontSize)
            let font = setter.font(fontSize)
            let room = RowRoom(width: width, metrics: m, fontSize: fontSize) { text in
                font.map { Int(pixels: $0.measure(text).rounded(.up)) } ?? Self.estimatedWidth(text, fontSize: fontSize)
            }
            let placement = control.kind.behavior.placement(of: control, in: room)
            for (number, plan) in rowPlans.enumerated() {
                let withIcon = number == 0 && control.icon != nil
                switch plan.role {
                case .caption:
                    addRow(.caption(index: index), label: plan.label, detail: plan.detail, fontSize: m.headerFontSize,
                           widget: nil, minimumHeight: max(m.captionHeight, withIcon ? icon + 2 * m.textPadding : 0), withIcon: withIcon)
                case .display:
                    // The text takes the trailing two fifths, whatever it says: a new text never moves the label.
                    let text = Size(width: (width - 2 * m.rowInset) * 2 / 5, height: m.rowHeight / 2)
                    addRow(.display(index: index), label: plan.label, detail: plan.detail,
                           fontSize: m.pixels(control.labelStyle.fontSize), widget: (WidgetPlacement(size: text), .trailing), minimumHeight: m.rowHeight,
                           withIcon: withIcon)
                case .target(let option):
                    addRow(.control(index: index, option: option), label: plan.label, detail: plan.detail,
                           fontSize: fontSize, widget: plan.widget.map { (placement, $0) },
                           minimumHeight: m.rowHeight, withIcon: withIcon, labelShown: control.labelStyle.isShown)
                }
            }
        }
        if !rows.isEmpty { rows[rows.count - 1].hasSeparator = false }
        return Section(title: section.title, headerFrame: headerFrame,
                       groupFrame: Rect(x: x, y: groupTop, width: width, height: y - groupTop), rows: rows)
    }

    /// A text's width in a font of `fontSize` pixels when the layout has no fonts: wider than
    /// DejaVu Sans draws any character but a few (0.75 em; digits are 0.64).
    static func estimatedWidth(_ text: String, fontSize: Int) -> Int {
        (text.unicodeScalars.count * fontSize * 3 + 3) / 4
    }
}

extension PanelLayout.Section {
    /// The section's height, header included.
    var height: Int { groupFrame.maxY - (headerFrame?.minY ?? groupFrame.minY) }

    /// The same section moved by `dx`, `dy`.
    func offsetBy(dx: Int, dy: Int) -> PanelLayout.Section {
        var moved = self
        moved.headerFrame = headerFrame?.offsetBy(dx: dx, dy: dy)
        moved.groupFrame = groupFrame.offsetBy(dx: dx, dy: dy)
        moved.rows = rows.map { $0.offsetBy(dx: dx, dy: dy) }
        return moved
    }
}

extension PanelLayout.Row {
    /// The same row moved by `dx`, `dy`: every frame, the label's x and the badge's.
    func offsetBy(dx: Int, dy: Int) -> PanelLayout.Row {
        var row = self
        row.frame = frame.offsetBy(dx: dx, dy: dy)
        row.controlFrame = controlFrame.offsetBy(dx: dx, dy: dy)
        row.labelFrame = labelFrame.offsetBy(dx: dx, dy: dy)
        row.iconFrame = iconFrame?.offsetBy(dx: dx, dy: dy)
        row.valueFrame = valueFrame.offsetBy(dx: dx, dy: dy)
        row.labelX += dx
        row.badgeX = badgeX.map { $0 + Double(dx) }
        return row
    }
}
