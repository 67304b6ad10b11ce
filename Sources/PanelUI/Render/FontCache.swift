/// Fonts by file and pixel size, loaded once, sharing one FreeType library and one open
/// descriptor of each font file.
///
/// A file that is no longer the one opened (replaced, rewritten or truncated: another inode,
/// size or modification time at its path) is opened afresh by the next lookup, so a reload
/// (SIGHUP) after a font upgrade uses the new file, and one that can't be read fails the
/// reload, while fonts already handed out keep reading the file they opened.
public final class FontCache {
    private struct Key: Hashable {
        var path: String
        var pixelSize: Int
    }

    private var library: FreeTypeLibrary?
    private var files: [String: FontFile] = [:]
    private var fonts: [Key: Font] = [:]
    /// Told, once per font file, of the first glyph that could not be loaded (the panel logs it).
    public var report: ((String) -> Void)?

    public init() {}

    public func font(path: String, pixelSize: Int) throws(FontError) -> Font {
        if let opened = files[path], !opened.isCurrent {
            files[path] = nil
            fonts = fonts.filter { $0.key.path != path }
        }
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
        if let opened = files[path] {
            file = opened
        } else {
            file = try FontFile(path: path)
            file.report = { [weak self] message in self?.report?(message) }
            files[path] = file
        }
        let font = try Font(file: file, pixelSize: pixelSize, library: shared)
        fonts[key] = font
        return font
    }
}
