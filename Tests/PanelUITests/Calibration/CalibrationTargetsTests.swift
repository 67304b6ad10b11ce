import PanelUI
import Testing

/// Where the crosshairs are, and how the rotation moves them on the screen.
struct CalibrationTargetsTests {
    static let screen = Size(width: 800, height: 480)

    @Test func cornersAreTenPercentInAndCentredOnPixels() {
        let targets = CalibrationTargets(screen: Self.screen, rotation: .r0)
        let points = CalibrationTargets.Place.allCases.map { targets.logicalPoint($0) }
        #expect(points == [Point(x: 80.5, y: 48.5), Point(x: 719.5, y: 48.5), Point(x: 719.5, y: 431.5), Point(x: 80.5, y: 431.5),
                           Point(x: 400.5, y: 240.5)])
        #expect(targets.normalisedPoint(.topLeft) == Point(x: 80.5 / 800, y: 48.5 / 480))
    }

    @Test func atNinetyDegreesTheFirstCrosshairIsTheScreensTopRight() {
        let targets = CalibrationTargets(screen: Self.screen, rotation: .r90)
        #expect(targets.logical == Size(width: 480, height: 800))
        #expect(targets.logicalPoint(.topLeft) == Point(x: 48.5, y: 80.5))
        // Turned clockwise, the panel's top left is at the screen's top right.
        #expect(targets.screenPoint(.topLeft) == Point(x: 719.5, y: 48.5))
        #expect(targets.screenPoint(.bottomLeft) == Point(x: 80.5, y: 48.5))
    }

    @Test func atHalfATurnEachCornerIsWhereTheOppositeOneIsAtZero() {
        let zero = CalibrationTargets(screen: Self.screen, rotation: .r0)
        let half = CalibrationTargets(screen: Self.screen, rotation: .r180)
        #expect(half.screenPoint(.topLeft) == zero.screenPoint(.bottomRight))
        #expect(half.screenPoint(.topRight) == zero.screenPoint(.bottomLeft))
    }

    @Test(arguments: Rotation.allCases)
    func everyCrosshairIsOnTheScreenAndTheCornersSpanIt(_ rotation: Rotation) {
        let targets = CalibrationTargets(screen: Self.screen, rotation: rotation)
        let points = CalibrationTargets.Place.allCases.map { targets.screenPoint($0) }
        for p in points { #expect(p.x > 0 && p.x < 800 && p.y > 0 && p.y < 480) }
        let corners = Set(points.prefix(4).map { "\($0.x),\($0.y)" })
        #expect(corners == ["80.5,48.5", "719.5,48.5", "719.5,431.5", "80.5,431.5"])
    }
}
