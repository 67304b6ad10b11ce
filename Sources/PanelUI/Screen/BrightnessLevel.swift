/// How the backlight's brightness follows from the setting, the night cap and the idle
/// stage. Pure: every input is a fraction of the backlight's range, 0...1.
public enum BrightnessLevel {
    /// The brightness a bound slider's `value` asks for: where it lies in the slider's range,
    /// never below the binding's `min_brightness`.
    public static func setting(_ value: Double, of number: NumberSetting, binding: BacklightBinding) -> Double {
        max(number.fraction(of: value), clamped(binding.minimum))
    }

    /// The brightness to show: `setting` capped by `nightCap` (inside the night window), and
    /// while dimming, `progress` (0...1) of the way to `dimTo` (never brighter than it was).
    public static func shown(setting: Double, nightCap: Double?, dimTo: Double, progress: Double) -> Double {
        let awake = min(clamped(setting), nightCap.map(clamped) ?? 1)
        let dimmed = min(awake, clamped(dimTo))
        return awake + (dimmed - awake) * clamped(progress)
    }

    /// `fraction` of `maxBrightness` as the device's whole number, clamped to
    /// 0...`maxBrightness`; a brightness above 0 is never rounded down to dark (a backlight
    /// with `max_brightness` 1 is on at 5 %). Any `maxBrightness` is safe: `Double(Int.max)`
    /// is 2^63, past Int, so the product is clamped, never converted as it is.
    public static func raw(_ fraction: Double, maxBrightness: Int) -> Int {
        guard maxBrightness > 0 else { return 0 }
        let f = clamped(fraction)
        let value = Int(clamping: (f * Double(maxBrightness)).rounded())
        return min(max(value, f > 0 ? 1 : 0), maxBrightness)
    }

    /// 0...1, NaN as 0.
    static func clamped(_ f: Double) -> Double {
        f.isNaN ? 0 : min(max(f, 0), 1)
    }
}

extension Double {
    /// A fraction shown as a percentage for logs and messages: "20%", "12.5%".
    public var percentText: String {
        let p = (self * 1000).rounded() / 10
        return (p == p.rounded() && p.magnitude < 1e15 ? String(Int(p)) : String(p)) + "%"
    }
}
