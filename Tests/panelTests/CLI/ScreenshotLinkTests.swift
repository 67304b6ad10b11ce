import Glibc
import PanelUI
import Testing
@testable import panel

/// `--screenshot` in a folder others may write (/tmp): libpng's fopen followed a symbolic link
/// planted at the path and truncated a file hard-linked there, writing the PNG into it. The
/// PNG now replaces the path by a rename; whatever was linked there keeps its bytes.
struct ScreenshotLinkTests {
    static let secret = "the panel user's other file\n"

    @Test(arguments: ["symbolic link", "hard link"])
    func aLinkAtTheScreenshotPathIsReplacedNotWrittenThrough(_ kind: String) throws {
        let folder = TemporaryFolder()
        let other = folder.write(Self.secret, to: "other")
        let shot = folder.file("shot.png")
        #expect((kind == "hard link" ? link(other, shot) : symlink(other, shot)) == 0)
        let panel = try PanelProcess(["run", "--display", "headless:200x120", "--input", "none", "--state", folder.file("state.json"),
                                      "--screenshot", shot], log: folder.file("panel.log"))
        #expect(panel.wait(seconds: 20) == .exited(0), "\(panel.log)")
        #expect(folder.readText("other") == Self.secret)
        var info = stat()
        #expect(lstat(shot, &info) == 0 && info.st_mode & S_IFMT == S_IFREG && info.st_nlink == 1)
        #expect(info.st_mode & 0o7777 == Screenshot.permissions)
        let image = try PNG.readPixels(path: shot)
        #expect(image.width == 200 && image.height == 120)
        #expect(folder.entries().filter { $0.hasPrefix(".shot.png") } == [], "no temporary file left")
    }
}
