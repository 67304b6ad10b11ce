/// A failed system call outside file handling: what was attempted, the errno, and what to do.
struct SystemCallError: Error, Equatable, CustomStringConvertible {
    /// What was attempted: "create the event loop's epoll instance".
    var action: String
    var errno: Errno
    /// A sentence a person can act on, when there is one.
    var advice: String?

    init(_ action: String, _ errno: Errno, advice: String? = nil) {
        self.action = action
        self.errno = errno
        self.advice = advice
    }

    var description: String {
        "cannot \(action): \(errno)" + (advice.map { "; \($0)" } ?? "")
    }
}
