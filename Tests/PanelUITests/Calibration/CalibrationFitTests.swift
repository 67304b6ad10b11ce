import PanelUI
import Testing

/// The least-squares fit of libinput's matrix, on its own.
struct CalibrationFitTests {
    static let screen = Size(width: 800, height: 480)

    /// Pairs at the four corner crosshairs of `targets`, for a device where `matrix` is right.
    static func pairs(_ matrix: CalibrationMatrix, _ targets: CalibrationTargets) -> [CalibrationFit.Pair] {
        CalibrationTargets.Place.allCases.prefix(4).map { place in
            let screen = targets.normalisedPoint(place)
            return CalibrationFit.Pair(device: inverse(matrix, screen), screen: screen)
        }
    }

    /// The device point `matrix` maps to `p`.
    static func inverse(_ matrix: CalibrationMatrix, _ p: Point) -> Point {
        let m = matrix.values
        let det = m[0] * m[4] - m[1] * m[3]
        let x = p.x - m[2], y = p.y - m[5]
        return Point(x: (m[4] * x - m[1] * y) / det, y: (m[0] * y - m[3] * x) / det)
    }

    @Test(arguments: [
        [1, 0, 0, 0, 1, 0], [0, 1, 0, 1, 0, 0], [-1, 0, 1, 0, 1, 0], [0, -1, 1, 1, 0, 0],
        [2, 0, -0.5, 0, 1.25, -0.125], [1.12, -0.1, -0.02, -0.07, 1.18, -0.06],
    ] as [[Double]], Rotation.allCases)
    func fourExactPressesGiveTheMatrixBack(_ values: [Double], _ rotation: Rotation) throws {
        let matrix = CalibrationMatrix(values)
        let fitted = try #require(CalibrationFit.fit(Self.pairs(matrix, CalibrationTargets(screen: Self.screen, rotation: rotation))))
        for (got, want) in zip(fitted.values, values) { #expect(abs(got - want) < 1e-9, "\(fitted) vs \(values)") }
    }

    /// With noise no matrix fits every pair; the least-squares one leaves residuals orthogonal
    /// to each input column (x, y and 1): the normal equations hold, so no nudge does better.
    @Test func noisyPressesGiveTheLeastSquaresMatrix() throws {
        let targets = CalibrationTargets(screen: Self.screen, rotation: .r0)
        var pairs = Self.pairs(CalibrationMatrix([0.9, 0.1, 0.03, -0.05, 1.1, -0.02]), targets)
        let noise = [(0.004, -0.002), (-0.003, 0.005), (0.001, 0.003), (-0.002, -0.004)]
        for i in pairs.indices { pairs[i].device = pairs[i].device + Point(x: noise[i].0, y: noise[i].1) }
        let fitted = try #require(CalibrationFit.fit(pairs))
        var largest = 0.0
        for row in 0..<2 {
            var sums = (x: 0.0, y: 0.0, one: 0.0)
            for pair in pairs {
                let landed = fitted.apply(pair.device)
                let residual = row == 0 ? landed.x - pair.screen.x : landed.y - pair.screen.y
                sums.x += residual * pair.device.x
                sums.y += residual * pair.device.y
                sums.one += residual
                largest = max(largest, abs(residual))
            }
            #expect(abs(sums.x) < 1e-12 && abs(sums.y) < 1e-12 && abs(sums.one) < 1e-12, "row \(row): \(sums)")
        }
        #expect(largest > 1e-4, "the noise must leave residuals, or this checks nothing")
        // Nudging any coefficient makes the squared error larger.
        func squaredError(_ m: CalibrationMatrix) -> Double {
            pairs.reduce(0) { total, pair in
                let p = m.apply(pair.device)
                return total + (p.x - pair.screen.x) * (p.x - pair.screen.x) + (p.y - pair.screen.y) * (p.y - pair.screen.y)
            }
        }
        for i in 0..<6 {
            for step in [-1e-3, 1e-3] {
                var nudged = fitted
                nudged.values[i] += step
                #expect(squaredError(nudged) > squaredError(fitted))
            }
        }
    }

    @Test func threePairsFitExactlyAndFewerDoNot() throws {
        let targets = CalibrationTargets(screen: Self.screen, rotation: .r0)
        let matrix = CalibrationMatrix([0, 1, 0, 1, 0, 0])
        let pairs = Self.pairs(matrix, targets)
        let fitted = try #require(CalibrationFit.fit(Array(pairs.prefix(3))))
        for (got, want) in zip(fitted.values, matrix.values) { #expect(abs(got - want) < 1e-9) }
        #expect(CalibrationFit.fit(Array(pairs.prefix(2))) == nil)
        #expect(CalibrationFit.fit([]) == nil)
    }

    @Test func pointsOnOneLineHaveNoMatrix() {
        // A device reporting only X: every press at the same Y.
        let pairs = [(0.1, 0.1), (0.9, 0.1), (0.9, 0.9), (0.1, 0.9)].map { screen in
            CalibrationFit.Pair(device: Point(x: screen.0, y: 0.5), screen: Point(x: screen.0, y: screen.1))
        }
        #expect(CalibrationFit.fit(pairs) == nil)
        let same = Array(repeating: CalibrationFit.Pair(device: Point(x: 0.5, y: 0.5), screen: Point(x: 0.1, y: 0.1)), count: 4)
        #expect(CalibrationFit.fit(same) == nil)
    }

    @Test func errorIsInScreenPixels() {
        let pair = CalibrationFit.Pair(device: Point(x: 0.5, y: 0.5), screen: Point(x: 0.5, y: 0.5))
        let off = CalibrationMatrix([1, 0, 3.0 / 800, 0, 1, 4.0 / 480])
        #expect(abs(CalibrationFit.error(of: pair, through: off, screen: Self.screen) - 5) < 1e-9)
    }

    @Test func valuesAreShownWithSixDecimalsAtMost() {
        #expect(CalibrationMatrix.shown(1) == "1")
        #expect(CalibrationMatrix.shown(-1) == "-1")
        #expect(CalibrationMatrix.shown(0.5) == "0.5")
        #expect(CalibrationMatrix.shown(-0.000_000_4) == "0")
        #expect(CalibrationMatrix.shown(-1.234_567_8) == "-1.234568")
        #expect(CalibrationMatrix.shown(0.000_213) == "0.000213")
        #expect(CalibrationMatrix.shown(12.05) == "12.05")
        #expect(CalibrationMatrix([0, -1, 1, 1, 0, 0]).description == "0 -1 1 1 0 0")
    }
}
