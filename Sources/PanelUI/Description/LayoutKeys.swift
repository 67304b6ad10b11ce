/// The description's geometry keys: `scale`, `physical_size` and `columns` at the top level,
/// and the check that a label's font fits its row.

/// `columns:` at the top level: how many columns the sections flow into.
public enum ColumnSetting: Equatable, Sendable {
    /// As many as the width allows with each column at least 480 points wide (at most 3).
    case auto
    case fixed(Int)
}

extension Conversion<ScaleSetting> {
    /// `auto`, or a factor from 0.5 to 4.
    static var scale: Self {
        Self { (node, key, context) throws(DescriptionError) in
            if case .scalar(let text, false, _) = node, let setting = ScaleSetting(parsing: text) { return setting }
            throw context.error(node, "'\(key)' must be auto or a number from 0.5 to 4 (2 draws everything twice as large), not \(node.shownInMessage)")
        }
    }
}

extension Conversion<PhysicalSize> {
    /// `[W_mm, H_mm]`: the screen's visible area in millimetres, for `scale: auto`.
    static var physicalSize: Self {
        Self { (node, key, context) throws(DescriptionError) in
            let shape = "[WIDTH, HEIGHT] in millimetres, like [154, 86] for a 7-inch 800x480 panel"
            guard case .sequence(let items, _) = node, items.count == 2 else {
                throw context.error(node, "'\(key)' must be \(shape), not \(node.shownInMessage)")
            }
            var sides: [Double] = []
            for item in items {
                guard case .scalar(let text, false, _) = item, let value = Double(text), value.isFinite, (5...5000).contains(value) else {
                    throw context.error(item, "'\(key)' sides must be millimetres from 5 to 5000, not \(item.shownInMessage)")
                }
                sides.append(value)
            }
            return PhysicalSize(width: sides[0], height: sides[1])
        }
    }
}

extension Conversion<ColumnSetting> {
    /// `auto`, 1, 2 or 3.
    static var columns: Self {
        Self { (node, key, context) throws(DescriptionError) in
            if case .scalar(let text, false, _) = node {
                if text == "auto" { return .auto }
                if let count = Int(text), (1...3).contains(count) { return .fixed(count) }
            }
            throw context.error(node, "'\(key)' must be auto, 1, 2 or 3, not \(node.shownInMessage)")
        }
    }
}

extension Theme {
    /// The largest label font a row of `rowHeight` holds: one line of DejaVu at size S is about
    /// 1.17 S high, and the row keeps 4 points above and below it.
    public static func largestFontSize(rowHeight: Int) -> Int {
        Int((Double(rowHeight - 8) / 1.17).rounded(.down))
    }
}

/// Refuses a label font too big for the row it is drawn in: its text would be clipped across
/// the separators. `node` is where the size was written.
func checkFontFits(_ size: Int, rowHeight: Int, at node: YAMLNode?, fallback: YAMLNode, _ context: DecodingContext) throws(DescriptionError) {
    let largest = Theme.largestFontSize(rowHeight: rowHeight)
    guard size > largest else { return }
    throw context.error(node ?? fallback, "a label font of \(size) px does not fit a row of \(rowHeight) px (at most \(largest)); lower the font size or raise row_height")
}
