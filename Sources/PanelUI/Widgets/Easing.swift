/// Timing curves for widget animations. Painters get the raw time fraction and shape it here,
/// so each animation keeps its own feel whatever clock drives it.
enum Easing {
    /// Where `t` is inside `start...end`, linearly: 0 before, 1 after. One animation of many
    /// parts gives each part its own slice of the time this way.
    static func phase(_ t: Double, _ start: Double, _ end: Double) -> Double {
        guard end > start else { return t < start ? 0 : 1 }
        return min(max((t - start) / (end - start), 0), 1)
    }

    /// Cubic ease-in-out, the same curve as `Transition`.
    static func inOut(_ t: Double) -> Double { Transition.easeInOut(min(max(t, 0), 1)) }

    /// Cubic ease-out: fast start, gentle stop.
    static func out(_ t: Double) -> Double {
        let u = 1 - min(max(t, 0), 1)
        return 1 - u * u * u
    }

    /// Eases up to `peak` (past 1) at 70 % of the time, then back to exactly 1: a morph that
    /// settles with some life in it.
    static func overshoot(_ t: Double, peak: Double) -> Double {
        t < 0.7 ? peak * inOut(phase(t, 0, 0.7)) : peak + (1 - peak) * inOut(phase(t, 0.7, 1))
    }

    /// A spring's scale from 0: up to `peak` at 45 % of the time, back under 1, settling on exactly 1.
    /// Keyframes rather than a physical spring, so the peak (which must fit the frame) is exact.
    static func spring(_ t: Double, peak: Double) -> Double {
        let dip = 1 - (peak - 1) / 3
        if t < 0.45 { return peak * out(phase(t, 0, 0.45)) }
        if t < 0.75 { return peak + (dip - peak) * inOut(phase(t, 0.45, 0.75)) }
        return dip + (1 - dip) * inOut(phase(t, 0.75, 1))
    }
}
