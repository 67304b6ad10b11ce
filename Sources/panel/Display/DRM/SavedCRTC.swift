import CDrm

/// The CRTC as it was before panel took it (the text console, a boot splash), to put back on exit.
struct SavedCRTC {
    let crtc: drmModeCrtc
    let connectorID: UInt32

    init(card: DRMCard, crtcID: UInt32, connectorID: UInt32) throws(DRMError) {
        guard let crtc = drmModeGetCrtc(card.fd, crtcID) else {
            throw DRMError("read CRTC \(crtcID) of \(card.path)", errno: .current)
        }
        self.crtc = crtc.pointee
        drmModeFreeCrtc(crtc)
        self.connectorID = connectorID
    }

    var framebufferID: UInt32 { crtc.buffer_id }

    /// Shows the old framebuffer with the old mode again, or turns the CRTC off if it was off.
    func restore(card: DRMCard) throws(DRMError) {
        var connector = connectorID
        var mode = crtc.mode
        if crtc.buffer_id == 0 || crtc.mode_valid == 0 {
            try card.check(drmModeSetCrtc(card.fd, crtc.crtc_id, 0, 0, 0, nil, 0, nil), "turn CRTC \(crtc.crtc_id) off again")
        } else {
            try card.check(drmModeSetCrtc(card.fd, crtc.crtc_id, crtc.buffer_id, crtc.x, crtc.y, &connector, 1, &mode),
                           "restore CRTC \(crtc.crtc_id) to framebuffer \(crtc.buffer_id)")
        }
    }
}
