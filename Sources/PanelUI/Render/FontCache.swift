/// Fonts by file and pixel size, loaded once, sharing one FreeType library and one mapping
/// of each font file.
public final class FontCache {
    private struct Key: Hashable {
        var path: String
        var pixelSize: Int
    }

    private var library: FreeTypeLibrary?
    private var files: [String: FontFile] = [:]
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
        let file: FontFile
        if let mapped = files[path] {
            file = mapped
        } else {
            file = try FontFile(path: path)
            files[path] = file
        }
        let font = try Font(file: file, pixelSize: pixelSize, library: shared)
        fonts[key] = font
        return font
    }
}
