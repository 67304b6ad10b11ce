/// Text that needs nothing of a shaper beyond the character map, advances and pair kerning:
/// left-to-right letters of one of Latin, Greek or Cyrillic (the scripts a face with a kern
/// table sets as FreeType did, see `FontFace.shape`), with digits, punctuation and symbols
/// between them; no combining marks, joiners, bidi or other format characters, nothing right
/// to left, no second script (HarfBuzz shapes each script's run apart, so no kerning across).
/// Most labels of a Latin panel are such text; `FontFace.shapeSimple` sets them without
/// HarfBuzz, to the same glyphs and pens.
enum SimpleText {
    /// The script a simple letter belongs to.
    private enum Script { case latin, greek, cyrillic }

    static func isSimple(_ scalars: [UInt32]) -> Bool {
        var script: Script?
        for value in scalars {
            guard value >= 0x20, value != 0x7F else { return false }
            let own: Script?
            switch value {
            case 0x0000..<0x0370, 0x1E00..<0x1F00: own = .latin
            case 0x03E2...0x03EF: return false    // Coptic letters in the Greek block
            case 0x0370..<0x0400, 0x1F00..<0x2000: own = .greek
            case 0x0400..<0x0530: own = .cyrillic
            case 0x2000..<0x27C0: own = nil       // punctuation, currency, symbols, arrows
            default: return false
            }
            guard let scalar = Unicode.Scalar(value) else { return false }
            let properties = scalar.properties
            switch properties.generalCategory {
            case .nonspacingMark, .spacingMark, .enclosingMark, .format, .control, .lineSeparator,
                 .paragraphSeparator, .surrogate, .privateUse, .unassigned:
                return false
            default: break
            }
            guard properties.isAlphabetic else { continue }
            // A letter among the symbols (ℵ, Ω sign...) is left to HarfBuzz's script tables.
            guard let own else { return false }
            if let script, script != own { return false }
            script = own
        }
        return true
    }
}
