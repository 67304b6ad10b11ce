import Glibc
import PanelUI
import Testing
@testable import panel

/// What `panel check` refuses, through the built binary: each of these descriptions used to
/// pass the check and then fail (or kill) a running panel, or hang or bloat the check itself.
/// Every refusal is one line naming the file, line and column, with exit status 2.
struct CheckRefusalTests {
    let folder = TemporaryFolder()

    /// `panel ARGS…` as a child, stderr in a log; the termination (nil when it is still running
    /// after `seconds`, and then it is killed) and the log.
    func panel(_ arguments: [String], seconds: Double = 20) throws -> (ChildProcess.Termination?, String) {
        let process = try PanelProcess(arguments, log: folder.file("panel.log"))
        let termination = process.wait(seconds: seconds)
        return (termination, process.log.trimmingTrailingNewlines)
    }

    func check(_ yaml: String) throws -> (ChildProcess.Termination?, String) {
        let path = folder.write(yaml, to: "panel.yml")
        return try panel(["check", "--config", path])
    }

    /// Only a regular file of at most 4 MiB is read as a description: /dev/zero grew at
    /// 700 MB/s and a FIFO hung the check (so the wait here is 10 s, and a hang fails).
    @Test(arguments: ["/dev/zero", "fifo", "folder", "5 MiB file"])
    func aDescriptionThatIsNotASmallRegularFileIsRefused(_ kind: String) throws {
        let path: String
        let reason: String
        switch kind {
        case "fifo":
            path = folder.file("panel.yml")
            #expect(mkfifo(path, 0o600) == 0)
            reason = "it is a FIFO, not a regular file"
        case "folder":
            path = folder.file("conf.d")
            #expect(mkdir(path, 0o700) == 0)
            reason = "it is a folder, not a regular file"
        case "5 MiB file":
            let line = "# padding to make the description larger than a description may be\n"
            path = folder.write("sections: [{}]\n" + String(repeating: line, count: (5 << 20) / line.utf8.count + 1), to: "panel.yml")
            reason = "it is 5 MiB, more than the 4 MiB allowed"
        default:
            path = kind
            reason = "it is a character device, not a regular file"
        }
        for command in ["check", "layout"] {
            let (status, log) = try panel([command, "--config", path], seconds: 10)
            #expect(status == .exited(2), "\(command) \(kind): \(log)")
            #expect(log == "panel: cannot read \(path): \(reason)")
        }
    }

    @Test func aBlankingTimePastAYearIsRefusedBeforeItCanKillThePanel() throws {
        let yaml = "blank_after: 9.3e18\nsections: [{controls: [{id: a, kind: switch}]}]\n"
        let (status, log) = try check(yaml)
        #expect(status == .exited(2))
        #expect(log == "\(folder.file("panel.yml")):1:14: 'blank_after' must be a number of seconds above 0 and at most 31536000 (a year), not '9.3e18'")
        let (runStatus, runLog) = try panel(["run", "--config", folder.file("panel.yml"), "--state", folder.file("state.json"),
                                             "--display", "headless:320x240", "--input", "none", "--screenshot", folder.file("shot.png")])
        #expect(runStatus == .exited(2), "\(runLog)")
        #expect(runLog.hasPrefix("\(folder.file("panel.yml")):1:14: "))
    }

