/// How large the description's pictures may be: an image is drawn aspect-fit into its widget,
/// so one far larger than the widget only costs memory (a 16384x16384 PNG of 33 KB took 2 GiB).
///
/// "The widget" is the frame the layout gives the control at the theme's row height and the
/// description's scale, in device pixels: the box of a checkbox or radio option for its
/// `on_image` / `off_image`, and the whole switch for a switch's `on_image`, `off_image` and
/// `thumb_image` (the knob is drawn inside that frame). With `scale: auto` the screen is not
/// known when a description is checked, so the widget is taken at the largest factor auto can
/// pick (`ScaleChoice.autoRange`'s 4): a picture sharp on a 4K screen is not refused.
extension PanelLayout {
    /// How many times the widget's larger side an image may be on each side.
    public static let imageScaleAllowance = 4

    /// Per resolved image path, the largest widget it is drawn in (the widest and the tallest
    /// of the controls using it). An image named only under `theme:` for a kind of control the
    /// panel doesn't have is drawn nowhere; it gets the largest widget any control could have.
    public static func widgetSizes(ofImagesIn description: PanelDescription) -> [String: Size] {
        let rowHeight = Int(pixels: (Double(description.theme.rowHeight) * imageScale(of: description)).rounded())
        var sizes: [String: Size] = [:]
        func note(_ path: String?, _ size: Size) {
            guard let path else { return }
            let known = sizes[path] ?? Size(width: 0, height: 0)
            sizes[path] = Size(width: max(known.width, size.width), height: max(known.height, size.height))
        }
        let icon = iconSize(rowHeight: rowHeight)
        for control in description.controls {
            note(control.icon, Size(width: icon, height: icon))
            let widget = control.kind.behavior.widgetSize(rowHeight: rowHeight)
            switch control.kind.behavior.look {
            case .track:
                let style = control.switchStyle
                for path in [style.onImage, style.offImage, style.thumbImage] { note(path, widget) }
            case .box:
                let style = control.checkboxStyle
                for path in [style.onImage, style.offImage] { note(path, widget) }
            case .text:
                break
            }
        }
        let widgets = ControlKind.allCases.map { $0.behavior.widgetSize(rowHeight: rowHeight) }
        let largest = Size(width: widgets.map(\.width).max() ?? 0, height: widgets.map(\.height).max() ?? 0)
        for reference in description.imageReferences where sizes[reference.path] == nil {
            sizes[reference.path] = largest
        }
        return sizes
    }

    /// The scale the widgets of `widgetSizes` are taken at: the description's factor, or for
    /// `auto` the largest auto can pick.
    public static func imageScale(of description: PanelDescription) -> Double {
        if case .fixed(let factor) = description.scale { return factor }
        return ScaleChoice.autoRange.upperBound
    }

    /// The most pixels an image drawn in `widget` may have on a side: `imageScaleAllowance`
    /// times the widget's larger side, and never more than `Image.largestSide`.
    public static func largestImageSide(forWidget widget: Size) -> Int {
        min(Image.largestSide, imageScaleAllowance * max(widget.width, widget.height))
    }
}
