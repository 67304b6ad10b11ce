/// A file the renderer needs that can't be used (a font or picture to read, a PNG to write):
/// which file, and a message a person can act on. One type under three names, so each API
/// says what kind of file it handles.
public struct AssetError: Error, CustomStringConvertible, Equatable, Sendable {
    public var path: String
    public var message: String

    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    public var description: String { message }
}

/// A font that can't be used.
public typealias FontError = AssetError
/// A picture that couldn't be loaded.
public typealias ImageError = AssetError
/// A PNG that couldn't be read or written.
public typealias PNGError = AssetError
