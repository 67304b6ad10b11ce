import PanelUI

/// A live source of touches that the event loop watches (libinput on a real panel).
///
/// The loop adds `fd` to its epoll set (EPOLLIN, level-triggered) and, each time it is
/// readable, calls `drain(at:)` once with the loop clock's time. `drain` must read
/// everything waiting without blocking and return the touches in order, positions in
/// screen pixels (before rotation), each touch frame ending in a `.frame` event as
/// libinput's TOUCH_FRAME does; the loop delivers them all, then draws one frame.
/// Problems are the source's to log; it returns what it could read.
protocol InputSource: AnyObject {
    var fd: CInt { get }
    func drain(at now: Double) -> [TouchEvent]
    /// When the kernel saw `touch` (one `drain` returned), CLOCK_MONOTONIC microseconds; nil
    /// when the source can't tell. For `panel run --stats`.
    func kernelMicroseconds(of touch: TouchEvent) -> UInt64?
}

extension InputSource {
    func kernelMicroseconds(of touch: TouchEvent) -> UInt64? { nil }
}
