import PanelUI
import Testing

/// Which widget each picture is drawn in, which bounds how large it may be.
struct ImageWidgetTests {
    static let existing: Set<String> = ["/p/box.png", "/p/track.png", "/p/thumb.png", "/p/both.png", "/p/theme.png"]

    func sizes(_ yaml: String) throws -> [String: Size] {
        PanelLayout.widgetSizes(ofImagesIn: try decodeDescription(yaml, file: "/p/panel.yaml", existing: Self.existing))
    }

    @Test func eachKeyIsBoundByItsControlsWidget() throws {
        let found = try sizes("""
            scale: 1
            sections:
              - controls:
                  - {id: a, kind: checkbox, on_image: box.png, off_image: both.png}
                  - {id: b, kind: switch, on_image: track.png, thumb_image: thumb.png, off_image: both.png}
                  - {id: c, kind: radio, options: [x], on_image: box.png}
            """)
        // At the standard row height of 64: a 40x40 box and a 53x32 switch.
        #expect(found["/p/box.png"] == Size(width: 40, height: 40))
        #expect(found["/p/track.png"] == Size(width: 53, height: 32))
        #expect(found["/p/thumb.png"] == Size(width: 53, height: 32))
        #expect(found["/p/both.png"] == Size(width: 53, height: 40), "the widest and the tallest use")
    }

    @Test func theRowHeightScalesTheWidgets() throws {
        let found = try sizes("""
            scale: 1
            theme: {row_height: 400, on_image: theme.png}
            sections: [{controls: [{id: a, kind: switch}, {id: b, kind: checkbox}]}]
            """)
        // A theme image is drawn by every control it fits: here the 329x200 switch and the 250x250 box
        // (boxes grow with the row as the switch does).
        #expect(found["/p/theme.png"] == Size(width: 329, height: 250))
        #expect(PanelLayout.largestImageSide(forWidget: Size(width: 329, height: 200)) == 1316)
    }

    @Test func aThemeImageNoControlDrawsGetsTheLargestWidget() throws {
        let found = try sizes("scale: 1\ntheme: {thumb_image: theme.png}\nsections: [{controls: [{id: a, kind: checkbox}]}]")
        #expect(found["/p/theme.png"] == Size(width: 53, height: 40))
    }

    /// The widget is taken at the description's scale, and for `auto` at the largest it picks
    /// (4): at scale 1 alone, a picture made for a 4K screen's 160 px box was refused.
    @Test func theWidgetIsTakenAtTheDescriptionsScale() throws {
        let controls = "sections: [{controls: [{id: a, kind: checkbox, on_image: box.png}]}]"
        #expect(try sizes("scale: 2\n" + controls)["/p/box.png"] == Size(width: 80, height: 80))
        #expect(try sizes("scale: 1.5\n" + controls)["/p/box.png"] == Size(width: 60, height: 60))
        #expect(try sizes(controls)["/p/box.png"] == Size(width: 160, height: 160), "auto")
        #expect(try sizes("scale: auto\n" + controls)["/p/box.png"] == Size(width: 160, height: 160))
    }

    @Test func theLargestSideIsFourTimesTheWidgetAndAtMost4096() {
        #expect(PanelLayout.largestImageSide(forWidget: Size(width: 40, height: 40)) == 160)
        #expect(PanelLayout.largestImageSide(forWidget: Size(width: 53, height: 32)) == 212)
        #expect(PanelLayout.largestImageSide(forWidget: Size(width: 2000, height: 10)) == 4096)
    }
}
