import Glibc

/// Stream sockets on Unix paths: the control socket's listener and `panel ctl`'s connection.
enum UnixSocket {
    /// Listens on `path`, whose file is created with `mode` (0660: the service's user and
    /// group) whatever the process's umask. A socket file nobody listens on (left by a
    /// panel that was killed) is replaced; one that a live process answers on is not
    /// (EADDRINUSE, "another panel is listening on …"), nor is any other kind of file.
    static func listen(at path: String, mode: mode_t) throws(SystemCallError) -> FileDescriptor {
        // An abstract name has no file and no mode: anyone could connect (`ControlServer.refuseAbstract`).
        guard !path.hasPrefix("@") else {
            throw SystemCallError("listen on control socket \(path)", Errno(EINVAL), advice: "give a file path; an abstract name has no mode to keep other users out")
        }
        guard let address = UnixAddress.make(path) else {
            throw SystemCallError("use control socket path \(path)", Errno(ENAMETOOLONG), advice: "use a path shorter than 108 bytes")
        }
        let socket = try make(path)
        try bind(socket, to: address, path: path, mode: mode)
        do throws(Errno) {
            _ = try retryingInterrupts { Glibc.listen(socket.rawValue, SOMAXCONN) }
        } catch {
            throw SystemCallError("listen on control socket \(path)", error)
        }
        return socket
    }

    /// bind(2) with the umask set to leave exactly `mode`: bind has no mode argument, and a
    /// chmod afterwards would leave the socket as wide as the umask allows for a moment.
    /// (panel binds before its one other thread, the state writer, starts: nothing else creates files meanwhile.)
    private static func bind(_ socket: borrowing FileDescriptor, to address: (address: sockaddr_un, length: socklen_t),
                             path: String, mode: mode_t) throws(SystemCallError) {
        func attempt() throws(Errno) {
            let saved = umask(~mode & 0o777)
            defer { umask(saved) }
            _ = try retryingInterrupts { UnixAddress.with(address) { Glibc.bind(socket.rawValue, $0, $1) } }
        }
        let advice = "check that the folder exists and is writable (RuntimeDirectory=panel under systemd)"
        do throws(Errno) {
            try attempt()
            return
        } catch where error != Errno(EADDRINUSE) {
            throw SystemCallError("listen on control socket \(path)", error, advice: advice)
        } catch {}
        // Something is at the path already.
        var info = stat()
        if lstat(path, &info) == 0, info.st_mode & S_IFMT != S_IFSOCK {
            throw SystemCallError("create control socket \(path)", Errno(EEXIST), advice: "something that is not a socket is there; move it away")
        }
        switch probe(address) {
        case .answered:
            throw SystemCallError("listen on control socket \(path)", Errno(EADDRINUSE),
                                  advice: "another panel is listening on \(path); stop it, or give this one another --socket")
        case .stale:
            unlink(path)
        case .unknown(let error):
            throw SystemCallError("listen on control socket \(path)", Errno(EADDRINUSE),
                                  advice: "cannot tell whether a process listens there (connecting failed: \(error)); remove \(path) if none does")
        }
        do throws(Errno) {
            try attempt()
        } catch {
            throw SystemCallError("listen on control socket \(path)", error, advice: advice)
        }
    }

    private enum Probe {
        /// A process accepted the connection, or has a full backlog: it is alive.
        case answered
        /// ECONNREFUSED (no listener) or ENOENT (gone meanwhile): the file may be replaced.
        case stale
        case unknown(Errno)
    }

    /// Tries to connect to what listens at `address`, without waiting.
    private static func probe(_ address: (address: sockaddr_un, length: socklen_t)) -> Probe {
        let fd = socket(AF_UNIX, CInt(SOCK_STREAM.rawValue) | CInt(SOCK_CLOEXEC.rawValue) | CInt(SOCK_NONBLOCK.rawValue), 0)
        guard fd >= 0 else { return .unknown(Errno.current) }
        let probe = FileDescriptor(owning: fd)
        let result = UnixAddress.with(address) { Glibc.connect(probe.rawValue, $0, $1) }
        if result == 0 { return .answered }
        switch errno {
        case EAGAIN, EINPROGRESS: return .answered
        case ECONNREFUSED, ENOENT: return .stale
        default: return .unknown(Errno.current)
        }
    }

    /// Connects to the socket at `path` (blocking).
    static func connect(to path: String) throws(SystemCallError) -> FileDescriptor {
        guard let address = UnixAddress.make(path) else {
            throw SystemCallError("use control socket path \(path)", Errno(ENAMETOOLONG))
        }
        let socket = try make(path, nonBlocking: false)
        do throws(Errno) {
            _ = try retryingInterrupts { UnixAddress.with(address) { Glibc.connect(socket.rawValue, $0, $1) } }
        } catch {
            throw SystemCallError("connect to \(path)", error,
                                  advice: "is panel running with this socket (--socket, `socket:`, $RUNTIME_DIRECTORY/panel.sock), and may this user open it (group of the socket)?")
        }
        return socket
    }

    private static func make(_ path: String, nonBlocking: Bool = true) throws(SystemCallError) -> FileDescriptor {
        var type = CInt(SOCK_STREAM.rawValue) | CInt(SOCK_CLOEXEC.rawValue)
        if nonBlocking { type |= CInt(SOCK_NONBLOCK.rawValue) }
        do throws(Errno) {
            return FileDescriptor(owning: try retryingInterrupts { socket(AF_UNIX, type, 0) })
        } catch {
            throw SystemCallError("create a socket for \(path)", error)
        }
    }
}
