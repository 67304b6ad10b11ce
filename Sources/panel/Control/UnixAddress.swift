import Glibc

/// sockaddr_un for a filesystem path, or for a Linux abstract name written "@name".
enum UnixAddress {
    /// The address and its length; nil when the path does not fit sun_path (107 bytes).
    static func make(_ path: String) -> (address: sockaddr_un, length: socklen_t)? {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        var bytes = Array(path.utf8)
        let abstract = bytes.first == UInt8(ascii: "@")
        if abstract { bytes[0] = 0 }
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard !bytes.isEmpty, bytes.count < capacity else { return nil }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
        }
        // An abstract name's length counts exactly its bytes; a path's includes the NUL.
        let length = MemoryLayout<sa_family_t>.size + bytes.count + (abstract ? 0 : 1)
        return (address, socklen_t(length))
    }

    /// Runs `body` with the address as the `sockaddr` that bind and connect take.
    static func with<R>(_ made: (address: sockaddr_un, length: socklen_t), _ body: (UnsafePointer<sockaddr>, socklen_t) -> R) -> R {
        var address = made.address
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, made.length) }
        }
    }
}
