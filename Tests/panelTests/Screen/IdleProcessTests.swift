import Glibc
import Testing
import PanelUI
@testable import panel

/// The idle stages and the backlight through the built binary: a replay on its virtual clock
/// that dims, goes off and wakes, a real EACCES from a backlight the panel's user may not
/// write, and `panel check`'s located mistakes.
struct IdleProcessTests {
    let folder = TemporaryFolder()
    let sysfs = FakeSysfs()

    func description(_ extra: String = "") -> String {
        """
        idle: {dim_after: 60, dim_to: 20%, off_after: 300}
        on_idle: {exec: [/bin/sh, -c, "echo {value} >> \(folder.file("idle.log"))"]}
        \(extra)sections:
          - controls:
              - {id: wifi, kind: switch}
              - {id: light, kind: slider, unit: "%", default: 60, bind: backlight}

        """
    }

    /// A tap on wifi at 1 s and another at 400 s, after the screen dimmed and went off.
    func recording(_ yaml: String) throws -> String {
        let parsed = try PanelDescription.parse(yaml, file: "p.yml", fileExists: { _ in true })
        let screen = Size(width: 800, height: 480)
        let row = try #require(PanelLayout(description: parsed, logicalSize: screen).targets.first {
            if case .control(0, _) = $0.kind { true } else { false }
        })
        var recording = try SyntheticRecording()
        for start in [1.0, 400] {
            recording.touchDown(slot: 0, at: SyntheticRecording.device(row.frame.center, screen: screen), time: start)
            recording.touchUp(slot: 0, time: start + 0.05)
        }
        return folder.write(recording.text, to: "taps.evemu")
    }

    @Test func aReplayDimsGoesOffAndTheWakingTapTogglesNothing() throws {
        let bl = sysfs.addBacklight("panel-bl", type: "raw", max: 1000, brightness: 1000, linked: true)
        let yaml = description()
        let config = folder.write(yaml, to: "panel.yml")
        let panel = try PanelProcess(["run", "--config", config, "--state", folder.file("state.json"), "--display", "headless:800x480",
                                      "--input", "replay:" + recording(yaml), "--backlight", "auto"],
                                     log: folder.file("panel.log"), environment: ["PANEL_SYSFS_ROOT": sysfs.root])
        #expect(panel.wait(seconds: 20) == .exited(0), "\(panel.log)")
        let log = panel.log
        #expect(log.contains("panel: backlight: panel-bl (type raw, the only device)"), "\(log)")
        #expect(log.contains("panel: idle: dimmed to 20% after 60 s without a touch"))
        #expect(log.contains("panel: idle: off after 300 s without a touch (backlight)"))
        #expect(log.contains("panel: idle: active, woken by a touch (the touch itself is ignored)"))
        let saved = try StateDocument.parse(#require(folder.readText("state.json")))
        #expect(saved.value(for: "wifi") == .bool(true), "the first tap toggled wifi on, the waking one did not toggle it back")
        #expect(sysfs.read(bl, "brightness") == "600", "the slider's 60 % after the wake")
        #expect(sysfs.read(bl, "bl_power") == "0")
        #expect(folder.readText("idle.log") == "dimmed\noff\nactive\n", "on_idle ran for each stage, in order")
    }

    @Test func aBacklightThePanelMayNotWriteIsReportedWithItsFix() throws {
        // Root ignores file modes: the panel runs as nobody, so the kernel's own EACCES is what it meets.
        let bl = sysfs.addBacklight("bl", max: 255, brightness: 255)
        #expect(chmod(bl + "/brightness", 0o444) == 0)
        #expect(chown(folder.path, 65534, 65534) == 0)
        #expect(chmod(sysfs.root, 0o755) == 0)
        let yaml = description()
        let config = folder.write(yaml, to: "panel.yml")
        let replay = try recording(yaml)
        let panel = try PanelProcess(["run", "--config", config, "--state", folder.file("state.json"), "--display", "headless:800x480",
                                      "--input", "replay:" + replay, "--backlight", bl],
                                     log: folder.file("panel.log"), user: 65534)
        #expect(panel.wait(seconds: 20) == .exited(0), "\(panel.log)")
        let log = panel.log
        #expect(log.contains("panel: error: backlight: cannot write \(bl)/brightness: permission denied (errno 13, EACCES); install systemd/90-panel-backlight.rules into /etc/udev/rules.d (scripts/install.sh does) so group video may write brightness and bl_power, and run panel in group video (panel.service has SupplementaryGroups=video); idle off uses DPMS or a black frame instead"), "\(log)")
        #expect(log.contains("panel: idle: off after 300 s without a touch (DPMS or a black frame)"))
        #expect(sysfs.read(bl, "brightness") == "255", "untouched")
        let saved = try StateDocument.parse(#require(folder.readText("state.json")))
        #expect(saved.value(for: "wifi") == .bool(true), "the panel went on without the backlight")
    }

    @Test func aPanelWithoutIdleNightOrBindLeavesTheBacklightAlone() throws {
        let bl = sysfs.addBacklight("bl", max: 255, brightness: 77)
        #expect(chmod(bl + "/brightness", 0o444) == 0)
        let config = folder.write("blank_after: 300\nsections: [{controls: [{id: wifi, kind: switch}]}]\n", to: "idle.yml")
        let plain = folder.write("sections: [{controls: [{id: wifi, kind: switch}]}]\n", to: "plain.yml")
        for (file, used) in [(config, true), (plain, false)] {
            let panel = try PanelProcess(["run", "--config", file, "--state", folder.file("state.json"), "--display", "headless:800x480",
                                          "--screenshot", folder.file("shot.png")],
                                         log: folder.file("panel.log"), environment: ["PANEL_SYSFS_ROOT": sysfs.root])
            #expect(panel.wait(seconds: 20) == .exited(0), "\(panel.log)")
            #expect(panel.log.contains("panel: backlight: bl (type raw, the only device)") == used, "\(panel.log)")
        }
        #expect(sysfs.read(bl, "brightness") == "77")
    }

    @Test(arguments: [
        ("idle: {dim_after: 60, dim_to: 20}\n", "1:31: 'dim_to' must be a percentage above 0% and at most 100%, like 20%, not '20'"),
        ("night: {from: \"22:00\", until: \"06:30\", brightnes: 10%}\n", "1:40: unknown key 'brightnes' in 'night' (did you mean 'brightness'?); the closest keys it takes: brightness, from, until"),
        ("backlight: \"\"\n", "1:12: 'backlight' must be auto, none, a device's name under /sys/class/backlight (like rpi_backlight) or a folder's path, not the quoted text \"\""),
    ])
    func checkLocatesScreenMistakes(_ key: String, _ message: String) {
        let config = folder.write(key + "sections: [{controls: [{id: a, kind: switch}]}]\n", to: "panel.yml")
        let result = CommandRunner.run(["check", "--config", config])
        #expect(result.status == 2)
        #expect(result.err == "\(config):\(message)")
    }
}
