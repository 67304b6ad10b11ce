/// Fonts by files and pixel size, loaded once, sharing one FreeType library and one open
/// descriptor of each font file.
///
/// A file that is no longer the one opened (replaced, rewritten or truncated: another inode,
/// size or modification time at its path) is opened afresh by the next lookup, so a reload
/// (SIGHUP) after a font upgrade uses the new file, and one that can't be read fails the
/// reload, while fonts already handed out keep reading the file they opened. Fallback files
/// are opened only when a font first needs one of their characters.
public final class FontCache {
    private struct Key: Hashable {
        var paths: [String]
        var pixelSize: Int
    }

    private var library: FreeTypeLibrary?
    private var files: [String: FontFile] = [:]
    private var fonts: [Key: Font] = [:]
    /// Told, once per font file, of the first glyph that could not be loaded (the panel logs it),
    /// and of a fallback file that could not be opened.
    public var report: ((String) -> Void)?

    public init() {}

    /// The font at `path` alone.
    public func font(path: String, pixelSize: Int) throws(FontError) -> Font {
        try font(paths: [path], pixelSize: pixelSize)
    }

    /// The first of `paths` (opened now: its errors are thrown) with the rest as fallbacks.
    public func font(paths: [String], pixelSize: Int) throws(FontError) -> Font {
        let paths = paths.isEmpty ? [Theme.defaultFont] : paths
        for path in paths {
            if let opened = files[path], !opened.isCurrent {
                files[path] = nil
                fonts = fonts.filter { !$0.key.paths.contains(path) }
            }
        }
        let key = Key(paths: paths, pixelSize: pixelSize)
        if let font = fonts[key] { return font }
        let primary = try face(path: paths[0], pixelSize: pixelSize)
        // A painter may outlive the cache it was made with: then its fallbacks open on their own.
        let library = try sharedLibrary(path: paths[0])
        let font = Font(primary: primary, fallbacks: Array(paths.dropFirst())) { [weak self] (path: String) throws(FontError) -> FontFace in
            if let self { return try self.face(path: path, pixelSize: pixelSize) }
            return try FontFace(file: FontFile(path: path), pixelSize: pixelSize, library: library)
        }
        font.report = { [weak self] message in self?.report?(message) }
        fonts[key] = font
        return font
    }

    /// How many font files are open (for tests: fallbacks open only when needed).
    var openFileCount: Int { files.count }

    private func sharedLibrary(path: String) throws(FontError) -> FreeTypeLibrary {
        if let library { return library }
        let shared = try FreeTypeLibrary(forFont: path)
        library = shared
        return shared
    }

    private func face(path: String, pixelSize: Int) throws(FontError) -> FontFace {
        let shared = try sharedLibrary(path: path)
        let file: FontFile
        if let opened = files[path] {
            file = opened
        } else {
            file = try FontFile(path: path)
            file.report = { [weak self] message in self?.report?(message) }
            files[path] = file
        }
        return try FontFace(file: file, pixelSize: pixelSize, library: shared)
    }
}
