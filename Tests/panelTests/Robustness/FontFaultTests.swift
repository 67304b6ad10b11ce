import Glibc
@testable import PanelUI
import Testing
@testable import panel

/// The built binary with its font truncated in place under it (issue 11: a package upgrade
/// rewriting the file, or a full disk). The old code mapped the font: the next glyph not yet
/// cached read past the mapping's end and SIGBUS killed the panel. Now the glyph is left
/// out, the failure logged once, and a reload that can't open the font keeps the panel.
@Suite(.serialized)
struct FontFaultTests {
    let folder = TemporaryFolder()
    static let screen = Size(width: 800, height: 480)

    func description(label: String, action: String = "") -> String {
        """
        theme: {font: \(folder.file("font.ttf"))}
        sections:
          - controls:
              - {id: wifi, kind: switch, default: true, label: \(label)\(action)}
        """
    }

    func start(_ yaml: String) throws -> PanelProcess {
        let font = try #require(try? readFileBytes("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"))
        folder.write(font, to: "font.ttf")
        folder.write(yaml, to: "panel.yml")
        let process = try PanelProcess(["run", "--config", folder.file("panel.yml"), "--state", folder.file("state.json"),
                                        "--display", "headless:\(Self.screen.width)x\(Self.screen.height)", "--input", "none",
                                        "--socket", folder.file("panel.sock")], log: folder.file("log"))
        #expect(process.waitForLog("stop with SIGTERM"), "panel did not start: \(process.log)")
        return process
    }

    func truncateFont() {
        let fd = open(folder.file("font.ttf"), O_WRONLY)
        #expect(fd >= 0 && ftruncate(fd, 1000) == 0)
        close(fd)
    }

    /// The panel answers its socket (asked from a child with a time limit: a panel stuck in a
    /// reload would never answer), then SIGTERM ends it with status 0.
    func expectStillRunningThenStops(_ panel: PanelProcess) throws {
        let ctl = try PanelProcess(["ctl", "--socket", folder.file("panel.sock"), "get"], log: folder.file("ctl.log"))
        #expect(ctl.wait(seconds: 10) == .exited(0), "the panel did not answer: \(panel.log)")
        #expect(panel.exitStatus == nil, "panel died: \(String(describing: panel.exitStatus)) \(panel.log)")
        panel.signal(SIGTERM)
        #expect(panel.wait(seconds: 10) == .exited(0), "\(panel.log)")
    }

    /// SIGHUP with new text: the old code drew it with the font it had, reading new glyphs
    /// from the truncated file. Now the font is seen to have changed, opened afresh, refused.
    @Test func aReloadWhoseFontCantBeOpenedKeepsThePanel() throws {
        let panel = try start(description(label: "Wireless"))
        truncateFont()
        folder.write(description(label: "Bluetooth QXZ 123"), to: "panel.yml")
        panel.signal(SIGHUP)
        #expect(panel.waitForLog("keeping the panel as it was"), "\(panel.log)")
        #expect(panel.log.contains("reload: \(folder.file("panel.yml")):1:15: cannot use font file \(folder.file("font.ttf"))"), "\(panel.log)")
        try expectStillRunningThenStops(panel)
    }

    /// A reload naming a font that can't be opened, or that is not a file (a FIFO's open
    /// blocked the old code's reload for ever), is refused and the panel stays as it was.
    @Test(arguments: ["missing.ttf", "font.fifo", "folder", "/dev/zero"])
    func aReloadNamingAFontThatCantBeOpenedKeepsThePanel(font: String) throws {
        let panel = try start(description(label: "Wireless"))
        let path = font.hasPrefix("/") ? font : folder.file(font)
        if font == "font.fifo" { #expect(mkfifo(path, 0o600) == 0) }
        if font == "folder" { #expect(mkdir(path, 0o700) == 0) }
        folder.write(description(label: "Wireless").replacing(folder.file("font.ttf"), with: path), to: "panel.yml")
        panel.signal(SIGHUP)
        #expect(panel.waitForLog("keeping the panel as it was"), "\(panel.log)")
        #expect(panel.log.contains(path), "the error names the font: \(panel.log)")
        try expectStillRunningThenStops(panel)
    }

    /// A failed action's badge shortens the label, which then needs "…": the old painter
    /// measured that cut only when the badge first showed, reading a glyph not yet cached from
    /// the file. The layout now works out where the badge goes at start (the model hit-tests
    /// it), so the cut is measured before the font is truncated: the badge shows, nothing is
    /// read from the truncated file, and the panel goes on. (A glyph first needed after the
    /// truncation, a failure sheet's text, is left out and said once: FontFileTests and
    /// FailureSheetTests.aSheetDrawnWithATruncatedFontLeavesGlyphsOut.)
    @Test func theBadgesCutLabelIsMeasuredAtStart() throws {
        let label = try labelCutOnlyByTheBadge()
        let panel = try start(description(label: label, action: ", action: {exec: [/bin/false]}"))
        truncateFont()
        _ = CommandRunner.run(["ctl", "--socket", folder.file("panel.sock"), "set", "wifi", "false"])
        #expect(panel.waitForLog("failed: exited with status 1"), "\(panel.log)")
        try expectStillRunningThenStops(panel)
        #expect(!panel.log.contains("cannot load glyph"), "the cut was measured at start: \(panel.log)")
    }

    /// A label that fits its row whole but is cut with "…" once the error badge needs room.
    func labelCutOnlyByTheBadge() throws -> String {
        let parsed = try PanelDescription.parse(description(label: "m").replacing(folder.file("font.ttf"), with: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"),
                                                file: "t.yml", fileExists: { _ in true })
        let row = try #require(PanelLayout(description: parsed, logicalSize: Self.screen).sections.first?.rows.first)
        let font = try Font(path: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", pixelSize: parsed.controls[0].labelStyle.fontSize)
        let room = Double(row.labelWidth) - ErrorBadge.gap - ErrorBadge.diameter
        var label = "m"
        while font.measure(label) <= room { label += "m" }
        #expect(font.measure(label) <= Double(row.labelWidth), "a label between the two widths")
        #expect(font.truncated(label, toWidth: room).hasSuffix("…"))
        return label
    }
}
