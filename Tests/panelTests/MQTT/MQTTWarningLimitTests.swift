import Testing
@testable import panel

/// `WarningLimiter` as a value: the first warning on a topic, then one summary a minute;
/// a bounded table however many topics are used.
struct MQTTWarningLimitTests {
    @Test func firstWarningPerTopicThenOneSummaryAMinute() {
        var limiter = WarningLimiter()
        let logged = [limiter.admit("a/set", at: 0), limiter.admit("a/set", at: 1), limiter.admit("a/set", at: 59.9),
                      limiter.admit("b/set", at: 2)]
        #expect(logged == [true, false, false, true], "the first on a topic; another topic has a window of its own")
        #expect(limiter.nextSummary == 60)
        let early = limiter.closeWindows(at: 59.99)
        #expect(early.isEmpty)
        let ended = limiter.closeWindows(at: 60)
        #expect(ended == [WarningLimiter.Summary(key: .topic("a/set"), suppressed: 2)])
        let quiet = limiter.closeWindows(at: 62)
        #expect(quiet.isEmpty, "b's window counted nothing: no summary")
        #expect(limiter.windows.isEmpty)
        let again = limiter.admit("a/set", at: 61)
        #expect(again, "a new window starts with a warning logged")
    }

    /// A thousand topics, a hundred warnings each: 16 topics are named, the rest share one
    /// window, and the table never holds more than 17 entries.
    @Test func manyTopicsShareOneWindow() {
        var limiter = WarningLimiter()
        var logged = 0
        var largest = 0
        for round in 0..<100 {
            for topic in 0..<1000 {
                if limiter.admit("panel/hall/x\(topic)/set", at: Double(round) * 0.1) { logged += 1 }
                largest = max(largest, limiter.windows.count)
            }
        }
        #expect(logged == 17)
        #expect(largest == 17)
        let summaries = limiter.closeWindows(at: 60)
        #expect(summaries.count == 17)
        let others = 100 * 1000 - 17 - 16 * 99
        #expect(summaries.last == WarningLimiter.Summary(key: .otherTopics, suppressed: others))
    }
}