    /// FreeType opens the font while checking, at every size the panel draws it at: a text
    /// file, an empty file and fonts cut short passed the check and then stopped `run` with 1.
    @Test(arguments: ["text", "empty", "first 12 bytes", "first 1000 bytes", "first half"])
    func aFontFreeTypeCannotUseIsRefusedAtItsKey(_ kind: String) throws {
        let real = try readFileBytes("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
        let bytes: [UInt8] = switch kind {
        case "text": Array("not a font at all\n".utf8)
        case "empty": []
        case "first 12 bytes": Array(real.prefix(12))
        case "first 1000 bytes": Array(real.prefix(1000))
        default: Array(real.prefix(real.count / 2))
        }
        let font = folder.write(bytes, to: "Broken.ttf")
        let (status, log) = try check("""
            theme:
              font_size: 18
              font: Broken.ttf
            sections: [{controls: [{id: a, kind: switch, label_font_size: 30}]}]

            """)
        #expect(status == .exited(2))
        #expect(log.hasPrefix("\(folder.file("panel.yml")):3:9: cannot use font"), "\(log)")
        #expect(log.contains(font))
        #expect(!log.contains("\n"), "one line: \(log)")
        let (runStatus, runLog) = try panel(["run", "--config", folder.file("panel.yml"), "--state", folder.file("state.json"),
                                             "--display", "headless:320x240", "--input", "none", "--screenshot", folder.file("shot.png")])
        #expect(runStatus == .exited(2), "refused like a bad description, not a failure at run time: \(runLog)")
        #expect(!pathExists(folder.file("state.json")) && !pathExists(folder.file("shot.png")))
    }

    /// A NUL in an option ended the action's argument at the NUL; now `check` refuses it there.
    @Test func aControlCharacterInAnOptionIsRefusedAtTheCharacter() throws {
        let (status, log) = try check("""
            sections:
              - controls:
                  - id: mode
                    kind: radio
                    options: [eco, "fast\\0; rm -rf /"]
                    action: {exec: [/bin/echo, "{value}"]}

            """)
        #expect(status == .exited(2))
        #expect(log == "\(folder.file("panel.yml")):5:29: 'option' contains the control character U+0000 (NUL); write it as one line of text")
    }

    /// A 2 MB label (a 10 MB one cost 206 MiB to draw) is refused at its value.
    @Test func aLabelOfMegabytesIsRefused() throws {
        let (status, log) = try check("sections: [{controls: [{id: a, kind: switch, label: \(String(repeating: "x", count: 2_000_000))}]}]\n")
        #expect(status == .exited(2))
        #expect(log == "\(folder.file("panel.yml")):1:53: 'label' is 2000000 characters long; at most 1000 fit in a panel's text")
    }

    /// Pictures are sized from their PNG header at check: more than 4 times the widget they
    /// are drawn in (here a 40x40 box at scale 1, so 160 pixels a side) is refused at the key's value.
    @Test func aPictureFarLargerThanItsWidgetIsRefused() throws {
        try PNG.write(PixelBuffer(width: 161, height: 120), to: folder.file("big.png"))
        try PNG.write(PixelBuffer(width: 160, height: 160), to: folder.file("fits.png"))
        let (status, log) = try check("scale: 1\nsections: [{controls: [{id: a, kind: checkbox, off_image: fits.png, on_image: big.png}]}]\n")
        #expect(status == .exited(2))
        #expect(log == "\(folder.file("panel.yml")):2:79: image \(folder.file("big.png")) is 161x120 pixels; it is drawn in a 40x40 widget (row_height 64 at scale 1), so it may be at most 160 pixels a side (4 times the widget); scale it down")
        let (fits, fitsLog) = try check("scale: 1\nsections: [{controls: [{id: a, kind: checkbox, on_image: fits.png}]}]\n")
        #expect(fits == .exited(0), "\(fitsLog)")
    }

    /// The limit follows the description's scale: at `scale: auto` (the default) the box is
    /// taken at the largest factor auto picks, 4 (160x160, so 640 a side), so a picture made
    /// for a 4K screen passes; at `scale: 2`, 320.
    @Test func thePictureLimitFollowsTheScale() throws {
        try PNG.write(PixelBuffer(width: 641, height: 10), to: folder.file("big.png"))
        try PNG.write(PixelBuffer(width: 640, height: 640), to: folder.file("sharp.png"))
        let (fits, fitsLog) = try check("sections: [{controls: [{id: a, kind: checkbox, on_image: sharp.png}]}]\n")
        #expect(fits == .exited(0), "\(fitsLog)")
        let (status, log) = try check("sections: [{controls: [{id: a, kind: checkbox, on_image: big.png}]}]\n")
        #expect(status == .exited(2))
        #expect(log == "\(folder.file("panel.yml")):1:58: image \(folder.file("big.png")) is 641x10 pixels; it is drawn in a 160x160 widget (row_height 64 at scale 4, the largest scale: auto picks), so it may be at most 640 pixels a side (4 times the widget); scale it down")
        let (two, twoLog) = try check("scale: 2\nsections: [{controls: [{id: a, kind: checkbox, on_image: sharp.png}]}]\n")
        #expect(two == .exited(2))
        #expect(twoLog.hasSuffix("is 640x640 pixels; it is drawn in a 80x80 widget (row_height 64 at scale 2), so it may be at most 320 pixels a side (4 times the widget); scale it down"), "\(twoLog)")
    }

    /// A PNG declaring 16384x16384 (33 KB on disk, 2 GiB decoded) is refused from its header.
    @Test func aPictureDeclaringGigabytesIsRefusedFromItsHeader() throws {
        folder.write(pngHeaderOnly(width: 16384, height: 16384), to: "huge.png")
        let (status, log) = try check("theme: {row_height: 400}\nsections: [{controls: [{id: a, kind: switch, thumb_image: huge.png}]}]\n")
        #expect(status == .exited(2))
        #expect(log == "\(folder.file("panel.yml")):2:59: image \(folder.file("huge.png")) is 16384x16384 pixels; it is drawn in a 1316x800 widget (row_height 400 at scale 4, the largest scale: auto picks), so it may be at most 4096 pixels a side (4 times the widget); scale it down")
    }

    @Test func aFIFONamedAsAPictureIsRefusedWithoutWaiting() throws {
        #expect(mkfifo(folder.file("icon.png"), 0o600) == 0)
        let (status, log) = try check("sections: [{controls: [{id: a, kind: switch, on_image: icon.png}]}]\n")
        #expect(status == .exited(2), "no hang: \(log)")
        #expect(log == "\(folder.file("panel.yml")):1:56: cannot read PNG \(folder.file("icon.png")): it is not a regular file")
    }
}

/// A PNG signature, the IHDR of a 1-bit grey `width` x `height` image and the first bytes of its
/// IDAT: a header libpng reads, without the pixels.
private func pngHeaderOnly(width: Int, height: Int) -> [UInt8] {
    func bigEndian(_ value: Int) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) } }
    func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in body {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
        }
        return bigEndian(data.count) + body + bigEndian(Int(~crc))
    }
    return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", bigEndian(width) + bigEndian(height) + [1, 0, 0, 0, 0])
        + chunk("IDAT", [0x78, 0x9C])
}

extension String {
    var trimmingTrailingNewlines: String {
        var text = self
        while text.hasSuffix("\n") { text.removeLast() }
        return text
    }
}
