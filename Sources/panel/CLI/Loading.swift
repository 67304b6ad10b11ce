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
