/// Finding what shows in a band of content rows without walking the whole list: sections and
/// their rows are stacked top to bottom, so the first one reaching into the band is found by
/// bisection and the walk stops at the first one below it. A frame of a 100,000-control panel
/// then looks at the dozen rows on screen, not at every row for every band it draws.
extension PanelLayout {
    /// The sections whose header or rows reach into content rows `top..<bottom`
    /// (content coordinates, before scrolling), column after column. Some of them may still
    /// miss a narrower clip. Found as they are walked, so a band drawn asks for them without
    /// building an array.
    public func sectionIndices(reaching top: Int, _ bottom: Int) -> VisibleSections {
        VisibleSections(sections: sections, columns: columns, top: top, bottom: bottom)
    }
}

/// The sections reaching into a band of content rows. Each column is searched on its own:
/// its sections are stacked, the columns side by side. The first section of a column that
/// reaches the band is found by bisection; the walk stops at the first one below it.
public struct VisibleSections: Sequence, IteratorProtocol {
    private let sections: [PanelLayout.Section]
    private let columns: [Range<Int>]
    private let top: Int, bottom: Int
    /// The column being walked (none yet), and its sections `index..<end` still to give.
    private var column = -1
    private var index = 0
    private var end = 0

    init(sections: [PanelLayout.Section], columns: [Range<Int>], top: Int, bottom: Int) {
        self.sections = sections
        self.columns = columns
        self.top = top
        self.bottom = bottom
    }

    public mutating func next() -> Int? {
        while index >= end {
            column += 1
            guard column < columns.count else { return nil }
            let range = columns[column]
            // A header ends where its group starts, so the group's bottom is the section's.
            let top = top
            index = firstIndex(in: sections[range]) { $0.groupFrame.maxY > top }
            end = index
            while end < range.upperBound, sections[end].top < bottom { end += 1 }
        }
        defer { index += 1 }
        return index
    }
}

extension PanelLayout.Section {
    /// Where the section starts: its header, else its group.
    var top: Int { headerFrame?.minY ?? groupFrame.minY }

    /// The rows that reach into content rows `top..<bottom`.
    public func rowIndices(reaching top: Int, _ bottom: Int) -> Range<Int> {
        let first = firstIndex(in: rows[...]) { $0.frame.maxY > top }
        var end = first
        while end < rows.count, rows[end].frame.minY < bottom { end += 1 }
        return first..<end
    }
}

/// The first index whose element satisfies `isPast`, which must be false for a prefix of the
/// elements and true for the rest (`elements.count` when none does).
private func firstIndex<Element>(in elements: ArraySlice<Element>, where isPast: (Element) -> Bool) -> Int {
    var low = elements.startIndex, high = elements.endIndex
    while low < high {
        let middle = (low + high) / 2
        if isPast(elements[middle]) { high = middle } else { low = middle + 1 }
    }
    return low
}
