import Glibc
import Testing
import PanelUI
@testable import panel

/// Device, connector, mode and CRTC choices over made-up resources.
struct DRMSelectionTests {
    static func mode(_ w: Int, _ h: Int, _ hz: Int = 60, preferred: Bool = false, index: Int = 0) -> DRMModeInfo {
        DRMModeInfo(width: w, height: h, refresh: hz, preferred: preferred, index: index)
    }

    static func connector(_ id: UInt32, _ name: String, _ status: DRMConnectorInfo.Status = .connected,
                          modes: [DRMModeInfo] = [mode(800, 480, preferred: true)], encoders: [UInt32], current: UInt32 = 0) -> DRMConnectorInfo {
        DRMConnectorInfo(id: id, name: name, status: status, widthMillimetres: 154, heightMillimetres: 86,
                         modes: modes, encoderIDs: encoders, currentEncoderID: current)
    }

    /// Two CRTCs (10, 11); HDMI's encoder drives either, DSI's only the second.
    static func device(_ path: String = "/dev/dri/card0", hdmi: DRMConnectorInfo.Status = .connected,
                       hdmiEncoderCRTC: UInt32 = 0) -> DRMResources {
        DRMResources(path: path, driver: "test",
                     connectors: [connector(1, "HDMI-A-1", hdmi, modes: [mode(1280, 720, index: 0), mode(1920, 1080, 50, index: 1),
                                                                         mode(1920, 1080, 60, index: 2), mode(1024, 600, preferred: true, index: 3)],
                                            encoders: [20], current: hdmiEncoderCRTC == 0 ? 0 : 20),
                                  connector(2, "DSI-1", modes: [mode(800, 480, index: 0)], encoders: [21])],
                     encoders: [DRMEncoderInfo(id: 20, possibleCRTCs: 0b11, currentCRTCID: hdmiEncoderCRTC),
                                DRMEncoderInfo(id: 21, possibleCRTCs: 0b10, currentCRTCID: 0)],
                     crtcs: [DRMCRTCInfo(id: 10, framebufferID: 0, mode: nil), DRMCRTCInfo(id: 11, framebufferID: 0, mode: nil)])
    }

