/// Which way a panel reads: left to right, or right to left (Hebrew, Arabic, …), where the
/// layout is mirrored as iOS mirrors its lists.
public enum LayoutDirection: String, Equatable, Sendable {
    case leftToRight = "ltr"
    case rightToLeft = "rtl"

    public var isRightToLeft: Bool { self == .rightToLeft }
}

/// `direction:` in a description (and `--direction`): a fixed direction, or `auto` to take it
/// from the text the panel shows.
public enum DirectionSetting: String, Equatable, Sendable, CaseIterable {
    case auto, ltr, rtl
}

/// The first strong character of a text, as the Unicode bidirectional algorithm's rule P2
/// finds a paragraph's direction, from a compact table: a letter in one of the right-to-left
/// scripts' blocks (bidi classes R and AL) is right to left, any other letter left to right;
/// digits, punctuation, spaces, symbols and marks are not strong and are passed over. The
/// marks LRM, RLM and ALM are strong too, so a text can say which way it reads.
public enum FirstStrong {
    /// The blocks of the scripts written right to left: Hebrew, Arabic, Syriac, Thaana, NKo,
    /// Samaritan, Mandaic and Arabic's extensions; the Hebrew and Arabic presentation forms;
    /// the historic scripts of the SMP from Cypriot to Old Uyghur (Phoenician, Kharoshthi,
    /// Avestan, Hanifi Rohingya, Yezidi, Sogdian, …); Mende Kikakui, Adlam and the Arabic
    /// mathematical letters.
    static let rightToLeftBlocks: [ClosedRange<UInt32>] = [
        0x0590...0x08FF,
        0xFB1D...0xFDFF,
        0xFE70...0xFEFF,
        0x10800...0x10FFF,
        0x1E800...0x1EFFF,
    ]

    /// The direction of the first strong character of `text`; nil when it has none.
    public static func direction(of text: String) -> LayoutDirection? {
        for scalar in text.unicodeScalars {
            if let direction = direction(of: scalar) { return direction }
        }
        return nil
    }

    /// The direction of the first text of `texts` that has a strong character.
    public static func direction(ofFirstIn texts: some Sequence<String>) -> LayoutDirection? {
        for text in texts {
            if let direction = direction(of: text) { return direction }
        }
        return nil
    }

    /// Right to left or left to right for a strong character, nil for any other.
    public static func direction(of scalar: Unicode.Scalar) -> LayoutDirection? {
        switch scalar.value {
        case 0x200E: return .leftToRight  // LEFT-TO-RIGHT MARK
        case 0x200F, 0x061C: return .rightToLeft  // RIGHT-TO-LEFT MARK, ARABIC LETTER MARK
        default: break
        }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter:
            let value = scalar.value
            return rightToLeftBlocks.contains { $0.contains(value) } ? .rightToLeft : .leftToRight
        default:
            return nil
        }
    }
}

extension PanelDescription {
    /// The direction of the first strong character the panel shows, in description order: the
    /// title, then each section's title and each control's label and options, a page's own
    /// sections after its row. Stops at the first, so a long panel is read only that far.
    func firstStrongDirection() -> LayoutDirection? {
        func search(_ sections: [SectionDescription]) -> LayoutDirection? {
            for section in sections {
                if let title = section.title, let found = FirstStrong.direction(of: title) { return found }
                for control in section.controls {
                    if let found = FirstStrong.direction(ofFirstIn: [control.label] + control.options) { return found }
                    if let page = control.page, let found = search(page) { return found }
                }
            }
            return nil
        }
        return title.flatMap { FirstStrong.direction(of: $0) } ?? search(sections)
    }

    /// The direction the panel is laid out in: `direction:` (or `--direction` set over it),
    /// `auto` taking the first strong character of the title and labels (left to right without one).
    public var layoutDirection: LayoutDirection {
        switch direction {
        case .ltr: .leftToRight
        case .rtl: .rightToLeft
        case .auto: firstStrongDirection() ?? .leftToRight
        }
    }
}

extension PanelDescription {
    /// Why the panel reads the way it does, for the start log: `override` is true when
    /// `--direction` set `direction`.
    public func directionReason(override: Bool) -> String {
        switch direction {
        case .ltr, .rtl: return override ? "--direction" : "direction:"
        case .auto:
            switch firstStrongDirection() {
            case .rightToLeft?: return "auto: the first letter of the title and labels is right to left"
            case .leftToRight?: return "auto: the first letter of the title and labels is left to right"
            case nil: return "auto: no letter in the title and labels"
            }
        }
    }
}
