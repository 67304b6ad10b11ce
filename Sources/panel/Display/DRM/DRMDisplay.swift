import CDrm
import Glibc
import PanelUI

/// A real screen through DRM/KMS dumb buffers.
///
/// The session draws into its ordinary-memory frame (the shadow); `present` copies only
/// damaged rectangles, rotated and converted, into a buffer the display is not reading,
/// then shows it: `drmModeSetCrtc` for the first frame, page flips after that. Drivers that
/// cannot flip (SPI "tinydrm" panels, some simple drivers) get one buffer flushed with
/// `drmModeDirtyFB`. `close()` (or deinit) puts the old CRTC back and drops master.
final class DRMDisplay: Display {
    enum Path: Equatable {
        /// Two buffers, a flip per frame: never a torn frame.
        case pageFlip
        /// One scanned-out buffer written in place, flushed with DirtyFB where the driver needs it.
        case singleBuffer(dirtyFB: Bool)
    }

    let card: DRMCard
    let screenSize: Size
    /// The connector's millimetres; nil where it reports 0 (many HDMI adapters and SPI panels).
    var physicalSize: (size: PhysicalSize, source: String)? {
        DRMDisplay.physicalSize(of: choice.connector)
    }
    let format: ScanoutFormat
    private(set) var choice: DRMChoice
    private(set) var path: Path
    private let request: DRMRequest
    private let log: Log
    private var buffers: [DumbBuffer]
    private var damage: BufferDamage
    private var flip: FlipState<DumbBuffer> = .off
    private var saved: SavedCRTC?
    private var dpmsProperty: UInt32?
    private var lost = false

    /// Called with each completed page flip's timestamp (the kernel's, CLOCK_MONOTONIC µs).
    var onFlip: ((UInt64) -> Void)?

    /// How long a queued flip may take before the driver is declared stuck (TCG VMs are slow).
    static let flipTimeoutMilliseconds: CInt = 5000

    /// Opens the device the request names (or the first with a connected display) and
    /// prepares buffers; nothing changes on screen until the first `present`.
    init(request: DRMRequest, log: Log) throws(DRMError) {
        let paths = request.devicePath.map { [$0] } ?? DRMCard.devicePaths()
        var snapshots: [DRMResources] = []
        var cards: [String: DRMCard] = [:]
        var firstError: DRMError?
        for path in paths {
            do throws(DRMError) {
                let card = try DRMCard(path: path)
                snapshots.append(try card.resources())
                cards[path] = card
            } catch {
                firstError = firstError ?? error
            }
        }
        if snapshots.isEmpty, let firstError { throw firstError }
        let device: DRMResources
        let choice: DRMChoice
        do throws(DRMSelectionError) {
            device = try DRMSelection.device(among: snapshots, request: request)
            choice = try DRMSelection.choose(in: device, request: request)
        } catch {
            throw DRMError("choose a display", advice: error.message)
        }
        self.choice = choice
        let card = cards[device.path]!
        self.card = card
        try card.becomeMaster()
        self.request = request
        self.log = log
        screenSize = choice.mode.size
        let crtcIndex = device.crtcs.firstIndex { $0.id == choice.crtcID } ?? 0
        let formats = card.formats(crtcIndex: crtcIndex)
        format = request.format.map { $0 == .rgb565 ? .rgb565 : .xrgb8888 }
            ?? (formats.isEmpty || formats.contains(ScanoutFormat.xrgb8888.fourcc) || !formats.contains(ScanoutFormat.rgb565.fourcc)
                ? .xrgb8888 : .rgb565)
        buffers = []
        for _ in 0..<max(1, min(2, request.buffers)) {
            buffers.append(try DumbBuffer(card: card, size: screenSize, format: format))
        }
        path = buffers.count == 2 ? .pageFlip : .singleBuffer(dirtyFB: true)
        damage = BufferDamage(buffers: buffers.count, full: Rect(size: screenSize))
        saved = try SavedCRTC(card: card, crtcID: choice.crtcID, connectorID: choice.connector.id)
        dpmsProperty = card.connectorProperty("DPMS", connectorID: choice.connector.id)
        log.info("display: \(card.path) (\(device.driver)) connector \(choice.connector.name) \(choice.mode.description) on CRTC \(choice.crtcID), \(format.rawValue), \(buffers.count) dumb buffer\(buffers.count == 1 ? "" : "s")")
    }

    deinit { close() }

