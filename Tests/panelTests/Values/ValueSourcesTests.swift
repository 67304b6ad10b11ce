import Glibc
import PanelUI
import Testing
@testable import panel

/// Value sources on the event loop with real child processes: what a run reports (stdout's
/// first line, the failure's status and last stderr line, a timeout, a program that cannot
/// start), when runs happen (at start, then every `every` s on the manual clock, never two at
/// once, no wake-up while nothing is due) and that stopping kills and reaps.
struct ValueSourcesTests {
    let folder = TemporaryFolder()

    /// The readings reported so far, with the loop clock's time of each.
    final class Readings {
        var all: [(id: String, reading: ValueReading, at: Double)] = []
        func of(_ id: String) -> [ValueReading] { all.filter { $0.id == id }.map(\.reading) }
    }

    func shell(_ script: String, _ arguments: [String] = [], every: Double = 30, timeout: Double? = nil) -> ValueSourceDescription {
        ValueSourceDescription(exec: ["/bin/sh", "-c", script, "sh"] + arguments, every: every, timeout: timeout,
                               location: SourceLocation(line: 1, column: 1))
    }

    func sources(_ list: [(String, ValueSourceDescription)], clock: any LoopClock = ManualClock())
        throws -> (ValueSources, EventLoop, Readings, LogLines) {
        let loop = try EventLoop(clock: clock)
        let readings = Readings()
        let lines = LogLines()
        let sources = ValueSources(list.map { (id: $0.0, source: $0.1) }, loop: loop, log: Log(write: { lines.append($0) }),
                                   environment: ["PATH": "/usr/bin:/bin", "PANEL_VALUE": "from outside"]) { id, reading in
            readings.all.append((id, reading, loop.clock.now))
        }
        return (sources, loop, readings, lines)
    }

    /// Runs wake-ups (each waiting at most 0.1 s for a child) until `count` readings have come;
    /// a hang fails after `seconds` of real time instead of blocking the suite.
    func wait(for count: Int, _ readings: Readings, _ loop: EventLoop, seconds: Double = 20) throws {
        let deadline = MonotonicClock.monotonicSeconds() + seconds
        while readings.all.count < count, MonotonicClock.monotonicSeconds() < deadline { try loop.runOnce(timeout: 0.1) }
        try #require(readings.all.count >= count, "\(readings.all.count) of \(count) readings after \(seconds) s: \(readings.all)")
    }

