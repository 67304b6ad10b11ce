@testable import PanelUI
import Testing

/// ContactMatching against mtdev's own choices (ties included) and against a search over
/// every assignment.
@Suite struct ContactMatchingTests {
    typealias Position = (x: Int32, y: Int32)

    /// Every way to give each row a different column (or each column a different row,
    /// when rows outnumber columns), as ContactMatching answers: a column or nil per row.
    static func allAssignments(rows: Int, columns: Int) -> [[Int?]] {
        func extend(_ partial: [Int?], _ used: Set<Int>) -> [[Int?]] {
            guard partial.count < rows else { return [partial] }
            let rowsLeft = rows - partial.count, columnsLeft = columns - used.count
            var result: [[Int?]] = []
            // A row may go without only where the rows after it can still take every column left.
            if rowsLeft > columnsLeft { result += extend(partial + [nil], used) }
            for column in 0..<columns where !used.contains(column) {
                result += extend(partial + [column], used.union([column]))
            }
            return result
        }
        return extend([], [])
    }

    static func fixturePath(_ name: String, filePath: String = #filePath) -> String {
        // #filePath is <root>/Tests/PanelUITests/Input/<this file>.
        var parts = filePath.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(2)
        return parts.joined(separator: "/") + "/Fixtures/" + name
    }

    static func total(_ assignment: [Int?], _ costs: ContactMatching.CostMatrix) -> Int64 {
        assignment.enumerated().reduce(0) { sum, pair in pair.element.map { sum + costs[pair.offset, $0] } ?? sum }
    }

    static func randomCosts(_ random: inout SplitMix64, maxSize: Int, below: Int64) -> ContactMatching.CostMatrix {
        let rows = Int.random(in: 0...maxSize, using: &random), columns = Int.random(in: 0...maxSize, using: &random)
        var values: [Int64] = []
        for _ in 0..<(rows * columns) { values.append(Int64.random(in: 0..<below, using: &random)) }
        return ContactMatching.CostMatrix(rows: rows, columns: columns) { values[$0 * columns + $1] }
    }

    /// Nearest pair first, as the decoder did before it matched like mtdev: what the
    /// crossing test shows to be wrong.
    static func nearestFirst(_ contacts: [Position], to touches: [Position]) -> [Int?] {
        var pairs: [(cost: Int64, contact: Int, touch: Int)] = []
        for (c, contact) in contacts.enumerated() {
            for (t, touch) in touches.enumerated() { pairs.append((ContactMatching.cost(from: touch, to: contact), c, t)) }
        }
        var result = [Int?](repeating: nil, count: contacts.count)
        var taken = Set<Int>()
        for pair in pairs.sorted(by: { ($0.cost, $0.touch, $0.contact) < ($1.cost, $1.touch, $1.contact) })
        where result[pair.contact] == nil && !taken.contains(pair.touch) {
            result[pair.contact] = pair.touch
            taken.insert(pair.touch)
        }
        return result
    }

    @Test func costIsMtdevsSquaredDistanceWithDifferencesClampedTo15Bits() {
        #expect(ContactMatching.cost(from: (100, 200), to: (103, 196)) == 25)
        #expect(ContactMatching.cost(from: (0, 0), to: (40_000, -50_000)) == 2 * 32767 * 32767)
        #expect(ContactMatching.cost(from: (Int32.min, Int32.max), to: (Int32.max, Int32.min)) == 2 * 32767 * 32767)
    }

    /// Random small problems, many with equal costs: the total is the least any assignment
    /// reaches, every row or every column is used, and where only one assignment reaches
    /// it, that one is returned.
    @Test func minimumCostAgainstEveryAssignment() {
        var random = SplitMix64(seed: 0x3A7C_11D0)
        var uniqueOptima = 0
        for round in 0..<3000 {
            let costs = Self.randomCosts(&random, maxSize: 5, below: round % 2 == 0 ? 4 : 1_000_000)
            let found = ContactMatching.assignment(costs)
            let every = Self.allAssignments(rows: costs.rows, columns: costs.columns)
            let least = every.map { Self.total($0, costs) }.min()!
            #expect(every.contains(found), "not a valid assignment: \(found) for \(costs)")
            #expect(Self.total(found, costs) == least, "\(costs)")
            let optima = every.filter { Self.total($0, costs) == least }
            if optima.count == 1 {
                uniqueOptima += 1
                #expect(found == optima[0], "\(costs)")
            }
        }
        // Both kinds occur: the comparison above checked assignments, not only totals.
        #expect(uniqueOptima > 1000 && uniqueOptima < 3000)
    }

