/// A font that can't be used, with a message a person can act on.
public struct FontError: Error, CustomStringConvertible, Equatable {
    public var path: String
    public var message: String

    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    public var description: String { message }
}