    @Test func runsAtStartThenEveryPeriodOnTheManualClock() throws {
        let runs = folder.file("runs")
        let temp = shell("echo \"$1|$2|$PANEL_ID|$PANEL_VALUE\" >> \(runs); echo '  21.5 '", ["{id}", "{value}"], every: 30)
        let clock = shell("echo tick", every: 10)
        let (sources, loop, readings, _) = try sources([("temp", temp), ("clock", clock)])
        sources.start()
        #expect(Set(sources.runningIDs) == ["temp", "clock"], "the first runs start at once")
        #expect(readings.all.isEmpty, "reported from the loop, not from inside start()")
        try wait(for: 2, readings, loop)
        #expect(readings.of("temp") == [.text("21.5")])
        #expect(readings.of("clock") == [.text("tick")])
        #expect(sources.nextDue == 10 && loop.nextDeadline == 10, "one timer, for the earliest source")

        // Nothing is due: the loop sleeps through 0.3 s of real time without a wake-up.
        let wakes = loop.wakeCount
        try loop.runOnce(timeout: 0.3)
        #expect(loop.wakeCount == wakes)

        try loop.advanceTime(by: 9.9)
        #expect(sources.runningIDs.isEmpty, "not due before 10 s")
        try loop.advanceTime(by: 0.1)
        #expect(sources.runningIDs == ["clock"])
        try wait(for: 3, readings, loop)
        try loop.advanceTime(by: 10)
        try wait(for: 4, readings, loop)
        try loop.advanceTime(by: 10)
        try wait(for: 6, readings, loop)
        let order = readings.all.map { "\($0.id)@\(TimeConversion.shown($0.at))" }
        #expect(Set(order.prefix(2)) == ["temp@0", "clock@0"] && Array(order[2..<4]) == ["clock@10", "clock@20"]
                && Set(order.suffix(2)) == ["temp@30", "clock@30"], "\(order)")
        // {value} and PANEL_VALUE are the text the row shows; PANEL_* from outside is not passed on.
        #expect(folder.readText("runs") == "temp||temp|\ntemp|21.5|temp|21.5\n")
        #expect(sources.nextDue == 40)
    }

    @Test func aFailureGivesTheStatusAndLastStderrLineAndIsLoggedOnce() throws {
        let flag = folder.file("flag")
        let script = "if [ -e \(flag) ]; then echo fine; else echo 'first complaint' >&2; printf 'no sensor\\n\\n' >&2; exit 3; fi"
        let (sources, loop, readings, lines) = try sources([("bad", shell(script, every: 0.5))], clock: MonotonicClock())
        sources.start()
        try wait(for: 2, readings, loop)
        #expect(readings.of("bad").prefix(2) == [.failed(reason: "exited with status 3: no sensor"), .failed(reason: "exited with status 3: no sensor")])
        folder.write("", to: "flag")
        try wait(for: readings.all.count + 1, readings, loop)
        #expect(readings.of("bad").last == .text("fine"))
        #expect(lines.all.filter { $0.contains("failed") } == ["panel: warning: value source for bad failed: exited with status 3: no sensor; its row shows — until a run succeeds"])
        #expect(lines.all.last == "panel: value source for bad works again: \"fine\"")
    }

    /// A program that ignores SIGTERM (its shell and sleep alike) is killed a second after its
    /// timeout, and counts as timed out.
    @Test func aProgramPastItsTimeoutIsStoppedAndFails() throws {
        let (sources, loop, readings, lines) = try sources([("slow", shell("trap '' TERM; sleep 30", every: 2, timeout: 0.3))],
                                                           clock: MonotonicClock())
        let start = loop.clock.now
        sources.start()
        try wait(for: 1, readings, loop)
        #expect(readings.of("slow") == [.failed(reason: "timed out after 0.3 s")])
        #expect(loop.clock.now - start >= 0.3 + TimedChild.killGrace, "SIGKILL only after the grace")
        #expect(lines.all.contains("panel: warning: value source for slow failed: timed out after 0.3 s; its row shows — until a run succeeds"))
    }

    /// A run still going when its next one is due is not started twice: the next one starts
    /// when it has ended (timed out here, as `timeout` is at most `every`).
    @Test func aSlowProgramIsNotStartedTwice() throws {
        let starts = folder.file("starts")
        let (sources, loop, readings, _) = try sources([("slow", shell("echo start >> \(starts); sleep 5; echo late", every: 1, timeout: 1))])
        sources.start()
        // Once the program is surely running (the manual clock's timeout would stop it at once).
        let deadline = MonotonicClock.monotonicSeconds() + 10
        while folder.readText("starts") != "start\n", MonotonicClock.monotonicSeconds() < deadline { try loop.runOnce(timeout: 0.01) }
        try loop.advanceTime(by: 1)
        #expect(sources.runningIDs == ["slow"])
        #expect(loop.nextDeadline == 1 + TimedChild.killGrace, "only the timeout's SIGKILL is timed: no run is due while one runs")
        try wait(for: 1, readings, loop)
        #expect(readings.of("slow") == [.failed(reason: "timed out after 1 s")])
        // The overdue run starts as soon as the last one ended (in the same wake-up).
        #expect(sources.runningIDs == ["slow"])
        while folder.readText("starts") != "start\nstart\n", MonotonicClock.monotonicSeconds() < deadline { try loop.runOnce(timeout: 0.01) }
        #expect(folder.readText("starts") == "start\nstart\n")
        #expect(sources.nextDue == nil, "still nothing due while it runs")
        sources.stop()
    }

    @Test func aMegabyteOfOutputIsDrainedAndOnlyItsFirstLineKept() throws {
        let (sources, loop, readings, _) = try sources([
            ("tail", shell("printf '21.5\\n'; head -c 1048576 /dev/zero")),
            ("line", shell("head -c 1048576 /dev/zero | tr '\\0' x")),
            ("err", shell("head -c 1048576 /dev/zero | tr '\\0' y >&2; exit 1")),
        ], clock: MonotonicClock())
        sources.start()
        try wait(for: 3, readings, loop)
        #expect(readings.of("tail") == [.text("21.5")], "not killed by SIGPIPE after its first line")
        #expect(readings.of("line") == [.text(String(repeating: "x", count: ValueText.longest - 1) + "…")])
        #expect(readings.all.allSatisfy { if case .text(let text) = $0.reading { ValueText.isShowable(text) } else { true } })
        #expect(readings.of("err") == [.failed(reason: "exited with status 1: …" + String(repeating: "y", count: 200) + "…")])
    }

    @Test func controlCharactersNeverReachTheRow() throws {
        let (sources, loop, readings, _) = try sources([("odd", shell("printf '  \\033[31mhot\\tday\\r\\nsecond\\n'"))])
        sources.start()
        try wait(for: 1, readings, loop)
        #expect(readings.of("odd") == [.text("\u{FFFD}[31mhot day")])
    }

    @Test func aProgramThatCannotStartOrHasAnUnknownPlaceholderFails() throws {
        let ran = folder.file("ran")
        let (sources, loop, readings, _) = try sources([
            ("missing", ValueSourceDescription(exec: ["/nonexistent/sensor"], every: 5, location: SourceLocation(line: 1, column: 1))),
            ("typo", shell("echo ran > \(ran)", ["{vaule}"], every: 5)),
        ])
        sources.start()
        #expect(readings.all.isEmpty, "reported from the loop")
        try wait(for: 2, readings, loop)
        #expect(readings.of("missing") == [.failed(reason: "cannot start /nonexistent/sensor: no such file or directory (errno 2, ENOENT); check the path in the value row's 'source: exec:'")])
        #expect(readings.of("typo") == [.failed(reason: "unknown placeholder {vaule} in exec argument 4")])
        #expect(folder.readText("ran") == nil, "never run with the braces in it")
        #expect(sources.nextDue == 5, "tried again on schedule")
    }

    @Test func stopKillsAndReapsARunningProgramAndReportsNothing() throws {
        let pidFile = folder.file("pid")
        let (sources, loop, readings, _) = try sources([("sleepy", shell("echo $$ > \(pidFile); exec sleep 30"))])
        sources.start()
        let deadline = MonotonicClock.monotonicSeconds() + 10
        while folder.readText("pid")?.hasSuffix("\n") != true, MonotonicClock.monotonicSeconds() < deadline { usleep(10_000) }
        let pid = try #require(folder.readText("pid").flatMap { pid_t($0.dropLast()) })
        sources.stop()
        var gone = false
        while !gone, MonotonicClock.monotonicSeconds() < deadline {
            try loop.runOnce(timeout: 0.1)
            // A zombie still answers signal 0: ESRCH means killed and reaped.
            gone = kill(pid, 0) == -1 && errno == ESRCH
        }
        #expect(gone, "the program was killed and reaped")
        #expect(readings.all.isEmpty)
        #expect(loop.nextDeadline == nil, "no timer left")
    }
}