    @Test func firstDeviceWithAConnectedConnectorUnlessOneIsNamed() throws {
        let dark = DRMResources(path: "/dev/dri/card0", driver: "simpledrm", connectors: [Self.connector(5, "Unknown-1", .disconnected, encoders: [])],
                                encoders: [], crtcs: [])
        let lit = Self.device("/dev/dri/card1")
        #expect(try DRMSelection.device(among: [dark, lit], request: DRMRequest()).path == "/dev/dri/card1")
        #expect(try DRMSelection.device(among: [dark, lit], request: DRMRequest(devicePath: "/dev/dri/card0")).path == "/dev/dri/card0")
        #expect(throws: DRMSelectionError.self) { try DRMSelection.device(among: [dark], request: DRMRequest()) }
        #expect(throws: DRMSelectionError(message: "no DRM device /dev/dri/card7 (found: /dev/dri/card0)")) {
            try DRMSelection.device(among: [dark], request: DRMRequest(devicePath: "/dev/dri/card7"))
        }
    }

    @Test func connectorFirstConnectedOrByName() throws {
        let device = Self.device(hdmi: .disconnected)
        #expect(try DRMSelection.connector(of: device, request: DRMRequest()).name == "DSI-1")
        #expect(throws: DRMSelectionError(message: "connector HDMI-A-1 on /dev/dri/card0 is disconnected")) {
            try DRMSelection.connector(of: device, request: DRMRequest(connector: "HDMI-A-1"))
        }
        #expect(throws: DRMSelectionError(message: "/dev/dri/card0 has no connector VGA-1 (it has HDMI-A-1, DSI-1)")) {
            try DRMSelection.connector(of: device, request: DRMRequest(connector: "VGA-1"))
        }
    }

    @Test func modeAskedForElsePreferredElseLargest() throws {
        let hdmi = Self.device().connectors[0]
        #expect(try DRMSelection.mode(of: hdmi, request: DRMRequest()).index == 3, "preferred")
        #expect(try DRMSelection.mode(of: hdmi, request: DRMRequest(size: Size(width: 1920, height: 1080))).index == 2, "fastest of that size")
        #expect(try DRMSelection.mode(of: hdmi, request: DRMRequest(size: Size(width: 1920, height: 1080), refresh: 50)).index == 1)
        var noPreferred = hdmi
        noPreferred.modes.removeLast()
        #expect(try DRMSelection.mode(of: noPreferred, request: DRMRequest()).index == 2, "largest, then fastest")
        #expect(throws: DRMSelectionError.self) {
            try DRMSelection.mode(of: hdmi, request: DRMRequest(size: Size(width: 640, height: 480)))
        }
    }

    @Test func crtcInUseIsKeptElseAFreeOneTheEncoderCanDrive() throws {
        #expect(try DRMSelection.crtc(for: Self.device().connectors[0], in: Self.device()) == (20, 10))
        let lit = Self.device(hdmiEncoderCRTC: 11)
        #expect(try DRMSelection.crtc(for: lit.connectors[0], in: lit) == (20, 11), "keeps what the console set up")
        // DSI can only use CRTC 11, which HDMI is using.
        #expect(throws: DRMSelectionError(message: "no free CRTC can drive connector DSI-1 on /dev/dri/card0")) {
            try DRMSelection.crtc(for: lit.connectors[1], in: lit)
        }
        let choice = try DRMSelection.choose(in: Self.device(), request: DRMRequest(connector: "DSI-1"))
        #expect(choice.crtcID == 11 && choice.encoderID == 21 && choice.mode.size == Size(width: 800, height: 480))
    }

    @Test func hotplugKeepsWaitsOrModesets() throws {
        let device = Self.device()
        let request = DRMRequest(connector: "DSI-1")
        let current = try DRMSelection.choose(in: device, request: request)
        let screen = Size(width: 800, height: 480)
        #expect(HotplugDecision.decide(current: current, device: device, request: request, screenSize: screen) == .keep)
        var unplugged = device
        unplugged.connectors[1].status = .disconnected
        #expect(HotplugDecision.decide(current: current, device: unplugged, request: request, screenSize: screen) == .wait)
        #expect(HotplugDecision.decide(current: nil, device: device, request: request, screenSize: screen) == .modeset(current), "plugged back")
        // Nothing named: another connected output with the panel's size takes over.
        var other = unplugged
        other.connectors[0].modes.append(Self.mode(800, 480, index: 4))
        guard case .modeset(let next) = HotplugDecision.decide(current: current, device: other, request: DRMRequest(), screenSize: screen) else {
            Issue.record("expected a modeset"); return
        }
        #expect(next.connector.name == "HDMI-A-1" && next.mode.index == 4)
        #expect(HotplugDecision.decide(current: current, device: unplugged, request: DRMRequest(), screenSize: screen) == .wait,
                "HDMI has no 800x480: a new size needs a restart")
    }

    @Test func displaySpecParsesDRMOptions() throws {
        #expect(try DisplaySpec(parsing: "drm") == .drm(DRMRequest()))
        #expect(try DisplaySpec(parsing: "drm:/dev/dri/card1,connector=HDMI-A-1,mode=1280x720@50,format=rgb565,buffers=1")
            == .drm(DRMRequest(devicePath: "/dev/dri/card1", connector: "HDMI-A-1", size: Size(width: 1280, height: 720),
                               refresh: 50, format: .rgb565, buffers: 1)))
        #expect(throws: UsageError.self) { try DisplaySpec(parsing: "drm,mode=big") }
        #expect(throws: UsageError.self) { try DisplaySpec(parsing: "drm,depth=24") }
        #expect(throws: UsageError.self) { try DisplaySpec(parsing: "drm:") }
    }

    @Test func errorsSayWhatToDo() {
        #expect(DRMError("open /dev/dri/card0", errno: Errno(EACCES)).description.contains("'video' group"))
        #expect(DRMError("become DRM master", errno: Errno(EBUSY)).description.contains("display manager"))
    }
}
