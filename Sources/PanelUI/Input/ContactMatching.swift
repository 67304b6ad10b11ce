/// Which of a protocol-A frame's anonymous contacts continue which of the last frame's
/// touches, decided as mtdev 1.1 (1.1.6 in Debian 12) decides it: libinput sees
/// protocol-A devices through mtdev, so slot continuity has to agree with it, ties included.
///
/// mtdev (src/core.c: `solve`, called from `assign_tracking_id`) builds a cost matrix with
/// a row per new contact (in the order the frame listed them) and a column per old touch
/// (in slot order), each entry the `dist2` of src/common.h, and passes it to `mtdev_match`
/// (src/match.c), a Munkres (Hungarian) solver. It never calls the table-driven
/// `mtdev_match_four` of src/match_four.c, which sums absolute differences: only mtdev's
/// test programs use that one (Debian's libmtdev.so.1 calls `mtdev_match` alone).
///
/// Every contact ends up matched when there are no more contacts than touches, and every
/// touch when there are no more touches than contacts (`min(rows, columns)` pairs). When
/// several assignments cost the same, the answer is whichever Munkres reaches in mtdev's
/// scan order, which no simpler rule describes; so `assignment` follows that solver step
/// for step: the same reductions, the same first starring pass, the same column-then-row
/// search for uncovered zeros, the same augmenting paths. What that means for ties
/// (checked against libmtdev's own `mtdev_match`, see ContactMatchingTests):
/// - all costs equal (every finger at one point): contact i continues touch i, because
///   the first starring pass gives each row, in order, the lowest column still free (with
///   more rows than columns, each column the lowest row still free);
/// - otherwise no "lowest index wins" rule holds: later steps move stars along augmenting
///   paths, and which of two equal optima comes out depends on the other costs.
///
/// mtdev computes in C `int`, here in Int64. A cost fits in an int (at most 2 × 32767²),
/// but the solver adds to costs: for contacts tens of thousands of units apart mtdev's sums
/// could overflow (undefined behaviour in C) where these do not, and the answers differ.
enum ContactMatching {
    /// mtdev's `dist2`: squared Euclidean distance, each difference first clamped to
    /// ±32767 ("absolute scale is assumed to fit in 15 bits").
    static func cost(from touch: (x: Int32, y: Int32), to contact: (x: Int32, y: Int32)) -> Int64 {
        func clamped(_ d: Int64) -> Int64 { min(max(d, -32767), 32767) }
        let dx = clamped(Int64(contact.x) - Int64(touch.x)), dy = clamped(Int64(contact.y) - Int64(touch.y))
        return dx * dx + dy * dy
    }

    /// For each contact, the index of the touch it continues, or nil for a new contact.
    static func match(_ contacts: [(x: Int32, y: Int32)], to touches: [(x: Int32, y: Int32)]) -> [Int?] {
        let costs = CostMatrix(rows: contacts.count, columns: touches.count) { row, column in
            cost(from: touches[column], to: contacts[row])
        }
        return assignment(costs)
    }

    /// A minimum-cost assignment of rows to columns, as mtdev's `mtdev_match` finds it:
    /// for each row its column, or nil where there are more rows than columns and the row
    /// got none. Polynomial (O(n⁴) at worst in this textbook step order, instant for mtdev's
    /// 32 contacts), never a search over permutations.
    static func assignment(_ costs: CostMatrix) -> [Int?] {
        var solver = Munkres(costs)
        return solver.solve()
    }

    /// Costs by row and column, stored row after row.
    struct CostMatrix {
        let rows: Int
        let columns: Int
        fileprivate(set) var values: [Int64]

        init(rows: Int, columns: Int, cost: (_ row: Int, _ column: Int) -> Int64) {
            self.rows = rows
            self.columns = columns
            values = (0..<rows).flatMap { row in (0..<columns).map { column in cost(row, column) } }
        }

        subscript(row: Int, column: Int) -> Int64 {
            get { values[row * columns + column] }
            set { values[row * columns + column] = newValue }
        }
    }

    /// Munkres' algorithm in the step order of mtdev's src/match.c (itself after Markus
    /// Buehren's implementation): stars mark the assignment being built, primes the
    /// zeros tried while looking for a way to grow it, covers the lines whose zeros are
    /// spoken for. Stars and primes are kept per row and per column: a row or column never
    /// holds two of either, so "its star" is the one mtdev's bitmask scans would find.
    private struct Munkres {
        var costs: CostMatrix
        /// How many stars make a complete assignment: min(rows, columns).
        let size: Int
        var starColumnOfRow: [Int?]
        var starRowOfColumn: [Int?]
        var primeColumnOfRow: [Int?]
        var coveredRows: [Bool]
        var coveredColumns: [Bool]

        init(_ costs: CostMatrix) {
            self.costs = costs
            size = min(costs.rows, costs.columns)
            starColumnOfRow = Array(repeating: nil, count: costs.rows)
            primeColumnOfRow = Array(repeating: nil, count: costs.rows)
            coveredRows = Array(repeating: false, count: costs.rows)
            starRowOfColumn = Array(repeating: nil, count: costs.columns)
            coveredColumns = Array(repeating: false, count: costs.columns)
        }

