// Temporary until the style keys land from the description decoder.
extension ControlDescription {
    public var switchStyle: SwitchStyle { .standard(accent: Color(rgb: 0x007AFF)) }
    public var checkboxStyle: CheckboxStyle { .standard(boxType: kind == .radio ? .circle : .square, accent: Color(rgb: 0x007AFF)) }
}