/// The bounded captures and the line shaping, byte by byte.
struct ValueOutputTests {
    func firstLine(_ chunks: [[UInt8]]) -> FirstLineCapture {
        var capture = FirstLineCapture()
        for chunk in chunks { chunk.withUnsafeBytes { capture.take($0) } }
        return capture
    }

    func lastLine(_ chunks: [[UInt8]]) -> String? {
        var capture = LastLineCapture()
        for chunk in chunks { chunk.withUnsafeBytes { capture.take($0) } }
        return capture.line
    }

    @Test func theFirstLineIsKeptToFourKiB() {
        #expect(firstLine([Array("21".utf8), Array(".5\nmore\n".utf8)]).text == "21.5")
        let long = firstLine([[UInt8](repeating: UInt8(ascii: "a"), count: 3000), [UInt8](repeating: UInt8(ascii: "b"), count: 3000)])
        #expect(long.kept.count == 4096 && long.isCut && long.isComplete)
        // A character cut at the limit is dropped, not shown as U+FFFD.
        let cut = firstLine([[UInt8](repeating: UInt8(ascii: "a"), count: 4095) + Array("é".utf8)])
        #expect(cut.isCut && shownLine(cut.kept, cut: cut.isCut) == String(repeating: "a", count: 4095))
        // A line that ends exactly at the limit is whole.
        let exact = firstLine([[UInt8](repeating: UInt8(ascii: "a"), count: 4096) + [10]])
        #expect(!exact.isCut && exact.kept.count == 4096)
        // What a value row shows is at most ValueText.longest characters.
        #expect(exact.text == String(repeating: "a", count: ValueText.longest - 1) + "…")
        #expect(firstLine([[UInt8](repeating: UInt8(ascii: "b"), count: ValueText.longest)]).text.count == ValueText.longest)
        #expect(firstLine([]).text == "" && firstLine([Array(" \t\r\n".utf8)]).text == "")
    }

    @Test func theLastLineIsTheLastNonBlankOne() {
        #expect(lastLine([Array("one\ntwo\n\n  \n".utf8)]) == "two")
        #expect(lastLine([Array("one\ntw".utf8), Array("o".utf8)]) == "two", "a line without its line feed counts")
        #expect(lastLine([Array("\n\n".utf8)]) == nil)
        // Thousands of small writes keep only the tail.
        var capture = LastLineCapture()
        for index in 0..<10_000 { Array("line \(index)\n".utf8).withUnsafeBytes { capture.take($0) } }
        #expect(capture.line == "line 9999")
    }

    @Test func shownLinesHaveNoControlCharacters() {
        #expect(shownLine(Array("\u{1B}[2Jx\u{7F}y\u{85}z\u{0}".utf8), cut: false) == "\u{FFFD}[2Jx\u{FFFD}y\u{FFFD}z\u{FFFD}")
        #expect(shownLine([0xFF, 0x41], cut: false) == "\u{FFFD}A", "broken UTF-8 is replaced")
        #expect(shownLine(Array("\u{00A0} 21 °C\u{2003}".utf8), cut: false) == "21 °C", "Unicode white space is trimmed")
    }
}
