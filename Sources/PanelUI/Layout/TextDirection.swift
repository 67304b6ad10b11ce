import CFriBidi

/// Which way a panel or a paragraph of text reads: left to right, or right to left (Hebrew,
/// Arabic, …), where a panel's layout is mirrored as iOS mirrors its lists. Text drawn without
/// one takes its first strong character's (`FirstStrong`); an RTL panel passes `.rtl` so a label
/// starting with a Latin word still reads right to left.
public enum TextDirection: String, Hashable, Sendable {
    case ltr, rtl

    public var isRightToLeft: Bool { self == .rtl }
}

/// `direction:` in a description (and `--direction`): a fixed direction, or `auto` to take it
/// from the text the panel shows.
public enum DirectionSetting: String, Equatable, Sendable, CaseIterable {
    case auto, ltr, rtl
}

/// The first strong character of a text, as rule P2 of the Unicode bidirectional algorithm
/// finds a paragraph's direction (FriBidi's, the one that orders the text too): a letter of a
/// right-to-left script (bidi classes R and AL) is right to left, other letters left to right;
/// digits, punctuation, spaces, symbols and marks are passed over, and so is what an isolate
/// holds. The marks LRM, RLM and ALM are strong, so a text can say which way it reads.
public enum FirstStrong {
    /// The direction of the first strong character of `text`; nil when it has none.
    public static func direction(of text: String) -> TextDirection? {
        let scalars = TextRuns.scalars(text)
        guard !scalars.isEmpty else { return nil }
        var types = [FriBidiCharType](repeating: FriBidiCharType(rawValue: 0), count: scalars.count)
        scalars.withUnsafeBufferPointer { text in
            fribidi_get_bidi_types(text.baseAddress, FriBidiStrIndex(scalars.count), &types)
        }
        let paragraph = fribidi_get_par_direction(types, FriBidiStrIndex(scalars.count))
        if paragraph == cfribidi_par_rtl() { return .rtl }
        if paragraph == cfribidi_par_ltr() { return .ltr }
        return nil
    }

    /// The direction of the first text of `texts` that has a strong character.
    public static func direction(ofFirstIn texts: some Sequence<String>) -> TextDirection? {
        for text in texts {
            if let direction = direction(of: text) { return direction }
        }
        return nil
    }
}

extension PanelDescription {
    /// The direction of the first strong character the panel shows, in description order: the
    /// title, then each section's title and each control's label and options, a page's own
    /// sections after its row. Stops at the first, so a long panel is read only that far.
    func firstStrongDirection() -> TextDirection? {
        func search(_ sections: [SectionDescription]) -> TextDirection? {
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
    public var layoutDirection: TextDirection {
        switch direction {
        case .ltr: .ltr
        case .rtl: .rtl
        case .auto: firstStrongDirection() ?? .ltr
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
            case .rtl?: return "auto: the first letter of the title and labels is right to left"
            case .ltr?: return "auto: the first letter of the title and labels is left to right"
            case nil: return "auto: no letter in the title and labels"
            }
        }
    }
}
