import Glibc
import PanelUI
import Testing

/// Compares `buffer` pixel for pixel with `Tests/PanelUITests/Golden/<name>.png`.
///
/// With `PANEL_RECORD_GOLDEN=1` the reference is (over)written instead, and an issue is recorded
/// so a recording run never passes as a check. On a mismatch the actual image and a diff
/// (differing pixels red over a dimmed expected image) go to `$PANEL_GOLDEN_OUT`
/// (default `/tmp/panel-golden-failures`).
func expectGolden(_ buffer: PixelBuffer, named name: String,
                  sourceLocation: Testing.SourceLocation = #_sourceLocation) {
    let reference = goldenDirectory() + "/" + name + ".png"
    if let flag = getenv("PANEL_RECORD_GOLDEN"), String(cString: flag) == "1" {
        makeParentDirectories(of: reference)
        do {
            try PNG.write(buffer, to: reference)
            Issue.record("recorded golden \(reference); rerun without PANEL_RECORD_GOLDEN to check it", sourceLocation: sourceLocation)
        } catch {
            Issue.record("cannot record golden: \(error)", sourceLocation: sourceLocation)
        }
        return
    }
    guard access(reference, F_OK) == 0 else {
        Issue.record("no golden image \(reference); record it with PANEL_RECORD_GOLDEN=1 swift test, then look at it",
                     sourceLocation: sourceLocation)
        return
    }
    let expected: PixelBuffer
    do {
        expected = try PNG.readPixels(path: reference)
    } catch {
        Issue.record("cannot read golden: \(error)", sourceLocation: sourceLocation)
        return
    }
    let outDirectory = getenv("PANEL_GOLDEN_OUT").map { String(cString: $0) } ?? "/tmp/panel-golden-failures"
    let actualPath = outDirectory + "/" + name + ".actual.png"
    guard expected.size == buffer.size else {
        let written = writeFailureImage(buffer, to: actualPath)
        Issue.record("golden \(name) is \(expected.size) but the image is \(buffer.size); actual: \(written)",
                     sourceLocation: sourceLocation)
        return
    }
    let diff = PixelBuffer(size: buffer.size)
    var differing = 0
    for i in 0..<buffer.pixels.count {
        let e = expected.pixels[i]
        if buffer.pixels[i] & 0xFFFFFF == e & 0xFFFFFF {
            diff.pixels[i] = (e >> 1) & 0x7F7F7F
        } else {
            diff.pixels[i] = 0xFF0000
            differing += 1
        }
    }
    guard differing > 0 else { return }
    let diffPath = outDirectory + "/" + name + ".diff.png"
    let actualWritten = writeFailureImage(buffer, to: actualPath)
    let diffWritten = writeFailureImage(diff, to: diffPath)
    Issue.record("golden \(name): \(differing) of \(buffer.pixels.count) pixels differ; actual: \(actualWritten), diff: \(diffWritten)",
                 sourceLocation: sourceLocation)
}

/// `Tests/PanelUITests/Golden`, found from this file's path so it needs no bundle.
private func goldenDirectory() -> String {
    var path = Substring(#filePath)
    for _ in 0..<2 {
        if let slash = path.lastIndex(of: "/") { path = path[..<slash] }
    }
    return path + "/Golden"
}

/// The path written, or why it couldn't be, for the failure message.
private func writeFailureImage(_ buffer: PixelBuffer, to path: String) -> String {
    makeParentDirectories(of: path)
    do {
        try PNG.write(buffer, to: path)
        return path
    } catch {
        return "(not written: \(error))"
    }
}

/// Names may hold slashes (`widgets/checkbox-on`), so both the reference and the failure images may need folders.
private func makeParentDirectories(of path: String) {
    var partial = path.hasPrefix("/") ? "" : "."
    for component in path.split(separator: "/").dropLast() {
        partial += "/" + component
        mkdir(partial, 0o755)
    }
}
