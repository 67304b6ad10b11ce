import Glibc
import PanelUI
import Testing
@testable import panel

/// `StartupPages.release()` (what `panel run` calls before it allocates the frame) drops the
/// read-only file mappings' pages and nothing else: code, read-only data and relocated tables
/// fault back in as they were, written memory keeps what was written.
struct StartupPagesTests {
    /// Resident kB of this process's file pages (RssFile in /proc/self/status).
    func residentFileKilobytes() throws -> Int {
        let status = try readFile("/proc/self/status")
        let line = status.split(separator: "\n").first { $0.hasPrefix("RssFile:") } ?? ""
        return Int(line.filter(\.isNumber)) ?? -1
    }

    @Test func dropsCodePagesAndTheProcessGoesOnAsBefore() throws {
        // Work that runs through the Swift runtime, libc, libm, FreeType and PanelUI: drawn before and after.
        func draw() throws -> [UInt32] {
            let description = try PanelDescription.parse(DemoPanel.yaml, file: "demo.yml", fileExists: { _ in true })
            let size = Size(width: 320, height: 240)
            let model = PanelModel(description: description, layout: PanelLayout(description: description, logicalSize: size))
            let frame = PixelBuffer(size: size)
            try PanelPainter(description: description, fonts: FontCache()).draw(model, at: 0, into: frame, clip: frame.bounds)
            return Array(frame.pixels)
        }
        let before = try draw()
        var written = [UInt8](repeating: 0, count: 1 << 16)
        for i in written.indices { written[i] = UInt8(truncatingIfNeeded: i &* 31) }
        let residentBefore = try residentFileKilobytes()

        let dropped = StartupPages.release()
        let residentAfter = try residentFileKilobytes()

        #expect(dropped > 1 << 20, "the test process's code mappings are dropped (\(dropped) bytes)")
        #expect(residentAfter < residentBefore, "RssFile \(residentBefore) -> \(residentAfter) kB")
        #expect(written.indices.allSatisfy { written[$0] == UInt8(truncatingIfNeeded: $0 &* 31) }, "written memory kept")
        #expect(try draw() == before, "the same pixels after the pages come back")
        #expect(String(cString: strerror(ENOENT)) == "No such file or directory")
    }

    /// Which mappings of a listing are dropped: read-only views of a file with no private
    /// pages; not one with written (relocated) pages, a writable one, an anonymous one, or
    /// one whose listing has no Anonymous line.
    @Test func picksReadOnlyFileMappingsWithoutPrivatePages() {
        let smaps = """
            7f0000000000-7f0000010000 r-xp 00000000 fe:01 123   /usr/lib/libc.so.6
            Size:                 64 kB
            Anonymous:             0 kB
            VmFlags: rd ex mr mw me
            7f0000010000-7f0000020000 r--p 00010000 fe:01 123   /usr/lib/libc.so.6
            Anonymous:             4 kB
            7f0000020000-7f0000030000 rw-p 00020000 fe:01 123   /usr/lib/libc.so.6
            Anonymous:             0 kB
            7f0000030000-7f0000040000 r--p 00000000 00:00 0
            Anonymous:             0 kB
            7f0000040000-7f0000050000 r--p 00000000 00:00 0     [vvar]
            Anonymous:             0 kB
            7f0000050000-7f0000060000 r--p 00000000 fe:01 456   /opt/swift/lib/a b.so
            Rss:                  12 kB
            Anonymous:             0 kB
            7f0000060000-7f0000070000 r-xp 00000000 fe:01 789   /usr/bin/panel
            Rss:                  12 kB
            """
        #expect(StartupPages.droppable(smaps) == [0x7f0000000000..<0x7f0000010000, 0x7f0000050000..<0x7f0000060000])
        #expect(StartupPages.droppable("") == [])
        #expect(StartupPages.droppable("zz-yy r-xp 0 0 0 /x\nAnonymous: 0 kB\n") == [])
    }
}
