import CFreeType

/// Owns one FT_Library. Fonts keep a reference so the library outlives every face made from it.
final class FreeTypeLibrary {
    let handle: FT_Library

    init(forFont path: String) throws(FontError) {
        var library: FT_Library?
        let error = FT_Init_FreeType(&library)
        guard error == 0, let library else {
            throw FontError(path: path, message: "cannot load font \(path): FreeType failed to start (error \(error))")
        }
        handle = library
    }

    deinit { FT_Done_FreeType(handle) }
}