    /// The descriptor the event loop polls: readable when a flip event is waiting.
    var fileDescriptor: CInt { card.fd }

    /// A queued flip has not completed: the event loop presents nothing until its event
    /// arrives (`present` would otherwise wait for it; the replay's virtual clock relies on that).
    var isFlipPending: Bool { flip.isPending }

    // MARK: presenting

    func present(_ frame: PixelBuffer, damage logicalDamage: [Rect], rotation: Rotation) throws(DisplayError) {
        guard !lost else { return }
        do throws(DRMError) {
            if flip.isPending { try waitForPendingFlip() }
            let index = buffers.firstIndex { !flip.isBusy($0) } ?? 0
            let buffer = buffers[index]
            // Damage is tracked in screen rectangles; the copy takes logical ones.
            let screenDamage = logicalDamage.map { rotation.toScreen($0, logical: frame.size) }
            let rects = damage.take(for: index, damage: screenDamage)
            let inverse = Rotation(degrees: (360 - rotation.degrees) % 360)!
            for rect in rects {
                frame.copyRotated(rect: inverse.toScreen(rect, logical: screenSize), rotation: rotation, into: buffer.target)
            }
            switch flip {
            case .off:
                try modeset(buffer)
                if case .singleBuffer = path { try flush(buffer, rects) }
            case .shown where path == .pageFlip:
                try queueFlip(to: buffer, damage: rects)
            case .shown, .flipping:
                try flush(buffer, rects)
            }
        } catch {
            if reprobeAfterFailure() { return }
            throw DisplayError(message: "panel: display: \(error)")
        }
    }

    private func modeset(_ buffer: DumbBuffer) throws(DRMError) {
        var connector = choice.connector.id
        var mode = try card.rawMode(connectorID: choice.connector.id, index: choice.mode.index)
        try card.check(drmModeSetCrtc(card.fd, choice.crtcID, buffer.framebufferID, 0, 0, &connector, 1, &mode),
                       "show a frame on connector \(choice.connector.name) (CRTC \(choice.crtcID))")
        flip.modeset(buffer)
        log.info(path == .pageFlip
            ? "display: modeset done; page flips from now on (two buffers)"
            : "display: modeset done; one buffer drawn in place and flushed with DirtyFB")
    }

    private func queueFlip(to buffer: DumbBuffer, damage rects: [Rect]) throws(DRMError) {
        let result = drmModePageFlip(card.fd, choice.crtcID, buffer.framebufferID, UInt32(DRM_MODE_PAGE_FLIP_EVENT),
                                     Unmanaged.passUnretained(self).toOpaque())
        if result == 0 {
            flip.queueFlip(to: buffer)
            return
        }
        let errno = Errno.current
        guard [EINVAL, ENOSYS, EOPNOTSUPP].contains(errno.rawValue) else {
            throw DRMError("queue a page flip on CRTC \(choice.crtcID)", errno: errno)
        }
        // No page flip here (tinydrm and other simple drivers): keep the buffer just drawn,
        // which holds the whole frame, and write into it in place from now on.
        log.info("display: page flip not supported by this driver (\(errno)); falling back to one buffer and DirtyFB")
        buffers = [buffer]
        damage = BufferDamage(buffers: 1, full: Rect(size: screenSize))
        _ = damage.take(for: 0, damage: [])
        path = .singleBuffer(dirtyFB: true)
        try modeset(buffer)
        try flush(buffer, [Rect(size: screenSize)])
    }

    /// Tells the driver which parts of a scanned-out buffer changed. virtio-gpu needs it
    /// to copy CPU writes to the host; bochs answers ENOSYS because its writes show at once.
    private func flush(_ buffer: DumbBuffer, _ rects: [Rect]) throws(DRMError) {
        guard path == .singleBuffer(dirtyFB: true), !rects.isEmpty else { return }
        var clips = rects.map { r in
            drmModeClip(x1: UInt16(clamping: r.minX), y1: UInt16(clamping: r.minY), x2: UInt16(clamping: r.maxX), y2: UInt16(clamping: r.maxY))
        }
        let result = drmModeDirtyFB(card.fd, buffer.framebufferID, &clips, UInt32(clips.count))
        guard result < 0 else { return }
        let errno = Errno.current
        guard errno.rawValue == ENOSYS else { throw DRMError("flush a frame with DirtyFB", errno: errno) }
        path = .singleBuffer(dirtyFB: false)
        log.info("display: the driver has no DirtyFB (ENOSYS): its writes show at once")
    }

