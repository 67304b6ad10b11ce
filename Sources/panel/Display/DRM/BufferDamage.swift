import PanelUI

/// Which logical rectangles each scanout buffer still lacks.
///
/// With two buffers, the back buffer last received a frame two frames ago: it misses the
/// damage drawn into the other buffer since. So every frame's damage is recorded as
/// missing from the other buffers and copied into each with its own next frame; a buffer
/// never drawn into misses everything.
struct BufferDamage {
    private var missing: [[Rect]]
    private let full: Rect
    /// Past this many rectangles a buffer's list becomes their bounding box: cheaper to copy a little more.
    static let maximumRectangles = 16

    init(buffers: Int, full: Rect) {
        self.full = full
        missing = Array(repeating: [full], count: buffers)
    }

    /// The rectangles to copy into `buffer` for a frame with `damage`.
    mutating func take(for buffer: Int, damage: [Rect]) -> [Rect] {
        let rects = Self.simplified(missing[buffer] + damage)
        missing[buffer] = []
        for other in missing.indices where other != buffer {
            missing[other] = Self.simplified(missing[other] + damage)
        }
        return rects
    }

    /// After a modeset or a lost output: every buffer needs the whole frame again.
    mutating func invalidateAll() {
        for index in missing.indices { missing[index] = [full] }
    }

    /// Drops empty rectangles and those inside another; collapses long lists to one box.
    static func simplified(_ rects: [Rect]) -> [Rect] {
        var kept: [Rect] = []
        for (index, rect) in rects.enumerated() where !rect.isEmpty {
            let covered = rects.enumerated().contains { other, candidate in
                other != index && candidate.contains(rect) && (candidate != rect || other < index)
            }
            if !covered { kept.append(rect) }
        }
        guard kept.count > maximumRectangles else { return kept }
        return [kept.dropFirst().reduce(kept[0]) { $0.union($1) }]
    }
}
