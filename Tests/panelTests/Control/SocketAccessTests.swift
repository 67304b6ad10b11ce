import Glibc
import PanelUI
import Testing
@testable import panel

/// Who may reach the panel: an abstract socket name, which no file mode guards, is refused.
@Suite(.serialized)
struct SocketAccessTests {
    static let yaml = "sections:\n  - controls:\n      - {id: wifi, kind: switch, default: true}\n"

    @Test func anAbstractSocketNameIsRefused() throws {
        let folder = TemporaryFolder()
        folder.write(Self.yaml, to: "p.yml")
        let name = "@panel-test-\(getpid())"
        let panel = try PanelProcess(["run", "--config", folder.file("p.yml"), "--state", folder.file("state.json"), "--display", "headless:320x240",
                                      "--input", "none", "--socket", name], log: folder.file("run.log"))
        #expect(panel.wait(seconds: 30) == .exited(2), "the panel did not stop with status 2: \(panel.log)")
        #expect(panel.log.contains("panel run: --socket \(name): abstract socket names are refused, since any local user could connect"), "\(panel.log)")
        #expect(SocketClient(name) == nil, "nothing listens on \(name)")

        let ctl = try startCtl(["get"], socket: name, folder: folder)
        #expect(ctl.waitForExit() == .exited(2))
        #expect((folder.readText("ctl.err") ?? "").contains("panel ctl: --socket \(name): abstract socket names are refused"))
    }

    func startCtl(_ words: [String], socket: String, folder: TemporaryFolder) throws -> ChildProcess {
        try ChildProcess(argv: ["/bin/sh", "-c", "exec \"$0\" ctl --socket \"$@\" >\"$CTL_OUT\" 2>\"$CTL_ERR\"", PanelProcess.binary, socket] + words,
                         environment: ["CTL_OUT=\(folder.file("ctl.out"))", "CTL_ERR=\(folder.file("ctl.err"))"])
    }
}
