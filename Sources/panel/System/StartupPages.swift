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
        for mapping in droppable(smaps) {
            guard let address = UnsafeMutableRawPointer(bitPattern: mapping.lowerBound),
                  madvise(address, Int(mapping.upperBound - mapping.lowerBound), MADV_DONTNEED) == 0 else { continue }
            dropped += Int(mapping.upperBound - mapping.lowerBound)
        }
        return dropped
    }

    /// The mappings of an smaps listing that are read-only (r-xp, r--p) views of a file and
    /// hold no private pages ("Anonymous: 0 kB"), as address ranges.
    static func droppable(_ smaps: String) -> [Range<UInt>] {
        var smaps = smaps
        var found: [Range<UInt>] = []
        // Read as bytes: smaps has some 25 lines for each of about a hundred mappings, and
        // splitting them as Swift strings (grapheme by grapheme) cost more than the rest of start-up.
        smaps.withUTF8 { bytes in
            var candidate: Range<UInt>?
            var lineStart = 0
            while lineStart < bytes.count {
                var lineEnd = lineStart
                while lineEnd < bytes.count, bytes[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
                let fields = SmapsLine(bytes, lineStart..<lineEnd)
                lineStart = lineEnd + 1
                guard let first = fields.field(0) else { continue }
                if bytes[first.upperBound - 1] == UInt8(ascii: ":") {
                    // A mapping's figure; "Anonymous:" says whether it holds private (written) pages.
                    if fields.equals(first, "Anonymous:"), let mapping = candidate {
                        if let value = fields.field(1), fields.equals(value, "0") { found.append(mapping) }
                        candidate = nil
                    }
                    continue
                }
                // A mapping's header: start-end perms offset dev inode path.
                candidate = nil
                guard let perms = fields.field(1), fields.equals(perms, "r-xp") || fields.equals(perms, "r--p"),
                      let path = fields.field(5), bytes[path.lowerBound] == UInt8(ascii: "/"),
                      let dash = first.firstIndex(where: { bytes[$0] == UInt8(ascii: "-") }),
                      let start = fields.hex(first.lowerBound..<dash), let end = fields.hex(dash + 1..<first.upperBound),
                      end > start else { continue }
                candidate = start..<end
            }
        }
        return found
    }
}

/// One line of /proc/self/smaps as bytes, split at spaces on demand.
private struct SmapsLine {
    let bytes: UnsafeBufferPointer<UInt8>
    let line: Range<Int>

    init(_ bytes: UnsafeBufferPointer<UInt8>, _ line: Range<Int>) {
        self.bytes = bytes
        self.line = line
    }

    /// The byte range of the field at `index` (0-based, runs of spaces between fields).
    func field(_ index: Int) -> Range<Int>? {
        var i = line.lowerBound, seen = 0
        while i < line.upperBound {
            while i < line.upperBound, bytes[i] == UInt8(ascii: " ") { i += 1 }
            guard i < line.upperBound else { return nil }
            let start = i
            while i < line.upperBound, bytes[i] != UInt8(ascii: " ") { i += 1 }
            if seen == index { return start..<i }
            seen += 1
        }
        return nil
    }

    func equals(_ field: Range<Int>, _ text: StaticString) -> Bool {
        guard field.count == text.utf8CodeUnitCount else { return false }
        return (0..<field.count).allSatisfy { bytes[field.lowerBound + $0] == text.utf8Start[$0] }
    }

    func hex(_ field: Range<Int>) -> UInt? {
        guard !field.isEmpty, field.count <= 16 else { return nil }
        var value: UInt = 0
        for i in field {
            let byte = bytes[i]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            default: return nil
            }
            value = value << 4 | UInt(digit)
        }
        return value
    }
}

/// glibc's malloc_trim(3), which the Glibc module leaves out (malloc.h): returns free memory at
/// the top of the heap and in the arenas to the kernel.
@_silgen_name("malloc_trim")
private func mallocTrim(_ pad: Int) -> Int32