        mutating func solve() -> [Int?] {
            reduceAndStarFirstZeros()
            while coveredColumns.count(where: { $0 }) < size {
                if let (row, column) = primeUncoveredZeros() {
                    starAlongAugmentingPath(from: row, column)
                } else {
                    shiftCostsBySmallestUncovered()
                }
            }
            return starColumnOfRow
        }

        /// Subtracts each line's minimum along the shorter side, so every row (or column)
        /// has a zero, then stars zeros greedily in index order and covers their columns.
        mutating func reduceAndStarFirstZeros() {
            if costs.rows <= costs.columns {
                for row in 0..<costs.rows {
                    // A row here has columns (rows ≤ columns).
                    let smallest = (0..<costs.columns).map { costs[row, $0] }.min()!
                    for column in 0..<costs.columns { costs[row, column] -= smallest }
                }
                for row in 0..<costs.rows {
                    if let column = (0..<costs.columns).first(where: { costs[row, $0] == 0 && !coveredColumns[$0] }) {
                        star(row, column)
                        coveredColumns[column] = true
                    }
                }
            } else {
                for column in 0..<costs.columns {
                    let smallest = (0..<costs.rows).map { costs[$0, column] }.min()!
                    for row in 0..<costs.rows { costs[row, column] -= smallest }
                }
                for column in 0..<costs.columns {
                    if let row = (0..<costs.rows).first(where: { costs[$0, column] == 0 && starColumnOfRow[$0] == nil }) {
                        star(row, column)
                        coveredColumns[column] = true
                    }
                }
            }
        }

        /// Primes uncovered zeros, column by column and within a column row by row, until
        /// one has no star in its row (returned: the assignment can grow from it) or no
        /// uncovered zero is left (nil). A primed zero with a star in its row covers that
        /// row and uncovers the star's column, searched later in the same pass when it comes
        /// after the current column, else in the next pass.
        mutating func primeUncoveredZeros() -> (row: Int, column: Int)? {
            var primedAny = true
            while primedAny {
                primedAny = false
                for column in 0..<costs.columns where !coveredColumns[column] {
                    guard let row = (0..<costs.rows).first(where: { costs[$0, column] == 0 && !coveredRows[$0] }) else {
                        continue
                    }
                    primeColumnOfRow[row] = column
                    guard let starred = starColumnOfRow[row] else { return (row, column) }
                    coveredRows[row] = true
                    coveredColumns[starred] = false
                    primedAny = true
                }
            }
            return nil
        }

        /// From a primed zero with no star in its row: alternately the star in the column
        /// and the prime in that star's row, until a column without a star. The path's
        /// primes become stars, its stars stop being stars (one star more in all); then
        /// primes are forgotten, rows uncovered, and every starred column covered.
        mutating func starAlongAugmentingPath(from row: Int, _ column: Int) {
            var primes = [(row, column)]
            var formerStars: [(row: Int, column: Int)] = []
            var column = column
            while let starredRow = starRowOfColumn[column] {
                // The star's column was uncovered by covering its row, which a prime in that row did.
                let primed = primeColumnOfRow[starredRow]!
                formerStars.append((starredRow, column))
                primes.append((starredRow, primed))
                column = primed
            }
            for (row, column) in formerStars {
                starColumnOfRow[row] = nil
                starRowOfColumn[column] = nil
            }
            for (row, column) in primes { star(row, column) }
            primeColumnOfRow = Array(repeating: nil, count: costs.rows)
            coveredRows = Array(repeating: false, count: costs.rows)
            for column in 0..<costs.columns where starRowOfColumn[column] != nil { coveredColumns[column] = true }
        }

        /// No uncovered zero: the smallest uncovered cost is added to every covered row and
        /// taken from every uncovered column, which makes a new uncovered zero and keeps
        /// the starred and primed zeros zero.
        mutating func shiftCostsBySmallestUncovered() {
            var smallest: Int64?
            for row in 0..<costs.rows where !coveredRows[row] {
                for column in 0..<costs.columns where !coveredColumns[column] {
                    smallest = min(smallest ?? costs[row, column], costs[row, column])
                }
            }
            // Fewer stars than `size` leave a row and a column uncovered (each covered row
            // uncovered a starred column), so there is always an uncovered cost.
            guard let smallest else { preconditionFailure("Munkres: nothing uncovered before the assignment is complete") }
            for row in 0..<costs.rows where coveredRows[row] {
                for column in 0..<costs.columns { costs[row, column] += smallest }
            }
            for column in 0..<costs.columns where !coveredColumns[column] {
                for row in 0..<costs.rows { costs[row, column] -= smallest }
            }
        }

        mutating func star(_ row: Int, _ column: Int) {
            starColumnOfRow[row] = column
            starRowOfColumn[column] = row
        }
    }
}
