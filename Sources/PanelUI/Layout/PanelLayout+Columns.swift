/// Wide screens: sections flow into columns, whole (a section is never split), in reading
/// order (down the first column, then the next), balanced so the tallest column is as short
/// as the order allows.
extension PanelLayout {
    /// The most columns `auto` makes.
    public static let maxColumns = 3

    /// How many columns `setting` gives on a screen `width` pixels wide with `sectionCount` sections.
    static func columnCount(_ setting: ColumnSetting, width: Int, metrics m: LayoutMetrics, sectionCount: Int) -> Int {
        let wanted: Int
        switch setting {
        case .fixed(let count):
            wanted = count
        case .auto:
            // Each column at least 480 points wide, gaps and margins left out.
            let room = width - 2 * m.sideMargin + m.sideMargin
            wanted = max(1, min(maxColumns, room / max(1, m.minColumnWidth + m.sideMargin)))
        }
        return max(1, min(wanted, sectionCount))
    }

    /// Cuts `heights` (in order) into at most `count` runs, the tallest run as short as can be:
    /// the start index of each run.
    static func balancedRuns(_ heights: [Int], count: Int) -> [Int] {
        guard count > 1, heights.count > 1 else { return [0] }
        func runs(limit: Int) -> [Int] {
            var starts = [0], sum = 0
            for (index, height) in heights.enumerated() {
                if sum + height > limit, sum > 0 {
                    starts.append(index)
                    sum = 0
                }
                sum += height
            }
            return starts
        }
        // The smallest limit that needs no more than `count` runs, by bisection.
        var low = heights.max() ?? 0, high = heights.reduce(0, +)
        while low < high {
            let middle = (low + high) / 2
            if runs(limit: middle).count <= count { high = middle } else { low = middle + 1 }
        }
        return runs(limit: low)
    }
}
