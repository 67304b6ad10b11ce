import Testing
import PanelUI
@testable import panel

struct LayoutAndTouchesTests {
    func layoutTargets(_ args: [String]) throws -> [JSONValue] {
        let result = CommandRunner.run(["layout"] + args)
        #expect(result.status == 0, "\(result.err)")
        guard case .array(let targets) = try JSONValue.parse(result.out) else {
            Issue.record("layout prints a JSON array")
            return []
        }
        return targets
    }

    func frame(_ json: JSONValue?) -> Rect? {
        guard let json, case .number(let x)? = json["x"], case .number(let y)? = json["y"],
              case .number(let w)? = json["width"], case .number(let h)? = json["height"] else { return nil }
        return Rect(x: Int(x), y: Int(y), width: Int(w), height: Int(h))
    }

    @Test func demoLayoutListsEveryTouchTarget() throws {
        let targets = try layoutTargets([])
        #expect(targets.map { $0["id"] } == ["wifi", "bluetooth", "hotspot", "mode", "mode", "mode"].map { .string($0) })
        #expect(targets.map { $0["option"] } == [nil, nil, nil, .string("eco"), .string("balanced"), .string("performance")])
        #expect(targets[0]["kind"] == .string("switch"))
        #expect(targets[0]["label"] == .string("Wi-Fi"))
        #expect(frame(targets[0]["frame"]) == Rect(x: 16, y: 96, width: 768, height: 52))
        for target in targets {
            let row = try #require(frame(target["frame"]))
            let control = try #require(frame(target["control_frame"]))
            #expect(row.contains(control))
            #expect(Rect(x: 0, y: 0, width: 800, height: 480).contains(row), "the demo fits 800x480")
        }
    }

    @Test(arguments: [Rotation.r90, .r180, .r270])
    func rotatedLayoutIsInScreenPixels(_ rotation: Rotation) throws {
        let screen = rotation == .r180 ? "800x480" : "480x800"
        let plain = try layoutTargets(["--display", "headless:800x480"])
        let turned = try layoutTargets(["--display", "headless:\(screen)", "--rotate", String(rotation.degrees)])
        let logical = Size(width: 800, height: 480)
        #expect(plain.count == turned.count)
        for (a, b) in zip(plain, turned) {
            let expected = try rotation.toScreen(#require(frame(a["frame"])), logical: logical)
            #expect(frame(b["frame"]) == expected)
        }
    }

    @Test func touchesDecodeTheDemoRecording() throws {
        let result = CommandRunner.run(["touches", "--input", "replay:" + RepositoryFile.path("demo/taps.evemu")])
        #expect(result.status == 0, "\(result.err)")
        let events = try result.out.split(separator: "\n").map { try JSONValue.parse(String($0)) }
        let downs = events.filter { $0["event"] == .string("down") }
        #expect(downs.count == 5)
        #expect(events.filter { $0["event"] == .string("up") }.count == 5)
        #expect(downs.first?["x"] == .number(400))
        #expect(downs.first?["y"] == .number(226))
        #expect(downs.first?["time"] == .number(200))
    }

    @Test func touchesReportLogicalPositionsForARotatedPanel() throws {
        let result = CommandRunner.run(["touches", "--input", "replay:" + RepositoryFile.path("demo/taps.evemu"), "--rotate", "180"])
        let first = try JSONValue.parse(String(result.out.split(separator: "\n")[0]))
        #expect(first["x"] == .number(400))
        #expect(first["logical_x"] == .number(400))
        #expect(first["logical_y"] == .number(480 - 226))
    }

    @Test func malformedRecordingNamesFileAndLine() {
        let dir = TemporaryFolder()
        let path = dir.write("N: Broken\nI: 0003 0001 0002 0003\nE: 0.1 0003 zz 5\n", to: "bad.evemu")
        let result = CommandRunner.run(["touches", "--input", "replay:" + path])
        #expect(result.status == 2)
        #expect(result.err.hasPrefix("\(path):"), "\(result.err)")
    }
}
