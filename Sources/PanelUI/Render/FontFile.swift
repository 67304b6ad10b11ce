import CFreeType
import Glibc

/// A font file opened once and shared by the faces of every size made from it, read
/// through `pread` on a descriptor kept open (each face has its own FreeType stream, since
/// FreeType keeps a position in it).
///
/// Not mapped: a file truncated in place (a package upgrade rewriting it, a full disk) made
/// the next glyph not yet cached read past the mapping's end, and SIGBUS killed the panel.
/// A read past the end now comes back short, FreeType returns an error, the glyph is drawn
/// as nothing and the failure is reported once for the file. A font replaced by a rename
/// keeps working: the descriptor names the old file. FreeType copies the tables it looks
/// things up in (character map, kerning, glyph locations) into memory at open; glyph outlines
/// and metrics are read when a glyph is first rendered, then the glyph is cached.
final class FontFile {
    let path: String
    /// Bytes at open: the size the streams announce, reads past what is left come back short.
    let size: Int
    private let descriptor: CInt
    /// What the file at `path` was when opened: another file there now (replaced, rewritten,
    /// truncated) is opened afresh by the next font looked up (`FontCache`).
    private let identity: Identity
    /// Told once, the first time a glyph of this file can't be read or rendered.
    var report: ((String) -> Void)?
    private(set) var hasFailed = false
    /// Set by a read that came back short: the file is shorter than when it was opened.
    private var shortRead = false

    private struct Identity: Equatable {
        var device: UInt
        var inode: UInt
        var size: Int
        var modifiedSeconds: Int
        var modifiedNanoseconds: Int

        init(_ info: stat) {
            device = UInt(info.st_dev)
            inode = UInt(info.st_ino)
            size = Int(info.st_size)
            modifiedSeconds = Int(info.st_mtim.tv_sec)
            modifiedNanoseconds = Int(info.st_mtim.tv_nsec)
        }
    }

    init(path: String) throws(FontError) {
        self.path = path
        let fd: CInt, info: stat
        do throws(RegularFileRefusal) {
            (fd, info) = try openRegularFile(path)
        } catch {
            switch error {
            case .failed(let code): throw Self.error(path, code)
            case .notRegular: throw FontError(path: path, message: "cannot use font file \(path): it is not a regular file (fix `font:`)")
            }
        }
        guard info.st_size > 0 else {
            close(fd)
            throw FontError(path: path, message: "cannot use font file \(path): it is empty (fix `font:`)")
        }
        descriptor = fd
        size = Int(info.st_size)
        identity = Identity(info)
    }

    deinit { close(descriptor) }

    /// Whether `path` still names the file opened (same inode, size and modification time).
    var isCurrent: Bool {
        var info = stat()
        return stat(path, &info) == 0 && Identity(info) == identity
    }

    /// Copies up to `count` bytes at `offset` into `buffer`; fewer when the file has shrunk.
    func read(at offset: Int, into buffer: UnsafeMutableRawPointer, count: Int) -> Int {
        var done = 0
        while done < count {
            let got = pread(descriptor, buffer + done, count - done, off_t(offset + done))
            if got > 0 {
                done += got
            } else if got < 0 && errno == EINTR {
                continue
            } else {
                shortRead = true
                break
            }
        }
        return done
    }

    /// Records that glyph `index` could not be loaded; reports it the first time for this file.
    func glyphFailed(_ index: UInt32, error: CInt, pixelSize: Int) {
        guard !hasFailed else { return }
        hasFailed = true
        let why = shortRead
            ? "the file is shorter than when panel opened it (\(size) bytes); it was truncated or rewritten in place"
            : "FreeType cannot render it"
        report?("font \(path): cannot load glyph \(index) at \(pixelSize) px (FreeType error \(error)): \(why); "
            + "glyphs that can't be loaded are left out of the text (fix the font file, then reload with SIGHUP)")
    }

    /// A FreeType stream reading this file, for one face; deallocate it after FT_Done_Face.
    /// It holds the file unretained: the face's owner keeps the file alive.
    func makeStream() -> UnsafeMutablePointer<FT_StreamRec> {
        let stream = UnsafeMutablePointer<FT_StreamRec>.allocate(capacity: 1)
        stream.initialize(to: FT_StreamRec())
        stream.pointee.size = UInt(size)
        stream.pointee.descriptor.pointer = Unmanaged.passUnretained(self).toOpaque()
        stream.pointee.read = readFontStream
        return stream
    }

    private static func error(_ path: String, _ code: CInt) -> FontError {
        let reason = code == ENOENT ? "no such file" : String(cString: strerror(code))
        return FontError(path: path, message: "cannot open font file \(path): \(reason) (install fonts-dejavu-core or fix `font:`)")
    }
}

/// FreeType's read function for a `FontFile` stream: a `count` of 0 is a seek (0 = fine),
/// otherwise the number of bytes copied, which FreeType treats as an error when short.
private func readFontStream(_ stream: FT_Stream?, _ offset: UInt, _ buffer: UnsafeMutablePointer<UInt8>?, _ count: UInt) -> UInt {
    guard let stream, let context = stream.pointee.descriptor.pointer else { return count == 0 ? 1 : 0 }
    let file = Unmanaged<FontFile>.fromOpaque(context).takeUnretainedValue()
    guard count > 0 else { return offset <= UInt(file.size) ? 0 : 1 }
    guard let buffer, offset < UInt(file.size) else { return 0 }
    return UInt(file.read(at: Int(offset), into: buffer, count: Int(min(count, UInt(file.size) - offset))))
}
