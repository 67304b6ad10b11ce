/// Every size the layout and the painters use, in device pixels, for one scale factor and one
/// screen: the description's sizes are points (pixels at scale 1) and each is multiplied by
/// the factor and rounded once, here. Layout, painting and hit testing read these whole-pixel
/// values, so a partial repaint lands on exactly the pixels a full one does at any scale, and
/// text is rasterised at its scaled pixel size (never a scaled bitmap).
///
/// A small screen (under `compactHeight` points on its short side, either way up) keeps rows
/// at least 48 points tall but takes a shorter title bar, section headers, captions and
/// insets: at 320x240 four 48 px rows show under the title and a header (four 64 px at 240x320),
/// and the demo shows its first group and the caption of its second whole (four control rows
/// turned; upright its header, group gap and caption leave no room for a fourth).
public struct LayoutMetrics: Equatable, Sendable {
    /// Device pixels per point.
    public var scale: Double
    /// The screen is small (short either way up): title, headers, captions and insets shrink.
    public var isCompact: Bool
    /// A control row's height (one line of label, no detail).
    public var rowHeight: Int
    /// The theme's label size, scaled.
    public var fontSize: Int
    public var titleHeight: Int
    public var titleFontSize: Int
    public var headerHeight: Int
    public var headerFontSize: Int
    /// From a header's bottom edge up to its text's descent.
    public var headerBaselineGap: Int
    /// The height of a radio group's caption row.
    public var captionHeight: Int
    public var sideMargin: Int
    public var rowInset: Int
    /// Between a box and its label, and between a label and a switch.
    public var labelGap: Int
    /// How far the pressed halo reaches around a widget.
    public var haloMargin: Int
    /// Lines of text stay readable on wide screens: a column is at most this wide.
    public var maxContentWidth: Int
    /// A column needs at least this width for the list to flow into several.
    public var minColumnWidth: Int
    public var groupCornerRadius: Double
    /// Separator and title-bar hairline thickness.
    public var hairline: Int
    /// Above and below the text block of a row whose label wraps or has a detail line.
    public var textPadding: Int
    public var badgeDiameter: Double
    public var badgeGap: Double
    public var indicatorWidth: Int
    public var indicatorInset: Int
    public var indicatorMinLength: Double

    /// Screens whose short side is less than this many points are compact.
    public static let compactHeight = 320
    /// The smallest row a finger hits reliably, in points.
    public static let minimumRowHeight = 48

    /// A finite `scale` above 0 outside `ScaleSetting.allowed` (which holds all a description,
    /// `--scale` or `auto` gives) is held to it, any other is 1, so every size below stays a
    /// few thousand pixels.
    public init(theme: Theme, scale: Double = 1, logicalSize: Size = Size(width: 800, height: 480)) {
        let allowed = ScaleSetting.allowed
        let scale = scale.isFinite && scale > 0 ? min(max(scale, allowed.lowerBound), allowed.upperBound) : 1
        self.scale = scale
        func px(_ points: Double) -> Int { max(0, Int(pixels: (points * scale).rounded())) }
        let font = Double(theme.fontSize)
        fontSize = max(1, px(font))
        // The short side: a 240x320 portrait screen is as small as a 320x240 one.
        let shortSideInPoints = Double(min(logicalSize.width, logicalSize.height)) / scale
        isCompact = shortSideInPoints < Double(Self.compactHeight)
        headerFontSize = max(1, px(max(6, Double(theme.fontSize * 3 / 4))))
        labelGap = px(12)
        haloMargin = px(8)
        maxContentWidth = px(960)
        minColumnWidth = px(480)
        groupCornerRadius = 10 * scale
        hairline = max(1, px(1))
        textPadding = px(8)
        badgeDiameter = 22 * scale
        badgeGap = 10 * scale
        indicatorWidth = max(1, px(3))
        indicatorInset = px(3)
        indicatorMinLength = 36 * scale
        if isCompact {
            // The title's line (DejaVu's 1.17 line height) and a pixel or two; a header its
            // text and 4 points; a caption its text and 8, not three quarters of a row.
            titleHeight = px(font * 1.3)
            titleFontSize = fontSize
            headerHeight = headerFontSize + px(4)
            headerBaselineGap = px(2)
            sideMargin = px(8)
            rowInset = px(12)
            // Four rows under the title and one header, but never under the touch minimum.
            let room = (logicalSize.height - titleHeight - headerHeight) / 4
            rowHeight = max(px(Double(Self.minimumRowHeight)), min(px(Double(theme.rowHeight)), room))
            captionHeight = headerFontSize + px(8)
        } else {
            rowHeight = px(Double(theme.rowHeight))
            titleHeight = rowHeight
            titleFontSize = px(font + Double(theme.fontSize / 5))
            headerHeight = px(font + 24)
            headerBaselineGap = px(8)
            sideMargin = px(16)
            rowInset = px(16)
            captionHeight = max(px(40), px(font + 20))
        }
    }

    /// A size in points (a label's font size) in device pixels.
    public func pixels(_ points: Int) -> Int {
        max(1, Int(pixels: (Double(points) * scale).rounded()))
    }
}
