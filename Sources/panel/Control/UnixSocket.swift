import Glibc

/// Stream sockets on Unix paths: the control socket's listener and `panel ctl`'s connection.
enum UnixSocket {
    /// Listens on `path` with `mode` (0660: the service's user and group). A socket file
    /// left by a previous run is replaced; any other file there is an error, not deleted.
    static func listen(at path: String, mode: mode_t) throws(SystemCallError) -> FileDescriptor {
        guard let address = UnixAddress.make(path) else {
            throw SystemCallError("use control socket path \(path)", Errno(ENAMETOOLONG), advice: "use a path shorter than 108 bytes")
        }
        var info = stat()
        if lstat(path, &info) == 0 {
            guard info.st_mode & S_IFMT == S_IFSOCK else {
                throw SystemCallError("create control socket \(path)", Errno(EEXIST), advice: "something that is not a socket is there; move it away")
            }
            unlink(path)
        }
        let socket = try make(path)
        do throws(Errno) {
            _ = try retryingInterrupts { UnixAddress.with(address) { bind(socket.rawValue, $0, $1) } }
            _ = try retryingInterrupts { chmod(path, mode) }
            _ = try retryingInterrupts { Glibc.listen(socket.rawValue, 64) }
        } catch {
            throw SystemCallError("listen on control socket \(path)", error,
                                  advice: "check that the folder exists and is writable (RuntimeDirectory=panel under systemd)")
        }
        return socket
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
