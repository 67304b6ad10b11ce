import PanelUI
import Testing

@Suite struct PolylineTests {
    let check = [Point(x: 10, y: 30), Point(x: 22, y: 42), Point(x: 50, y: 12)]

    @Test func translucentJointIsBlendedOnce() {
        let c = Canvas(buffer: PixelBuffer(width: 60, height: 50, fill: 0))
        let color = Color(r: 255, g: 255, b: 255, a: 128)
        c.strokePolyline(check, lineWidth: 4, color: color)
        let body = c.buffer[15, 35]   // on the first segment, far from the joint
        let joint = c.buffer[21, 41]  // the joint pixel (centre 21.5, 41.5)
        #expect(body == referenceBlend(0, color, coverage: 1))
        #expect(joint == body)
    }

    @Test func matchesTheMinimumDistanceReference() {
        let color = Color(r: 30, g: 200, b: 120, a: 190)
        let c = Canvas(buffer: PixelBuffer(width: 60, height: 50, fill: 0x101010))
        c.strokePolyline(check, lineWidth: 3, color: color)
        let expected = PixelBuffer(width: 60, height: 50, fill: 0x101010)
        referenceDraw(expected, color) { x, y in
            var nearest = Double.infinity
            for i in 1..<check.count {
                let a = check[i - 1], b = check[i]
                let dx = b.x - a.x, dy = b.y - a.y
                let t = min(max(((x - a.x) * dx + (y - a.y) * dy) / (dx * dx + dy * dy), 0), 1)
                nearest = min(nearest, Point(x: x, y: y).distance(to: Point(x: a.x + dx * t, y: a.y + dy * t)))
            }
            return 1.5 + 0.5 - nearest
        }
        #expect(differences(c.buffer, expected).isEmpty, "\(differences(c.buffer, expected))")
    }

    @Test func roundCapsReachHalfTheWidthPastTheEnds() {
        let c = Canvas(buffer: PixelBuffer(width: 40, height: 20, fill: 0))
        c.strokePolyline([Point(x: 10, y: 10), Point(x: 30, y: 10)], lineWidth: 6, color: .white)
        #expect(c.buffer[8, 9] == Color.white.xrgb)
        #expect(c.buffer[6, 9] == 0)
        #expect(c.buffer[5, 5] == 0)
    }

    @Test func singlePointIsADot() {
        let c = Canvas(buffer: PixelBuffer(width: 20, height: 20, fill: 0))
        c.strokePolyline([Point(x: 10, y: 10)], lineWidth: 6, color: .white)
        #expect(c.buffer[10, 10] == Color.white.xrgb)
        #expect(c.buffer[10, 15] == 0)
    }
}
