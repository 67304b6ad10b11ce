import Glibc

/// Writes `text` to stdout or stderr, unbuffered: one line lands in the journal as one
/// record, and nothing sits in a buffer when the process is killed. Errors are dropped:
/// there is nowhere left to report a failing stderr.
func writeStandardStream(_ fd: CInt, _ text: String) {
    var bytes = Array(text.utf8)
    if bytes.last != UInt8(ascii: "\n") { bytes.append(UInt8(ascii: "\n")) }
    var offset = 0
    while offset < bytes.count {
        let written = bytes.withUnsafeBytes { raw in
            try? retryingInterrupts { Glibc.write(fd, raw.baseAddress! + offset, raw.count - offset) }
        }
        guard let written, written > 0 else { return }
        offset += written
    }
}
