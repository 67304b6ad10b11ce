/// Text turned into man(7) roff: what the manual pages are rendered with.
enum Roff {
    /// One line of text as roff input: backslashes and dashes escaped, characters beyond
    /// ASCII as `\[uXXXX]`, and a leading `.` or `'` kept from being read as a request.
    static func escape(_ line: String) -> String {
        var out = ""
        for scalar in line.unicodeScalars {
            switch scalar {
            case "\\": out += "\\e"
            case "-": out += "\\-"
            case _ where scalar.isASCII: out.unicodeScalars.append(scalar)
            default:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                out += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
            }
        }
        if out.hasPrefix(".") || out.hasPrefix("'") { out = "\\&" + out }
        return out
    }

    /// Paragraphs (split by blank lines), each line trimmed and escaped, `.PP` between them.
    static func paragraphs(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { trimmed(String($0)) }
            .map { $0.isEmpty ? ".PP" : escape($0) }
            .joined(separator: "\n")
    }

    /// Lines kept as they are (a synopsis), `indent` columns taken off each.
    static func verbatim(_ text: String, dropping indent: Int = 0) -> String {
        ".nf\n" + text.split(separator: "\n").map { line in
            escape(String(line.dropFirst(min(indent, line.prefix { $0 == " " }.count))))
        }.joined(separator: "\n") + "\n.fi"
    }

    /// A tagged paragraph: `tag` in bold (its placeholder part in italics) over `text`.
    static func item(_ tag: String, _ placeholder: String? = nil, joiner: String = " ", _ text: String) -> String {
        let head = "\\fB" + escape(tag) + "\\fR" + (placeholder.map { joiner + "\\fI" + escape($0) + "\\fR" } ?? "")
        return ".TP\n" + head + "\n" + text.split(separator: "\n").map { escape(trimmed(String($0))) }.joined(separator: "\n")
    }

    static func trimmed(_ text: String) -> String {
        String(text.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
