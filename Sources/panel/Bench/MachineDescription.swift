import Glibc

/// What the figures were measured on: they mean little without it, and on a shared build
/// machine the load says how much to trust them.
enum MachineDescription {
    static func text() -> String {
        let cpu = firstValue(in: "/proc/cpuinfo", key: "model name") ?? "unknown CPU"
        let load = (try? readFile("/proc/loadavg"))?.split(separator: " ").prefix(3).joined(separator: " ") ?? "?"
        return "\(cpu), \(sysconf(Int32(_SC_NPROCESSORS_ONLN))) CPUs online, load average \(load)"
    }

    private static func firstValue(in file: String, key: String) -> String? {
        guard let text = try? readFile(file) else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix(key) {
            if let colon = line.firstIndex(of: ":") {
                return String(line[line.index(after: colon)...].drop { $0 == " " })
            }
        }
        return nil
    }
}
