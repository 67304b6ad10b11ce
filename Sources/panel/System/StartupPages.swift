import Glibc

/// What start-up leaves resident that the running panel does not need, given back before the
/// frame buffer is allocated, so the process's peak is not start-up's pages plus the frame.
///
/// A fault in a file mapping maps the whole page-cache folio around it (64 KB and more on 6.x
/// kernels with large folios), so after the arguments, the description, the state file and the
/// display are dealt with, RSS counts much of the Swift runtime's, libc's and libstdc++'s text
/// and symbol tables, most of it never used again. Dropping the page-table entries of the
/// read-only file mappings that hold no private pages (MADV_DONTNEED; their pages are clean
/// copies of the files and stay in the page cache) makes the next use of a page fault it back
/// in. A mapping that was ever written (relocations made read-only after, RELRO) has private
/// pages and is left alone, as is anything writable. Free heap pages go back too (malloc_trim).
enum StartupPages {
    /// Returns how many bytes of mappings were dropped (0 when /proc/self/smaps can't be read).
    @discardableResult
    static func release() -> Int {
        _ = mallocTrim(0)
        guard let smaps = try? readFile("/proc/self/smaps", limits: ReadLimits(maxBytes: 8 << 20)) else { return 0 }
        var dropped = 0
        var candidate: (start: UInt, end: UInt)?
        for line in smaps.split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard let first = fields.first else { continue }
            if first.hasSuffix(":") {
                // A mapping's figure; "Anonymous:" says whether it holds private (written) pages.
                if first == "Anonymous:", let mapping = candidate {
                    if fields.count >= 2, fields[1] == "0", let address = UnsafeMutableRawPointer(bitPattern: mapping.start),
                       madvise(address, Int(mapping.end - mapping.start), MADV_DONTNEED) == 0 {
                        dropped += Int(mapping.end - mapping.start)
                    }
                    candidate = nil
                }
                continue
            }
            // A mapping's header: start-end perms offset dev inode path.
            candidate = nil
            let bounds = first.split(separator: "-")
            guard fields.count >= 6, fields[1] == "r-xp" || fields[1] == "r--p", fields[5].hasPrefix("/"), bounds.count == 2,
                  let start = UInt(bounds[0], radix: 16), let end = UInt(bounds[1], radix: 16), end > start else { continue }
            candidate = (start, end)
        }
        return dropped
    }
}

/// glibc's malloc_trim(3), which the Glibc module leaves out (malloc.h): returns free memory at
/// the top of the heap and in the arenas to the kernel.
@_silgen_name("malloc_trim")
private func mallocTrim(_ pad: Int) -> Int32
