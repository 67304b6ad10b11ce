/// Something in a panel description that loads but is probably not what was meant (an
/// `exec` argument with `{vaule}`): `panel check` prints it and exits 0, `panel run` logs it.
public struct DescriptionWarning: Equatable, Sendable, CustomStringConvertible {
    public var file: String
    public var location: SourceLocation
    public var message: String

    public init(file: String, location: SourceLocation, message: String) {
        self.file = file
        self.location = location
        self.message = message
    }

    /// `FILE:LINE:COL: message`, for a log that marks the line as a warning itself.
    public var located: String { "\(file):\(location.line):\(location.column): \(message)" }

    /// `FILE:LINE:COL: warning: message`, the format compilers use and editors understand.
    public var description: String { "\(file):\(location.line):\(location.column): warning: \(message)" }
}

/// The warnings noted while a description is decoded, in file order once decoding is done.
final class NotedWarnings {
    private var warnings: [DescriptionWarning] = []

    func note(_ warning: DescriptionWarning) { warnings.append(warning) }

    /// Sorted by place, since parts of the file are decoded out of order (the theme first).
    var all: [DescriptionWarning] {
        warnings.enumerated().sorted { a, b in
            (a.element.location.line, a.element.location.column, a.offset) < (b.element.location.line, b.element.location.column, b.offset)
        }.map(\.element)
    }
}

extension DecodingContext {
    /// Notes a warning at `node`; decoding goes on.
    func warn(_ node: YAMLNode, _ message: String) {
        warnings.note(DescriptionWarning(file: file, location: node.location, message: visibleInMessage(message)))
    }
}

extension PanelDescription {
    /// The description with `warnings`, as decoding ends.
    func with(warnings: [DescriptionWarning]) -> PanelDescription {
        var description = self
        description.warnings = warnings
        return description
    }
}
