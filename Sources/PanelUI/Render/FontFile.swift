import Glibc

/// A font file mapped into memory once and shared by the faces of every size made from it.
///
/// FreeType's `FT_New_Face` maps the file again for each face, and the pages each one touches
/// (character map, metrics, kerning, outlines) count once per mapping in the process's
/// resident memory: three sizes of DejaVu Sans cost about 880 KB that way, one shared mapping
/// about 300 KB. Owning type: the mapping lives until the last face using it is gone.
final class FontFile {
    let path: String
    let bytes: UnsafeRawBufferPointer

    init(path: String) throws(FontError) {
        self.path = path
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw Self.error(path, errno) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw Self.error(path, errno) }
        let size = Int(info.st_size)
        guard size > 0 else {
            throw FontError(path: path, message: "cannot use font file \(path): it is empty (fix `font:`)")
        }
        guard let base = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0), base != MAP_FAILED else {
            throw Self.error(path, errno)
        }
        bytes = UnsafeRawBufferPointer(start: base, count: size)
    }

    deinit { munmap(UnsafeMutableRawPointer(mutating: bytes.baseAddress), bytes.count) }

    private static func error(_ path: String, _ code: CInt) -> FontError {
        let reason = code == ENOENT ? "no such file" : String(cString: strerror(code))
        return FontError(path: path, message: "cannot open font file \(path): \(reason) (install fonts-dejavu-core or fix `font:`)")
    }
}
