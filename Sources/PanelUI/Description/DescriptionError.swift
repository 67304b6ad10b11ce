/// A mistake in a panel description, located so an editor can jump to it.
public struct DescriptionError: Error, Equatable, Sendable, CustomStringConvertible {
    public var file: String
    public var location: SourceLocation
    public var message: String

    public init(file: String, location: SourceLocation, message: String) {
        self.file = file
        self.location = location
        self.message = message
    }

    /// `FILE:LINE:COL: message`, the format compilers use and editors understand.
    public var description: String { "\(file):\(location.line):\(location.column): \(message)" }
}
