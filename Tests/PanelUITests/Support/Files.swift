import Glibc

/// A path in /tmp unique to this test process and `name`, removed first if it exists.
func temporaryPath(_ name: String) -> String {
    let path = "/tmp/panel-tests-\(getpid())-\(name)"
    unlink(path)
    return path
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
