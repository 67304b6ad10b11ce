import Glibc
import PanelUI
import Testing
@testable import panel

/// Clients that send without end, against the built binary: 4 MiB of empty lines on one
/// connection, and two connections that send a request and then 64 MiB without a newline.
/// Meanwhile a well-behaved client asks `get` every 10 ms and is answered throughout.
struct ControlFloodTests {
    static let yaml = """
    sections:
      - controls:
          - {id: wifi, kind: switch, default: true}
          - {id: mode, kind: radio, options: [eco, fast], default: eco, must_have_selection: true}
    """

    @Test func floodsAndEndlessLinesStallNobody() throws {
        let folder = TemporaryFolder()
        let panel = try SocketPanel(yaml: Self.yaml, in: folder)
        #expect(panel.waitUntilServing(), "panel did not start: \(panel.log)")
        let baseline = panel.peakResidentBytes
        let good = try #require(SocketClient(panel.socketPath))
        let flood = try #require(SocketClient(panel.socketPath))
        let endless = try (0..<2).map { _ in try #require(SocketClient(panel.socketPath)) }
        for client in endless { #expect(client.send(#"{"cmd":"get","id":"wifi"}"# + "\n")) }

        let floodWriter = FloodWriter(fd: flood.fd, total: 4 << 20, byte: UInt8(ascii: "\n"), seconds: 60)
        let endlessWriters = endless.map { FloodWriter(fd: $0.fd, total: 64 << 20, byte: UInt8(ascii: "x"), seconds: 60) }

        // The well-behaved client, until the writers are done (or a minute, on the old code).
        var latencies: [Double] = []
        var unanswered = 0
        let start = monotonicSeconds()
        while (floodWriter.finished == 0 || endlessWriters.contains { $0.finished == 0 }) && monotonicSeconds() - start < 60 {
            let asked = monotonicSeconds()
            if good.request(#"{"cmd":"get","id":"mode"}"#, seconds: 20) == #"{"ok":true,"id":"mode","value":"eco","enabled":true,"label":"mode","detail":null}"# {
                latencies.append(monotonicSeconds() - asked)
            } else {
                unanswered += 1
            }
            usleep(10_000)
        }
        let flooded = floodWriter.join()
        let endlessWritten = endlessWriters.map { $0.join() }

        #expect(flooded == 4 << 20, "the panel took the whole newline flood (\(flooded) bytes) within a minute")
        #expect(unanswered == 0)
        #expect(latencies.count >= 3, "the good client was served during the abuse: \(latencies.count) replies")
        // Generous for a loaded 2-core machine; the quadratic line removal took 12-305 s here.
        #expect((latencies.max() ?? 99) < 5, "slowest get during the abuse: \(latencies.max() ?? -1) s")

        // Empty lines are no requests: the flood's connection has had no reply, and still serves.
        #expect(flood.request(#"{"cmd":"get","id":"wifi"}"#) == #"{"ok":true,"id":"wifi","value":true,"enabled":true,"label":"wifi","detail":null}"#)

        // The endless lines: their request answered, then refused at 64 KiB and closed, long
        // before 64 MiB were taken (the socket buffers hold a few hundred KiB).
        for (client, written) in zip(endless, endlessWritten) {
            #expect(client.receive() == .line(#"{"ok":true,"id":"wifi","value":true,"enabled":true,"label":"wifi","detail":null}"#))
            #expect(client.receive() == .line(#"{"error":"request line longer than 65536 bytes; closing the connection"}"#))
            #expect(client.receive() == .closed)
            #expect(written < 4 << 20, "the panel stopped reading the endless line: it took \(written) bytes")
        }
        let grown = panel.peakResidentBytes - baseline
        #expect(grown < 32 << 20, "peak RSS grew by \(grown / 1024) KiB")
        #expect(good.request(#"{"cmd":"get","id":"wifi"}"#) == #"{"ok":true,"id":"wifi","value":true,"enabled":true,"label":"wifi","detail":null}"#)
    }
}
