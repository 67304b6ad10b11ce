import Glibc
import PanelUI

/// Reading what a panel is made of, before anything is drawn or saved: a mistake in any of
/// it stops the program with `FILE:LINE:COL: message` and exit status 2.
extension Commands {
    static func loadDescription(_ path: String?) throws -> PanelDescription {
        guard let path else {
            return try PanelDescription.parse(DemoPanel.yaml, file: DemoPanel.fileName, fileExists: fileExists)
        }
        let text: String
        do {
            text = try readFile(path)
        } catch {
            throw CommandFailure(message: "panel: \(error)", status: ExitStatus.badInput)
        }
        do {
            return try PanelDescription.parse(text, file: path, fileExists: fileExists)
        } catch {
            throw CommandFailure(message: error.description, status: ExitStatus.badInput)
        }
    }

    /// Opens what the description's look is made of, as a panel will: the font at every size
    /// the panel draws it at, then every image. A file that can't be used stops the program
    /// where the description names it, so `panel check` refuses what `panel run` could not show.
    static func loadAssets(_ description: PanelDescription, file: String) throws -> [String: Image] {
        try checkFont(description, file: file)
        return try loadImages(description, file: file)
    }

    /// The theme's font through FreeType at each size (`Font(path:pixelSize:)`): a text file,
    /// an empty or truncated font is refused at `font:`, or, for the default font, by its path.
    static func checkFont(_ description: PanelDescription, file: String) throws {
        let fonts = FontCache()
        for size in PanelPainter.fontSizes(of: description) {
            do {
                _ = try fonts.font(path: description.theme.font, pixelSize: size)
            } catch {
                guard let reference = description.fontReference else {
                    throw CommandFailure(message: "panel: \(error.message) (the default font; name another with theme: {font: FILE})",
                                         status: ExitStatus.badInput)
                }
                throw CommandFailure(message: "\(file):\(reference.location): \(error.message)", status: ExitStatus.badInput)
            }
        }
    }

    /// Loads every image the description names, once each. A PNG that doesn't decode is
    /// reported where the description names it.
    static func loadImages(_ description: PanelDescription, file: String) throws -> [String: Image] {
        var images: [String: Image] = [:]
        for reference in description.imageReferences {
            do {
                images[reference.path] = try Image.load(path: reference.path)
            } catch {
                throw CommandFailure(message: "\(file):\(reference.location): \(error.message)", status: ExitStatus.badInput)
            }
        }
        return images
    }

    static func fileExists(_ path: String) -> Bool {
        access(path, R_OK) == 0
    }
}
