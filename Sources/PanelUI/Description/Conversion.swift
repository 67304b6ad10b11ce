/// Turns one YAML value into a Swift value, or explains (naming the key) why it can't.
struct Conversion<Value>: Sendable {
    let convert: @Sendable (_ node: YAMLNode, _ key: String, DecodingContext) throws(DescriptionError) -> Value
}

extension Conversion<YAMLNode> {
    /// Kept as written, for values whose meaning depends on other keys (a control's `default`).
    static var node: Self { Self { node, _, _ in node } }
}

extension Conversion<String> {
    /// Any scalar, numbers included: `label: 42` is the label "42".
    static var string: Self {
        Self { (node, key, context) throws(DescriptionError) in
            guard case .scalar(let text, _, _) = node else {
                throw context.error(node, "'\(key)' must be text, not \(node.shownInMessage)")
            }
            return text
        }
    }

    /// A path that must name an existing file (checked through the injected `fileExists`).
    static var existingFile: Self {
        Self { (node, key, context) throws(DescriptionError) in
            let path = try string.convert(node, key, context)
            guard context.fileExists(path) else {
                throw context.error(node, "\(key) file '\(path)' does not exist")
            }
            return path
        }
    }
}

extension Conversion<Bool> {
    /// Unquoted true/false/yes/no/on/off in any case; a quoted "true" is text, not a boolean.
    static var bool: Self {
        Self { (node, key, context) throws(DescriptionError) in
            if case .scalar(let text, let quoted, _) = node {
                switch text.lowercased() {
                case "true", "yes", "on": if !quoted { return true }
                case "false", "no", "off": if !quoted { return false }
                default: break
                }
                if quoted, ["true", "yes", "on", "false", "no", "off"].contains(text.lowercased()) {
                    throw context.error(node, "'\(key)' must be true or false, not the quoted text \"\(text)\"; remove the quotes")
                }
            }
            throw context.error(node, "'\(key)' must be true or false, not \(node.shownInMessage)")
        }
    }
}

extension Conversion<Int> {
    /// An unquoted decimal whole number within `range`.
    static func int(in range: ClosedRange<Int>) -> Self {
        Self { (node, key, context) throws(DescriptionError) in
            if case .scalar(let text, false, _) = node, let value = Int(text), range.contains(value) {
                return value
            }
            throw context.error(node, "'\(key)' must be a whole number from \(range.lowerBound) to \(range.upperBound), not \(node.shownInMessage)")
        }
    }
}

extension Conversion<Color> {
    /// `#RRGGBB` or `#RRGGBBAA`.
    static var color: Self {
        Self { (node, key, context) throws(DescriptionError) in
            guard case .scalar(let text, let quoted, _) = node else {
                throw context.error(node, "'\(key)' must be a colour like \"#RRGGBB\", not \(node.shownInMessage)")
            }
            // An unquoted `#F2F2F7` is a YAML comment, so the value arrives empty.
            if text.isEmpty, !quoted {
                throw context.error(node, "'\(key)' is empty; in YAML a colour must be quoted, like \"#F2F2F7\", or # starts a comment")
            }
            let digitCount = text.utf8.count - 1
            guard digitCount == 6 || digitCount == 8, let color = Color(hex: text) else {
                throw context.error(node, "'\(text)' is not a colour; write #RRGGBB or #RRGGBBAA")
            }
            return color
        }
    }
}

extension Conversion<Rotation> {
    /// 0, 90, 180 or 270 degrees clockwise.
    static var rotation: Self {
        Self { (node, key, context) throws(DescriptionError) in
            if case .scalar(let text, false, _) = node, let degrees = Int(text), let rotation = Rotation(degrees: degrees) {
                return rotation
            }
            throw context.error(node, "'\(key)' must be 0, 90, 180 or 270, not \(node.shownInMessage)")
        }
    }
}
