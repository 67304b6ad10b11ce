import CFriBidi
import CHarfBuzz

/// A stretch of a string shaped as one: the same font of the stack, the same bidi level and
/// the same script. `start` and `count` are in Unicode scalars.
struct TextRun: Equatable {
    var start: Int
    var count: Int
    var face: Int
    var level: UInt8
    var script: UInt32

    var rightToLeft: Bool { level & 1 == 1 }
}

/// Splitting text into runs and putting them in visual order: bidi levels from FriBidi, the
/// font of each grapheme cluster from the stack's coverage, the script from HarfBuzz's
/// Unicode tables; then rule L2 of UAX #9 (reverse every sequence at or above each odd level).
enum TextRuns {
    /// The scalars of `text` as UTF-32, which both FriBidi and HarfBuzz take.
    static func scalars(_ text: String) -> [UInt32] {
        text.unicodeScalars.map(\.value)
    }

    /// The bidi embedding level of each scalar (the paragraph direction from `direction`, else
    /// from the first strong character).
    /// Text with nothing right-to-left in it, in a paragraph not forced RTL, is all level 0
    /// without asking FriBidi.
    static func levels(_ scalars: [UInt32], direction: TextDirection?) -> [UInt8] {
        if direction != .rtl, !scalars.contains(where: { $0 >= 0x0590 }) {
            return [UInt8](repeating: 0, count: scalars.count)
        }
        let count = scalars.count
        guard count > 0 else { return [] }
        var types = [FriBidiCharType](repeating: FriBidiCharType(rawValue: 0), count: count)
        var brackets = [FriBidiBracketType](repeating: 0, count: count)
        var levels = [FriBidiLevel](repeating: 0, count: count)
        var base: FriBidiParType
        switch direction {
        case .ltr: base = cfribidi_par_ltr()
        case .rtl: base = cfribidi_par_rtl()
        case nil: base = cfribidi_par_on()
        }
        scalars.withUnsafeBufferPointer { text in
            fribidi_get_bidi_types(text.baseAddress, FriBidiStrIndex(count), &types)
            fribidi_get_bracket_types(text.baseAddress, FriBidiStrIndex(count), types, &brackets)
        }
        let result = fribidi_get_par_embedding_levels_ex(types, brackets, FriBidiStrIndex(count), &base, &levels)
        guard result != 0 else { return [UInt8](repeating: direction == .rtl ? 1 : 0, count: count) }
        return levels.map { UInt8(bitPattern: $0) }
    }

    /// The runs of `text` in logical order. `face` picks the font of a grapheme cluster (given
    /// the cluster and the face of the cluster before it, nil at the start).
    static func logicalRuns(_ text: String, levels: [UInt8], face: (Character, Int?) -> Int) -> [TextRun] {
        let common = UInt32(HB_SCRIPT_COMMON.rawValue)
        let unicode = hb_unicode_funcs_get_default()
        var runs: [TextRun] = []
        var index = 0
        var previousFace: Int?
        for character in text {
            let clusterFace = face(character, previousFace)
            previousFace = clusterFace
            for scalar in character.unicodeScalars {
                let own = hb_unicode_script(unicode, scalar.value).rawValue
                let neutral = own == common || own == HB_SCRIPT_INHERITED.rawValue || own == HB_SCRIPT_UNKNOWN.rawValue
                let level = index < levels.count ? levels[index] : 0
                if var last = runs.last, last.face == clusterFace, last.level == level,
                   neutral || last.script == common || last.script == own {
                    last.count += 1
                    if !neutral { last.script = own }
                    runs[runs.count - 1] = last
                } else {
                    runs.append(TextRun(start: index, count: 1, face: clusterFace, level: level, script: neutral ? common : own))
                }
                index += 1
            }
        }
        return runs
    }

    /// `runs` (logical order) left to right as drawn: each maximal sequence of runs at or above
    /// a level reversed, from the highest level down to the lowest odd one.
    static func visualOrder(_ runs: [TextRun]) -> [TextRun] {
        guard let highest = runs.map(\.level).max(), highest > 0 else { return runs }
        let lowestOdd = (runs.map(\.level).min() ?? 0) | 1
        var order = runs
        var level = highest
        while level >= lowestOdd {
            var i = 0
            while i < order.count {
                guard order[i].level >= level else { i += 1; continue }
                var end = i
                while end < order.count, order[end].level >= level { end += 1 }
                order[i..<end].reverse()
                i = end
            }
            level -= 1
        }
        return order
    }
}
