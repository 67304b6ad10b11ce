/// Where a path written in a description points. Relative paths are taken from the
/// description file's folder, so a panel and its icons can move together and work
/// whatever the current directory of the program is.
func resolvedPath(_ path: String, descriptionFile: String) -> String {
    if path.hasPrefix("/") { return path }
    let folder = folder(of: descriptionFile)
    return folder.hasSuffix("/") ? folder + path : folder + "/" + path
}

/// POSIX `dirname`: "/etc/panel/panel.yaml" → "/etc/panel", "panel.yaml" → ".", "/panel.yaml" → "/".
func folder(of file: String) -> String {
    var path = Substring(file)
    while path.count > 1, path.hasSuffix("/") { path.removeLast() }
    guard let slash = path.lastIndex(of: "/") else { return "." }
    var folder = path[..<slash]
    while folder.hasSuffix("/") { folder.removeLast() }
    return folder.isEmpty ? "/" : String(folder)
}

/// The files a description names, gathered while decoding: every image, and the font.
/// The control ids decoded so far, on every page: ids are unique across the whole panel
/// (they name values in one state file), and how deep pages nest.
final class NotedIDs {
    var firstLocation: [String: SourceLocation] = [:]
    /// Pages inside pages being decoded now.
    var pageDepth = 0
}

final class NotedFiles {
    private var images: [FileReference] = []
    /// The theme's `font`, when written.
    var font: FileReference?
    /// Every line of text the panel draws, where it is written (`TextCoverage`).
    var drawnTexts: [DrawnText] = []
    /// The theme's `fonts` after the first, when written.
    var fallbackFonts: [FileReference] = []

    func noteImage(_ path: String, at location: SourceLocation) {
        images.append(FileReference(path: path, location: location))
    }

    /// One per path, at its first place in the file. Sorted rather than kept in decoding
    /// order because the theme is decoded before the controls, wherever it is written.
    var imageReferences: [FileReference] {
        var firstOfEachPath: [FileReference] = []
        var seen: Set<String> = []
        for reference in images.sorted(by: { ($0.location.line, $0.location.column) < ($1.location.line, $1.location.column) })
        where seen.insert(reference.path).inserted {
            firstOfEachPath.append(reference)
        }
        return firstOfEachPath
    }
}
