import PanelUI
import Testing

/// Font and image paths resolve against the description's folder, and every image is listed once.

@Test func imageReferencesAreOnePerResolvedPathInFileOrder() throws {
    let panel = try decodeDescription("""
        sections:
          - controls:
              - {id: a, kind: checkbox, on_image: /etc/panel/icons/on.png, off_image: icons/off.png}
              - {id: b, kind: switch, thumb_image: thumb.png, off_image: icons/off.png}
        theme: {on_image: icons/on.png, off_image: late.png}
        """, file: "/etc/panel/panel.yaml",
        existing: ["/etc/panel/icons/on.png", "/etc/panel/icons/off.png", "/etc/panel/thumb.png", "/etc/panel/late.png"])
    // The theme is written last, so its own image comes last though it is decoded first,
    // and its on.png is the one the first control already named.
    #expect(panel.imageReferences == [
        ImageReference(path: "/etc/panel/icons/on.png", location: SourceLocation(line: 3, column: 43)),
        ImageReference(path: "/etc/panel/icons/off.png", location: SourceLocation(line: 3, column: 79)),
        ImageReference(path: "/etc/panel/thumb.png", location: SourceLocation(line: 4, column: 44)),
        ImageReference(path: "/etc/panel/late.png", location: SourceLocation(line: 5, column: 44)),
    ])
    #expect(panel.theme.controlDefaults.onImage == "/etc/panel/icons/on.png")
}

@Test func aDescriptionWithoutImagesHasNoReferences() throws {
    #expect(try decodeDescription("sections: [{controls: [{id: a, kind: checkbox}]}]").imageReferences == [])
}

@Test(arguments: [
    ("/etc/panel/panel.yaml", "/etc/panel/icons/on.png"),
    ("panel.yaml", "./icons/on.png"),
    ("/panel.yaml", "/icons/on.png"),
    ("conf/panel.yaml", "conf/icons/on.png"),
])
func relativeImagePathsResolveAgainstTheDescriptionsFolder(file: String, resolved: String) throws {
    let panel = try decodeDescription("sections: [{controls: [{id: a, kind: checkbox, on_image: icons/on.png}]}]",
                                      file: file, existing: [resolved])
    #expect(panel.controls[0].checkboxStyle.onImage == resolved)
    #expect(panel.imageReferences.map(\.path) == [resolved])
}

@Test func aRelativeFontResolvesAgainstTheDescriptionsFolder() throws {
    let panel = try decodeDescription("theme: {font: fonts/Big.otf}\nsections: [{}]",
                                      file: "/etc/panel/panel.yaml", existing: ["/etc/panel/fonts/Big.otf"])
    #expect(panel.theme.font == "/etc/panel/fonts/Big.otf")
    #expect(panel.imageReferences == [], "fonts are not images")
    #expect(panel.fontReference == FileReference(path: "/etc/panel/fonts/Big.otf", location: SourceLocation(line: 1, column: 15)))
}

@Test func aDescriptionWithoutAFontLeavesItToTheDefault() throws {
    let panel = try decodeDescription("sections: [{}]")
    #expect(panel.fontReference == nil)
    #expect(panel.theme.font == Theme.standard.font)
}
