import Glibc
import Testing
@testable import PanelUI

/// Issue 33: each row of a section was given its target number by counting the targets of
/// every row before it, so one section of 100,000 switches took 9.4 s of CPU to lay out (a
/// radio of 100,000 options 9.0 s), where 100 sections of 1,000 took a fraction of that.
///
/// Each page's layout also looked for the page holding it by searching every page: 40,000
/// pages took 5.8 s to start, 10,000 took 0.6 s.
///
/// Laying out four times the rows must cost about four times the CPU, not sixteen. The
/// figures are this thread's CPU time (not wall time, which a loaded machine stretches), the
/// least of a few runs, and the bound is loose: the quadratic numbering gave about 16.
struct LayoutScaleTests {
    static let size = Size(width: 800, height: 480)

    /// One section of `count` switches.
    static func switches(_ count: Int) throws -> PanelDescription {
        var yaml = "title: Many\nsections:\n  - title: All\n    controls:\n"
        yaml.reserveCapacity(count * 40)
        for index in 0..<count { yaml += "      - {id: s\(index), kind: switch}\n" }
        return try PanelDescription.parse(yaml, file: "many.yml", fileExists: { _ in true })
    }

    /// One radio of `count` options.
    static func radio(_ count: Int) throws -> PanelDescription {
        let options = (0..<count).map { "o\($0)" }.joined(separator: ", ")
        let yaml = "title: Many\nsections:\n  - title: All\n    controls:\n      - {id: r, kind: radio, options: [\(options)]}\n"
        return try PanelDescription.parse(yaml, file: "many.yml", fileExists: { _ in true })
    }

    /// `count` pages of one switch each, in one section.
    static func pages(_ count: Int) throws -> PanelDescription {
        var yaml = "title: Many\nsections:\n  - title: All\n    controls:\n"
        for index in 0..<count {
            yaml += "      - {id: p\(index), kind: page, label: P\(index), sections: [{controls: [{id: s\(index), kind: switch}]}]}\n"
        }
        return try PanelDescription.parse(yaml, file: "many.yml", fileExists: { _ in true })
    }

    /// The least CPU time of `runs` layouts of `description`, and the last layout.
    static func layoutSeconds(_ description: PanelDescription, runs: Int = 3) -> (seconds: Double, layout: PanelLayout) {
        var best = Double.infinity
        var layout: PanelLayout?
        for _ in 0..<runs {
            layout = nil
            let start = threadCPUSeconds()
            layout = PanelLayout(description: description, logicalSize: size)
            best = min(best, threadCPUSeconds() - start)
        }
        return (best, layout!)
    }

    @Test(arguments: ["switches", "radio options"])
    func oneSectionLaysOutInTimeLinearInItsRows(_ what: String) throws {
        let small = 10_000, large = 40_000
        let make = what == "switches" ? Self.switches : Self.radio
        let few = Self.layoutSeconds(try make(small))
        let many = Self.layoutSeconds(try make(large))
        // Targets are still numbered 0, 1, 2… down the section.
        #expect(many.layout.targets.count == large)
        #expect(many.layout.targets.enumerated().allSatisfy { $0.offset == $0.element.target })
        #expect(many.layout.sections[0].rows.compactMap(\.target) == Array(0..<large))
        let ratio = many.seconds / max(few.seconds, 1e-6)
        #expect(ratio < 8, "\(large) \(what) took \(many.seconds) s, \(small) took \(few.seconds) s: \(ratio) times as long")
    }

    @Test func manyPagesLayOutInTimeLinearInTheirNumber() throws {
        let small = 10_000, large = 40_000
        func seconds(_ description: PanelDescription) -> (Double, [Int: PanelLayout]) {
            var best = Double.infinity
            var pages: [Int: PanelLayout] = [:]
            for _ in 0..<3 {
                pages = [:]
                let start = threadCPUSeconds()
                pages = PanelLayout.pages(of: description, logicalSize: Self.size)
                best = min(best, threadCPUSeconds() - start)
            }
            return (best, pages)
        }
        let description = try Self.pages(large)
        let (few, _) = seconds(try Self.pages(small))
        let (many, pages) = seconds(description)
        #expect(pages.count == large)
        // Every page goes back to the panel's own page, whose title it names.
        #expect(pages.values.allSatisfy { $0.backLabel == "Many" })
        #expect((0..<large).allSatisfy { description.page(holding: $0) == nil })
        #expect(description.page(holding: large) == 0 && description.page(holding: 2 * large - 1) == large - 1)
        let ratio = many / max(few, 1e-6)
        #expect(ratio < 8, "\(large) pages took \(many) s, \(small) took \(few) s: \(ratio) times as long")
    }

    /// Pages inside pages, side by side and first in a section: every control is found on the
    /// page that lists it, as searching every page finds it.
    @Test func eachControlIsFoundOnThePageListingIt() throws {
        let yaml = """
            title: Nested
            sections:
              - controls:
                  - id: a
                    kind: page
                    sections:
                      - controls:
                          - {id: b, kind: page, sections: [{controls: [{id: b1, kind: switch}, {id: c, kind: page, sections: [{controls: [{id: c1, kind: switch}]}]}]}]}
                          - {id: a1, kind: switch}
                      - controls: [{id: a2, kind: checkbox}, {id: d, kind: page, sections: [{controls: [{id: d1, kind: switch}]}]}]
                  - {id: top, kind: switch}
                  - {id: e, kind: page, sections: [{controls: [{id: e1, kind: switch}, {id: e2, kind: switch}]}]}
            """
        let description = try PanelDescription.parse(yaml, file: "nested.yml", fileExists: { _ in true })
        let holders = description.controls.indices.map { index in
            description.pageStarts.first { page, start in
                start <= index && index < start + (description.controls[page].page ?? []).reduce(0) { $0 + $1.controls.count }
            }?.key
        }
        #expect(description.controls.indices.map { description.page(holding: $0) } == holders)
        let id = { (index: Int?) in index.map { description.controls[$0].id } }
        #expect(description.controls.indices.map { id(description.page(holding: $0)) }
                == [nil, nil, nil, "a", "a", "a", "a", "e", "e", "b", "b", "d", "c"])
        #expect(description.controls.map(\.id) == ["a", "top", "e", "b", "a1", "a2", "d", "e1", "e2", "b1", "c", "d1", "c1"])
    }
}

private func threadCPUSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}
