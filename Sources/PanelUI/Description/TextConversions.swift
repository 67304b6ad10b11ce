/// Text that a panel draws or hands to the system, checked where it is written. A control
/// character in a label draws as nothing a person can read (a tab or line break breaks the
/// one-line row), and a NUL in an option ended the action's argument at the NUL; a 10 MB label
/// cost 206 MiB to lay out and draw.
extension Conversion<String> {
    /// One line a person reads: a label, a title, a section title, an option. At most
    /// `PanelDescription.longestText` characters (Unicode scalars), no control characters.
    static var line: Self {
        Self { (node, key, context) throws(DescriptionError) in
            let text = try string.convert(node, key, context)
            let length = text.unicodeScalars.count
            guard length <= PanelDescription.longestText else {
                throw context.error(node, "'\(key)' is \(length) characters long; at most \(PanelDescription.longestText) fit in a panel's text")
            }
            try rejectControlCharacters(in: text, node, context) { "'\(key)' contains the control character \($0); write it as one line of text" }
            // An MQTT topic is the one line a panel never draws.
            if key != "mqtt" { context.files.drawnTexts.append(DrawnText(text: text, location: node.location)) }
            return text
        }
    }

    /// Text passed to the system (a path, a program argument): no control characters, which
    /// C would cut at a NUL and which the program would receive unseen. `what` names it in messages.
    static func plain(_ what: String) -> Self {
        Self { (node, key, context) throws(DescriptionError) in
            let text = try string.convert(node, key, context)
            try rejectControlCharacters(in: text, node, context) { "\(what.replacingEvery("KEY", with: key)) contains the control character \($0); it can't hold control characters" }
            return text
        }
    }
}

extension PanelDescription {
    /// The most characters a label, title, section title or option may have: far more than a row shows.
    public static let longestText = 1000
}

/// Throws, located at the character where the file writes it, when `text` has a control character.
func rejectControlCharacters(in text: String, _ node: YAMLNode, _ context: DecodingContext,
                             message: (String) -> String) throws(DescriptionError) {
    guard let found = text.unicodeScalars.first(where: isControlCharacter) else { return }
    throw context.error(at: context.location(of: found, in: node), message(controlCharacterName(found)))
}

/// "U+0000 (NUL)", "U+0009 (tab)", "U+0085": how a message names a control character.
func controlCharacterName(_ scalar: Unicode.Scalar) -> String {
    let hex = String(scalar.value, radix: 16, uppercase: true)
    let code = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    let names: [UInt32: String] = [0x00: "NUL", 0x07: "bell", 0x08: "backspace", 0x09: "tab", 0x0A: "line feed",
                                   0x0B: "vertical tab", 0x0C: "form feed", 0x0D: "carriage return", 0x1B: "escape",
                                   0x7F: "delete", 0x85: "next line"]
    return names[scalar.value].map { "\(code) (\($0))" } ?? code
}

extension DecodingContext {
    /// Where the first `character` of scalar `node` is written in the file, or where the value starts.
    func location(of character: Unicode.Scalar, in node: YAMLNode) -> SourceLocation {
        ScalarSource(source).location(of: character, inScalarAt: node.location) ?? node.location
    }
}

/// A message with any control character it quotes from the file written as `\xHH`, so an
/// escape sequence in a description can't reach the terminal that shows the message.
func visibleInMessage(_ message: String) -> String {
    guard message.unicodeScalars.contains(where: isControlCharacter) else { return message }
    var shown = String.UnicodeScalarView()
    for scalar in message.unicodeScalars {
        if isControlCharacter(scalar) {
            let hex = String(scalar.value, radix: 16, uppercase: true)
            shown.append(contentsOf: "\\x\(hex.count < 2 ? "0" : "")\(hex)".unicodeScalars)
        } else {
            shown.append(scalar)
        }
    }
    return String(shown)
}
