/// Fonts by file and pixel size, loaded once and sharing one FreeType library.
public final class FontCache {
    private struct Key: Hashable {
        var path: String
        var pixelSize: Int
    }

    private var library: FreeTypeLibrary?
    private var fonts: [Key: Font] = [:]

    public init() {}

    public func font(path: String, pixelSize: Int) throws(FontError) -> Font {
        let key = Key(path: path, pixelSize: pixelSize)
        if let font = fonts[key] { return font }
        let shared: FreeTypeLibrary
        if let library {
            shared = library
        } else {
            shared = try FreeTypeLibrary(forFont: path)
            library = shared
        }
        let font = try Font(path: path, pixelSize: pixelSize, library: shared)
        fonts[key] = font
        return font
    }
}
