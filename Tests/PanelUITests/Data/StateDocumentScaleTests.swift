import Glibc
import PanelUI
import Testing

/// A panel reads and writes every control's saved value at start: with 100,000 controls a
/// search of the list per id took 28 s before the first frame. Looked up by id, 200,000 ids
/// take a fraction of a second; the loop gives up after 10 s of this thread's CPU time (not
/// wall time, which a loaded machine stretches), where the old search would take a minute.
@Test func savedValuesAreFoundByIdWithoutSearchingTheList() {
    let count = 200_000
    let budget = 10.0
    let start = threadCPUSeconds()
    var document = StateDocument()
    var done = 0
    for index in 0..<count {
        if index % 1000 == 0, threadCPUSeconds() - start > budget { break }
        let id = "control-\(index)"
        if document.value(for: id) == nil { document.set(id, .bool(index % 2 == 0)) }
        document.set(id, .bool(index % 3 == 0))
        done += 1
    }
    #expect(done == count, "\(done) of \(count) ids set in \(budget) s of CPU time")
    #expect(document.values.count == done)
    #expect(document.value(for: "control-3") == .bool(true))
    #expect(document.value(for: "control-4") == .bool(false))
    #expect(document.values.last?.id == "control-\(done - 1)", "appended in order")
}

private func threadCPUSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}
