import CDrm
import Glibc
import PanelUI

/// A DRM dumb buffer: kernel memory the display scans out, mapped into this process and
/// registered as a framebuffer. Removed, unmapped and destroyed on deinit.
final class DumbBuffer {
    let card: DRMCard
    let size: Size
    let format: ScanoutFormat
    let framebufferID: UInt32
    private let handle: UInt32
    private let pitch: Int
    private let mapping: UnsafeMutableRawPointer
    private let byteCount: Int

    init(card: DRMCard, size: Size, format: ScanoutFormat) throws(DRMError) {
        self.card = card
        self.size = size
        self.format = format
        var handle: UInt32 = 0, pitch: UInt32 = 0, byteCount: UInt64 = 0
        try card.check(drmModeCreateDumbBuffer(card.fd, UInt32(size.width), UInt32(size.height),
                                               UInt32(format.bytesPerPixel * 8), 0, &handle, &pitch, &byteCount),
                       "create a \(size.width)x\(size.height) dumb buffer on \(card.path)")
        var offset: UInt64 = 0
        var mapping: UnsafeMutableRawPointer?
        var framebufferID: UInt32 = 0
        do throws(DRMError) {
            try card.check(drmModeMapDumbBuffer(card.fd, handle, &offset), "prepare a dumb buffer for mapping")
            let mapped = mmap(nil, Int(byteCount), PROT_READ | PROT_WRITE, MAP_SHARED, card.fd, off_t(offset))
            guard let mapped, mapped != MAP_FAILED else { throw DRMError("map a dumb buffer", errno: .current) }
            mapping = mapped
            var handles: (UInt32, UInt32, UInt32, UInt32) = (handle, 0, 0, 0)
            var pitches: (UInt32, UInt32, UInt32, UInt32) = (pitch, 0, 0, 0)
            var offsets: (UInt32, UInt32, UInt32, UInt32) = (0, 0, 0, 0)
            let result = withUnsafePointer(to: &handles.0) { h in
                withUnsafePointer(to: &pitches.0) { p in
                    withUnsafePointer(to: &offsets.0) { o in
                        drmModeAddFB2(card.fd, UInt32(size.width), UInt32(size.height), format.fourcc, h, p, o, &framebufferID, 0)
                    }
                }
            }
            try card.check(result, "add a \(format.rawValue) framebuffer (the driver may not take this format; try --display drm,format=rgb565)")
        } catch {
            if let mapping { munmap(mapping, Int(byteCount)) }
            _ = drmModeDestroyDumbBuffer(card.fd, handle)
            throw error
        }
        self.handle = handle
        self.pitch = Int(pitch)
        self.mapping = mapping!
        self.byteCount = Int(byteCount)
        self.framebufferID = framebufferID
    }

    deinit {
        _ = drmModeRmFB(card.fd, framebufferID)
        munmap(mapping, byteCount)
        _ = drmModeDestroyDumbBuffer(card.fd, handle)
    }

    var target: ScanoutTarget {
        ScanoutTarget(base: mapping, pitch: pitch, size: size, format: format)
    }
}
