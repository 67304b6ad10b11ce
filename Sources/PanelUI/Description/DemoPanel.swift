/// The panel shown when no `--config` is given, compiled in so a fresh build runs as is.
/// In PanelUI so the benchmark's cairo scene lays out the very same panel.
public enum DemoPanel {
    public static let fileName = "(bundled demo panel)"

    public static let yaml = """
    title: Settings
    theme: {row_height: 52}
    sections:
      - title: Network
        controls:
          - {id: wifi, kind: switch, label: Wi-Fi, default: true}
          - {id: bluetooth, kind: checkbox, label: Bluetooth, enabled: false}
          - {id: hotspot, kind: checkbox, label: Personal hotspot}
      - controls:
          - {id: mode, kind: radio, label: Power mode, options: [eco, balanced, performance], default: balanced, must_have_selection: true}
    """
}
