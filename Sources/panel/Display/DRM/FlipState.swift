/// Which buffer is on screen and which one a queued page flip will show.
///
/// `flipping` holds the buffer being flipped to, so it stays alive, and is never drawn
/// into, until the kernel's flip event says it is on screen; the buffer it replaces stays
/// scanned out until then too. (The model is Slint's linuxkms presenter.)
enum FlipState<Buffer: AnyObject> {
    /// Nothing of ours is on screen: before the first modeset, or after the output was lost.
    case off
    case shown(Buffer)
    case flipping(to: Buffer, from: Buffer)

    var isPending: Bool {
        if case .flipping = self { return true }
        return false
    }

    /// True for buffers the display may be reading now (drawing into them would tear).
    func isBusy(_ buffer: Buffer) -> Bool {
        switch self {
        case .off: false
        case .shown(let shown): shown === buffer
        case .flipping(let to, let from): to === buffer || from === buffer
        }
    }

    /// A modeset put `buffer` on screen at once.
    mutating func modeset(_ buffer: Buffer) {
        self = .shown(buffer)
    }

    /// A flip to `buffer` was queued; only valid while one buffer is shown and none pending.
    mutating func queueFlip(to buffer: Buffer) {
        guard case .shown(let shown) = self, shown !== buffer else {
            preconditionFailure("page flip queued while \(self)")
        }
        self = .flipping(to: buffer, from: shown)
    }

    /// The flip event arrived: the pending buffer is on screen, the old one free.
    mutating func flipCompleted() {
        if case .flipping(let to, _) = self { self = .shown(to) }
    }
}
