/// A slider's `bind: backlight` and `min_brightness: 5%`: the slider sets the backlight's
/// brightness (its range maps to the backlight's, never below `min_brightness`), with or
/// without an action.
enum SliderBinding {
    /// What a slider can be bound to.
    enum Target: String, CaseIterable, Sendable { case backlight }

    static let keys = ["bind", "min_brightness"]

    /// The binding the slider's keys ask for; nil without `bind`.
    static func decode(_ k: KindKeys) throws(DescriptionError) -> BacklightBinding? {
        let minimum = try k.value("min_brightness", .percent())
        guard let bindNode = k.keys.value("bind") else {
            if let key = k.keys.key("min_brightness") {
                throw k.context.error(key, "'min_brightness' needs 'bind: backlight' on slider '\(k.id)'")
            }
            return nil
        }
        _ = try Conversion<Target>.choice.convert(bindNode, "bind", k.context)
        return BacklightBinding(minimum: minimum ?? BacklightBinding.defaultMinimum, location: bindNode.location)
    }
}
