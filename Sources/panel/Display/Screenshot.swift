import Glibc
import PanelUI

/// `--screenshot`: the frame as the screen shows it, turned by the rotation, as PNG.
enum Screenshot {
    /// The file's mode: what `fopen` gave it under the usual umask (022).
    static let permissions: mode_t = 0o644

    /// Replaces `path` with the PNG the way the state file is saved (`replaceFile`): a new file
    /// under an unguessable name beside it, created exclusively, renamed over the path. The path
    /// is often in /tmp, where a link planted at its name used to be followed (and a hard link
    /// truncated) by libpng's fopen; now a link there is replaced, never written through.
    static func write(_ frame: PixelBuffer, rotation: Rotation, to path: String) throws(CommandFailure) {
        let screen = PixelBuffer(size: rotation == .r0 || rotation == .r180
            ? frame.size : Size(width: frame.height, height: frame.width))
        screen.copyRotated(from: frame, rect: frame.bounds, rotation: rotation)
        do {
            let bytes = try PNG.encoded(screen, name: path)
            try replaceFile(path, in: parentFolder(of: path), with: bytes, prefix: ".\(fileName(of: path)).tmp-", permissions: permissions)
        } catch {
            throw CommandFailure(message: "panel: cannot write screenshot: \(error)", status: ExitStatus.failure)
        }
    }
}
