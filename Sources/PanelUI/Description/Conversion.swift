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

    /// A path that must name an existing file (checked through the injected `fileExists`),
    /// resolved against the description's folder. `noun` says what the file is: "font".
    static func existingFile(_ noun: String) -> Self {
        Self { (node, key, context) throws(DescriptionError) in
            let written = try plain("'KEY'").convert(node, key, context)
            guard !written.isEmpty else { throw context.error(node, "'\(key)' is empty; write the path of the \(noun) file") }
            let path = resolvedPath(written, descriptionFile: context.file)
            guard context.fileExists(path) else {
                let lookedAt = path == written ? "" : " (looked at \(path))"
                throw context.error(node, "\(noun) file '\(written)' not found\(lookedAt)")
            }
            return path
        }
    }

    /// An existing image file, also noted in the description's image references so it is loaded once.
    static var imageFile: Self {
        Self { (node, key, context) throws(DescriptionError) in
            let path = try existingFile("image").convert(node, key, context)
            context.files.noteImage(path, at: node.location)
            return path
        }
    }

    /// The theme's font file, noted where it is written: opening it is left to the program,
    /// which reports a file FreeType can't use at this place.
    static var fontFile: Self {
        Self { (node, key, context) throws(DescriptionError) in
            let path = try existingFile("font").convert(node, key, context)
            context.files.font = FileReference(path: path, location: node.location)
            return path
        }
    }
}

extension Conversion<[String]> {
    /// `fonts:`: a list of font files (or one), the first the theme's font and the rest its
    /// fallbacks, each looked up as `font:` is and noted where it is written.
    static var fontFiles: Self {
        Self { (node, key, context) throws(DescriptionError) in
            let items: [YAMLNode]
            switch node {
            case .sequence(let nodes, _): items = nodes
            case .scalar: items = [node]
            case .mapping: throw context.error(node, "'\(key)' must be a list of font files, like [DejaVuSans.ttf, NotoSansArabic-Regular.ttf]")
            }
            guard !items.isEmpty else { throw context.error(node, "'\(key)' is empty; write at least one font file") }
            var paths: [String] = []
            var references: [FileReference] = []
            for item in items {
                let path = try fontPath(item, key, context)
                paths.append(path)
                references.append(FileReference(path: path, location: item.location))
            }
            context.files.font = references[0]
            context.files.fallbackFonts = Array(references.dropFirst())
            return paths
        }
    }
}

/// A `fonts:` entry: a file, looked up as `font:` is, or a family name ("Noto Sans CJK SC")
/// found through `context.fontFamily` when no file of that name exists and the program
/// looks families up.
private func fontPath(_ item: YAMLNode, _ key: String, _ context: DecodingContext) throws(DescriptionError) -> String {
    if let lookUp = context.fontFamily, case .scalar(let written, _, _) = item, !written.contains("/"),
       !context.fileExists(resolvedPath(written, descriptionFile: context.file)) {
        _ = try Conversion<String>.plain("'KEY'").convert(item, key, context)
        guard let path = lookUp(written) else {
            throw context.error(item, "'\(written)' is neither a font file here nor a font family fontconfig knows (fc-list : family lists the families)")
        }
        return path
    }
    return try Conversion<String>.existingFile("font").convert(item, key, context)
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

extension Conversion<Double> {
    /// An unquoted decimal number within `range`, like 2 or 0.25 (no exponents, hex or inf).
    static func number(in range: ClosedRange<Double>) -> Self {
        Self { (node, key, context) throws(DescriptionError) in
            if case .scalar(let text, false, _) = node, isPlainDecimal(text), let value = Double(text), range.contains(value) {
                return value
            }
            throw context.error(node, "'\(key)' must be a number from \(shown(range.lowerBound)) to \(shown(range.upperBound)), not \(node.shownInMessage)")
        }
    }
}

/// An optional minus, digits, and at most one point with a digit somewhere.
private func isPlainDecimal(_ text: String) -> Bool {
    let body = text.utf8.first == UInt8(ascii: "-") ? text.utf8.dropFirst() : text.utf8[...]
    let digits = body.filter { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }.count
    let points = body.filter { $0 == UInt8(ascii: ".") }.count
    return digits > 0 && points <= 1 && digits + points == body.count
}

/// 20 rather than 20.0 in messages, since that is how people write it.
private func shown(_ value: Double) -> String {
    value == value.rounded() && value.magnitude < 1e15 ? String(Int(value)) : String(value)
}

extension Conversion where Value: RawRepresentable & CaseIterable & Sendable, Value.RawValue == String {
    /// One of an enumeration's names, exactly; a near miss gets a "did you mean".
    static var choice: Self {
        let names = Value.allCases.map(\.rawValue)
        return Self { (node, key, context) throws(DescriptionError) in
            let text = try Conversion<String>.string.convert(node, key, context)
            if let value = Value(rawValue: text) { return value }
            var message = "\(key) '\(text)' is not one of \(names.joined(separator: ", "))"
            if let suggestion = closestMatch(to: text, among: names) {
                message += " (did you mean '\(suggestion)'?)"
            }
            throw context.error(node, message)
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
