import PanelUI

extension ManPage {
    /// panel.yml(5): every key of the description, from `DescriptionManual`, with the kinds
    /// that take each kind's own key read from the decoder's registry.
    static var description: String {
        let page = [
            ".TH PANEL.YML 5 \"\" \"panel \(BuildInfo.version)\" \"File Formats\"",
            ".nh",
            ".SH NAME", "panel.yml \\- the description of a settings panel for panel(1)",
            ".SH SYNOPSIS", Roff.verbatim("""
                title: Settings
                theme: {base: dark, font_size: 24}
                sections:
                  - title: Network
                    controls:
                      - {id: wifi, kind: switch, label: Wi-Fi, default: true}
                      - {id: mode, kind: radio, label: Power mode, options: [eco, balanced, performance]}
                """),
            ".SH DESCRIPTION", Roff.paragraphs("""
                A YAML file (at most 4 MiB) describing one panel: its title, look, and groups
                of controls. Every key but sections, id and kind is optional. panel check
                --config FILE reports every mistake as FILE:LINE:COL: message; an unknown key
                is an error naming the closest keys. Relative paths (font, images, credentials)
                are taken from the description's folder. panel.service reads /etc/panel/panel.yml.
                """),
            ".SH \"TOP LEVEL\"", items(DescriptionManual.panel),
            ".SH THEME", Roff.paragraphs("""
                theme: NAME picks a base; a mapping changes it. Besides these keys, every style
                key (see STYLE KEYS) is taken under theme: as the default for every control it
                fits; a control's own key wins.
                """), items(DescriptionManual.theme),
            ".SH SECTIONS", Roff.paragraphs("Each item of sections (top level, or a page's):"), items(DescriptionManual.section),
            ".SH CONTROLS", Roff.paragraphs("Each item of a section's controls. Keys every kind takes:"),
            items(DescriptionManual.control),
            ".SS \"Keys of some kinds\"", items(DescriptionManual.kindKeys, annotated: kindsTaking),
            ".SS \"Style keys\"", Roff.paragraphs("On a control, or under theme: for every control they fit."),
            items(DescriptionManual.style),
            ".SH ACTIONS", Roff.paragraphs("A control's action: mapping."), items(DescriptionManual.action),
            ".SH \"VALUE SOURCES\"", Roff.paragraphs("A value row's source: mapping."), items(DescriptionManual.source),
            ".SS \"MQTT value sources\"", Roff.paragraphs("A value row's source: {mqtt: TOPIC}."), items(DescriptionManual.mqttSource),
            ".SH IDLE", Roff.paragraphs("The top-level idle: mapping."), items(DescriptionManual.idle),
            ".SH NIGHT", Roff.paragraphs("The top-level night: mapping."), items(DescriptionManual.night),
            ".SH BURN-IN", Roff.paragraphs("The top-level burn_in: mapping; every key is optional."), items(DescriptionManual.burnIn),
            ".SH MQTT", Roff.paragraphs("The top-level mqtt: mapping."), items(DescriptionManual.mqtt),
            ".SS tls", items(DescriptionManual.tls),
            ".SH \"SEE ALSO\"", ".BR panel (1)", "",
        ]
        return page.joined(separator: "\n")
    }

    /// The kinds whose own keys include `key`, by the decoder's registry.
    private static func kindsTaking(_ key: String) -> String {
        DescriptionKeys.kinds.filter { $0.keys.contains(key) }.map(\.kind).joined(separator: ", ")
    }

    private static func items(_ docs: [KeyDoc], annotated: (String) -> String = { _ in "" }) -> String {
        docs.map { doc in
            let kinds = annotated(doc.key)
            return Roff.item(doc.key, doc.value, joiner: ": ", (kinds.isEmpty ? "" : "(\(kinds)) ") + doc.text)
        }.joined(separator: "\n")
    }
}