    // MARK: flip events

    /// Reads the events waiting on the DRM descriptor (the event loop calls this when it is readable).
    func handleEvents() throws(DRMError) {
        var context = drmEventContext()
        context.version = 2
        context.page_flip_handler = { _, _, seconds, microseconds, userData in
            guard let userData else { return }
            let display = Unmanaged<DRMDisplay>.fromOpaque(userData).takeUnretainedValue()
            display.flip.flipCompleted()
            display.onFlip?(UInt64(seconds) * 1_000_000 + UInt64(microseconds))
        }
        try card.check(drmHandleEvent(card.fd, &context), "read DRM events")
    }

    /// Blocks until the queued flip has happened, so its buffers can be reused.
    func waitForPendingFlip() throws(DRMError) {
        while flip.isPending {
            var pollFD = pollfd(fd: card.fd, events: Int16(POLLIN), revents: 0)
            let ready: CInt
            do {
                ready = try retryingInterrupts { poll(&pollFD, 1, Self.flipTimeoutMilliseconds) }
            } catch {
                throw DRMError("wait for a page flip", errno: error)
            }
            guard ready > 0 else {
                throw DRMError("wait for a page flip", advice: "the driver did not complete it within \(Self.flipTimeoutMilliseconds) ms")
            }
            try handleEvents()
        }
    }

    // MARK: power and hotplug

    /// Idle blanking: DPMS off through the connector property, or a black frame where
    /// the driver has none. Turning on again needs a full redraw from the caller.
    func setPower(on: Bool) throws(DisplayError) {
        guard !lost else { return }
        if let dpmsProperty {
            let value: UInt64 = on ? UInt64(DRM_MODE_DPMS_ON) : UInt64(DRM_MODE_DPMS_OFF)
            do throws(DRMError) {
                try card.check(drmModeConnectorSetProperty(card.fd, choice.connector.id, dpmsProperty, value), "set DPMS")
            } catch {
                throw DisplayError(message: "panel: display: \(error)")
            }
        } else if !on {
            let black = PixelBuffer(size: screenSize)
            try present(black, damage: [black.bounds], rotation: .r0)
        }
    }

    /// Re-reads the connectors (after a udev hotplug event or a failed flip) and acts on it.
    /// Returns the decision: `.modeset` means the caller must redraw the whole frame.
    @discardableResult
    func reprobe() throws(DisplayError) -> HotplugDecision {
        let decision: HotplugDecision
        do throws(DRMError) {
            if flip.isPending { try? waitForPendingFlip() }
            decision = HotplugDecision.decide(current: lost ? nil : choice, device: try card.resources(),
                                              request: request, screenSize: screenSize)
        } catch {
            throw DisplayError(message: "panel: display: \(error)")
        }
        switch decision {
        case .keep:
            break
        case .wait:
            if !lost { log.warning("display: \(choice.connector.name) is gone; waiting for a display to be plugged in") }
            lost = true
            flip = .off
        case .modeset(let next):
            log.info("display: output \(next.connector.name) \(next.mode.description) connected; setting it up")
            choice = next
            lost = false
            flip = .off
            damage.invalidateAll()
        }
        return decision
    }

    /// After a failed flip or modeset: true when the output is gone (stop and wait).
    private func reprobeAfterFailure() -> Bool {
        guard let decision = try? reprobe() else { return false }
        return decision == .wait
    }

    // MARK: closing

    /// Puts the old CRTC back, frees the buffers; the card drops master as it goes away.
    func close() {
        guard let saved else { return }
        self.saved = nil
        if flip.isPending { try? waitForPendingFlip() }
        do throws(DRMError) {
            try saved.restore(card: card)
            log.info("display: restored CRTC \(saved.crtc.crtc_id) to framebuffer \(saved.framebufferID)")
        } catch {
            log.warning("display: \(error)")
        }
        flip = .off
        buffers = []
    }
}

extension DRMDisplay {
    /// What a connector says of its size, for `scale: auto` and `panel outputs`.
    static func physicalSize(of connector: DRMConnectorInfo) -> (size: PhysicalSize, source: String)? {
        guard connector.widthMillimetres > 0, connector.heightMillimetres > 0 else { return nil }
        return (PhysicalSize(width: Double(connector.widthMillimetres), height: Double(connector.heightMillimetres)),
                "connector \(connector.name)")
    }
}
