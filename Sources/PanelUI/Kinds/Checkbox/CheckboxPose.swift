/// What a checkbox shows at one moment: how much of the off look remains and how far each part
/// of the on look (fill, outline, check) has come in. The animations differ only in this.
struct CheckboxPose {
    /// The grey (tint) outline of the off box.
    var offOutlineOpacity = 0.0
    /// The on box (fill and outline) about the box centre.
    var boxScale = 1.0
    var fillOpacity = 1.0
    var outlineOpacity = 1.0
    /// The on outline drawn so far while it is being drawn along its length; nil: all of it.
    var outlinePath: [Point]?
    var checkScale = 1.0
    var checkOpacity = 1.0
    /// The check's line while it is being drawn or morphed; nil: the check mark itself.
    var checkPath: [Point]?

    /// The on look. Every animation ends on exactly this, so they all rest on the same pixels.
    static let on = CheckboxPose()
    /// The off look: nothing of the on look.
    static let off = CheckboxPose(offOutlineOpacity: 1, fillOpacity: 0, outlineOpacity: 0, checkOpacity: 0)
}

extension CheckboxPose {

    /// The pose of `animation` at `t` (0 off … 1 on, linear time): each animation eases its own parts.
    /// Turning off plays the same mapping with `t` falling, so a reversal mid-way is continuous.
    init(_ animation: CheckboxAnimation, at t: Double, geometry g: CheckboxGeometry, hideBox: Bool) {
        let t = t.isNaN ? 0 : min(max(t, 0), 1)
        if t <= 0 { self = .off; return }
        if t >= 1 { self = .on; return }
        self = .on
        switch animation {
        case .stroke:
            // The outline along its length in the first 55 %, the check in the last 55 %; the fill
            // floods in behind the pen so a white check has its background before it is drawn.
            let box = hideBox ? 1 : Easing.inOut(Easing.phase(t, 0, 0.55))
            let mark = Easing.inOut(hideBox ? t : Easing.phase(t, 0.45, 1))
            offOutlineOpacity = 1 - box
            fillOpacity = Easing.inOut(Easing.phase(t, 0.25, 0.55))
            if box < 1 { outlinePath = Polyline.prefix(g.outline(from: g.entry), fraction: box) }
            if mark < 1 { checkPath = Polyline.prefix(g.check, fraction: mark) }
        case .fill:
            // The on box grows from the centre in the first 60 %, the check fades and zooms in after half time.
            let grow = hideBox ? 1 : Easing.out(Easing.phase(t, 0, 0.6))
            let mark = Easing.out(hideBox ? t : Easing.phase(t, 0.5, 1))
            boxScale = grow
            offOutlineOpacity = 1 - Easing.inOut(Easing.phase(t, 0.3, 0.6))
            checkOpacity = mark
            checkScale = 0.5 + 0.5 * mark
        case .bounce:
            // The whole on look springs up from nothing past its size, then settles.
            let scale = Easing.spring(t, peak: CheckboxGeometry.peakScale)
            boxScale = scale
            checkScale = scale
            offOutlineOpacity = 1 - Easing.inOut(Easing.phase(t, 0.15, 0.4))
        case .flat:
            // A flat line through the centre fades in with the box in the first 40 %, and from
            // 20 % bends into the check, a little past it, and back.
            let appear = Easing.out(Easing.phase(t, 0, 0.4))
            let bend = Easing.overshoot(Easing.phase(t, 0.2, 1), peak: 1.1)
            offOutlineOpacity = 1 - appear
            fillOpacity = appear
            outlineOpacity = appear
            checkOpacity = appear
            checkPath = zip(g.flatCheck, g.check).map { $0 + ($1 - $0) * bend }
        case .oneStroke:
            self = Self.oneStroke(at: t, geometry: g, hideBox: hideBox)
        case .fade:
            let a = Easing.inOut(t)
            offOutlineOpacity = 1 - a
            fillOpacity = a
            outlineOpacity = a
            checkOpacity = a
        }
    }

    /// One pen stroke at one eased speed: around the box clockwise from `entry`, then in along
    /// the check's long arm and down and up through the check. The arm's lead-in retracts behind
    /// the pen while it draws the check, leaving the box and the check mark.
    private static func oneStroke(at t: Double, geometry g: CheckboxGeometry, hideBox: Bool) -> CheckboxPose {
        let entry = g.entry
        let outline = hideBox ? [] : g.outline(from: entry)
        let swoosh = [entry, g.check[2], g.check[1], g.check[0]]
        let outlineLength = Polyline.length(outline)
        let leadIn = entry.distance(to: g.check[2])
        let total = Polyline.length(swoosh) + outlineLength
        let pen = Easing.inOut(t) * total
        var pose = CheckboxPose.on
        let box = outlineLength > 0 ? min(pen / outlineLength, 1) : 1
        pose.offOutlineOpacity = 1 - box
        pose.fillOpacity = box
        if box < 1 { pose.outlinePath = Polyline.piece(outline, from: 0, to: pen) }
        let inside = pen - outlineLength
        let markLength = total - outlineLength - leadIn
        let tail = inside > leadIn ? leadIn * (inside - leadIn) / markLength : 0
        pose.checkPath = Polyline.piece(swoosh, from: tail, to: inside)
        return pose
    }
}
