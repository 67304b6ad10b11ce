import Glibc
import PanelUI

/// Shows the panel with live input until SIGTERM or SIGINT. A stand-in for the event
/// loop, kept to this one function so that loop can replace it whole.
///
/// Waits on the input and a signal descriptor: one frame (16 ms) at most while something
/// animates, until idle blanking is due otherwise, else for ever. Every wake-up drains all
/// of libinput's events, so a tap whose down and up arrive together is not lost.
/// `signals` is `TerminationSignals.descriptor()`.
func pumpInput(_ input: LibinputInput, into session: PanelSession, signals: borrowing FileDescriptor) throws(DisplayError) {
    let start = Commands.monotonicSeconds()
    var waits = [pollfd(fd: input.fd, events: Int16(POLLIN), revents: 0),
                 pollfd(fd: signals.rawValue, events: Int16(POLLIN), revents: 0)]
    while !TerminationSignals.isPending {
        var now = Commands.monotonicSeconds() - start
        let timeout: CInt = if session.isAnimating {
            CInt((PanelSession.frameInterval * 1000).rounded(.down))
        } else if let deadline = session.blanker?.deadline {
            CInt(max(0, (deadline - now) * 1000).rounded(.up))
        } else { -1 }
        _ = poll(&waits, nfds_t(waits.count), timeout)  // EINTR or a timeout: just go round
        now = Commands.monotonicSeconds() - start
        for touch in input.drain(at: now) {
            try session.deliver(touch, at: now)
        }
        try session.idle(until: now)
        try session.renderFrame(at: now)
    }
}