    /// Cases whose answers come from libmtdev itself (Fixtures/mtdev-match/make-cases.c runs
    /// Debian's libmtdev1 `mtdev_match`): small costs and points on a coarse grid give many
    /// assignments of equal cost, so this holds the matcher to mtdev's choice among them.
    @Test func sameChoiceAsLibmtdevIncludingTies() throws {
        let text = try RecordingFiles.read(Self.fixturePath("mtdev-match/cases.txt"))
        var checked = 0, ties = 0, largest = 0
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: "|", omittingEmptySubsequences: false).map {
                $0.split(separator: " ").filter { $0 != "costs" && $0 != "points" }.map { Int64($0)! }
            }
            let expected = fields.last!.map { $0 < 0 ? nil : Int($0) }
            let found: [Int?]
            let costs: ContactMatching.CostMatrix
            if line.hasPrefix("costs") {
                let rows = Int(fields[0][0]), columns = Int(fields[0][1])
                costs = ContactMatching.CostMatrix(rows: rows, columns: columns) { fields[1][$0 * columns + $1] }
                found = ContactMatching.assignment(costs)
            } else {
                func positions(_ numbers: [Int64]) -> [Position] {
                    stride(from: 0, to: numbers.count, by: 2).map { (Int32(numbers[$0]), Int32(numbers[$0 + 1])) }
                }
                let contacts = positions(fields[1]), touches = positions(fields[2])
                costs = ContactMatching.CostMatrix(rows: contacts.count, columns: touches.count) {
                    ContactMatching.cost(from: touches[$1], to: contacts[$0])
                }
                found = ContactMatching.match(contacts, to: touches)
            }
            #expect(found == expected, "\(line)")
            checked += 1
            largest = max(largest, costs.rows, costs.columns)
            if costs.rows <= 6 && costs.columns <= 6 {
                let every = Self.allAssignments(rows: costs.rows, columns: costs.columns)
                let least = every.map { Self.total($0, costs) }.min()!
                if every.count(where: { Self.total($0, costs) == least }) > 1 { ties += 1 }
            }
        }
        #expect(checked == 866 && largest == 32)
        #expect(ties > 300, "the fixture should be mostly ties, has \(ties)")
    }

    /// Two fingers whose paths cross (the frame of Tests/vm/recordings/protocol-a-crossing.evemu
    /// where they come closest, in screen pixels): B crossed A's row just ahead of A, and A
    /// now lands 17 px from where B was while B has moved on 44 px.
    @Test func crossingFingersKeepTheirTouchesWhereNearestFirstSwapsThem() {
        let touches: [Position] = [(398, 334), (331, 334)]   // B, A in the last frame
        let contacts: [Position] = [(381, 334), (440, 347)]  // A, B now
        #expect(ContactMatching.match(contacts, to: touches) == [1, 0])
        // The nearest pair is A with B's old position; taking it first swaps the fingers,
        // at almost three times the total cost.
        let greedy = Self.nearestFirst(contacts, to: touches)
        #expect(greedy == [0, 1])
        let costs = ContactMatching.CostMatrix(rows: 2, columns: 2) { ContactMatching.cost(from: touches[$1], to: contacts[$0]) }
        #expect(Self.total([1, 0], costs) == 4_433 && Self.total(greedy, costs) == 12_339)
    }

    @Test func moreContactsThanTouches() {
        // Every touch continues; the contact far from all of them is new.
        #expect(ContactMatching.match([(500, 0), (1, 0), (99, 0)], to: [(0, 0), (100, 0)]) == [nil, 0, 1])
        #expect(ContactMatching.match([(5, 5), (6, 6)], to: []) == [nil, nil])
    }

    @Test func fewerContactsThanTouches() {
        // Each contact continues one touch; the touches left over end.
        #expect(ContactMatching.match([(210, 0)], to: [(0, 0), (100, 0), (200, 0)]) == [2])
        #expect(ContactMatching.match([(210, 0), (-5, 0)], to: [(0, 0), (100, 0), (200, 0)]) == [2, 0])
        #expect(ContactMatching.match([], to: [(0, 0), (100, 0)]) == [])
    }

    /// The tie rule ContactMatching documents: with every cost equal, contact i continues touch i.
    @Test func equalCostsKeepTheOrder() {
        let here: Position = (50, 50)
        #expect(ContactMatching.match([here, here, here], to: [here, here, here]) == [0, 1, 2])
        #expect(ContactMatching.match([here, here], to: [here, here, here]) == [0, 1])
        #expect(ContactMatching.match([here, here, here], to: [here, here]) == [0, 1, nil])
    }

    @Test func nothingToMatch() {
        #expect(ContactMatching.match([], to: []) == [])
        #expect(ContactMatching.assignment(ContactMatching.CostMatrix(rows: 0, columns: 3) { _, _ in 0 }) == [])
        #expect(ContactMatching.assignment(ContactMatching.CostMatrix(rows: 2, columns: 0) { _, _ in 0 }) == [nil, nil])
    }

    /// mtdev's most contacts: 32 fingers on a grid, each moved a little and listed in a
    /// shuffled order, all find their own touch.
    @Test func thirtyTwoContactsFindTheirTouches() {
        var random = SplitMix64(seed: 32)
        let touches: [Position] = (0..<32).map { (Int32($0 % 8) * 100, Int32($0 / 8) * 100) }
        let order = Array(0..<32).shuffled(using: &random)
        let contacts: [Position] = order.map {
            (touches[$0].x + Int32.random(in: -30...30, using: &random), touches[$0].y + Int32.random(in: -30...30, using: &random))
        }
        #expect(ContactMatching.match(contacts, to: touches) == order)
    }
}
