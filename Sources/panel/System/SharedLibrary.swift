import Glibc

/// A library opened with `dlopen` (RTLD_NOW | RTLD_LOCAL: a broken install fails here, with
/// dlerror's reason) for a process that may never need it: libinput, libmosquitto. It is never
/// closed once a function is taken from it, since those point into it; a function missing from
/// it closes it, as nothing taken from it is kept then.
struct SharedLibrary {
    enum Failure: Error {
        case cannotLoad(reason: String)
        case missingFunction(String, reason: String)
    }

    private let handle: UnsafeMutableRawPointer

    init(_ file: String) throws(Failure) {
        guard let handle = dlopen(file, RTLD_NOW | RTLD_LOCAL) else { throw .cannotLoad(reason: Self.lastLoaderError()) }
        self.handle = handle
    }

    /// The C function `name`, typed as `Function` (the header's `__typeof__` of it).
    func function<Function>(_ name: String) throws(Failure) -> Function {
        guard let address = dlsym(handle, name) else {
            let reason = Self.lastLoaderError()
            dlclose(handle)
            throw .missingFunction(name, reason: reason)
        }
        return unsafeBitCast(address, to: Function.self)
    }

    /// dlerror's sentence for the last failed dlopen or dlsym.
    private static func lastLoaderError() -> String {
        guard let message = dlerror() else { return "no reason given" }
        return String(cString: message)
    }
}
