import Glibc

/// A path in /tmp unique to this test process and `name`, removed first if it exists and
/// again when this goes away (keep using `path` to the end of the test).
final class TemporaryFile {
    let path: String

    init(_ name: String) {
        path = "/tmp/panel-tests-\(getpid())-\(name)"
        unlink(path)
    }

    deinit { unlink(path) }
}

func readBytes(_ path: String) -> [UInt8]? {
    guard let file = fopen(path, "rb") else { return nil }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
        let n = fread(&chunk, 1, chunk.count, file)
        if n == 0 { break }
        bytes += chunk[0..<n]
    }
    return bytes
}

func writeBytes(_ bytes: [UInt8], to path: String) {
    guard let file = fopen(path, "wb") else { return }
    fwrite(bytes, 1, bytes.count, file)
    fclose(file)
}
