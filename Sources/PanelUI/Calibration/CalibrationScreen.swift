/// What `panel calibrate` shows: one crosshair, the corners already pressed as dots, and a few
/// lines of text ("Point 2 of 4", "Touch the centre of the cross", a warning after a refused
/// press, wrapped to the width). Pure pixels in the panel's turned (logical) coordinates; the display turns them.
public struct CalibrationScreen: Equatable, Sendable {
    public var size: Size
    /// The crosshair's pixel, when one shows.
    public var crosshair: (x: Int, y: Int)?
    /// Pixels of the corners already taken.
    public var done: [Point]
    public var title: String
    public var instruction: String
    /// A refused press, said in amber.
    public var warning: String?

    public static func == (a: Self, b: Self) -> Bool {
        a.size == b.size && a.crosshair?.x == b.crosshair?.x && a.crosshair?.y == b.crosshair?.y && a.done == b.done
            && a.title == b.title && a.instruction == b.instruction && a.warning == b.warning
    }

    static let background = Color(rgb: 0x14171B)
    static let cross = Color.white
    static let ring = Color(rgb: 0x4FC3F7)
    static let doneDot = Color(rgb: 0x6B7580)
    static let text = Color(rgb: 0xE8ECF0)
    static let warningText = Color(rgb: 0xFFB74D)

    public init(size: Size, crosshair: (x: Int, y: Int)?, done: [Point], title: String, instruction: String, warning: String? = nil) {
        self.size = size
        self.crosshair = crosshair
        self.done = done
        self.title = title
        self.instruction = instruction
        self.warning = warning
    }

    /// The screen for where `procedure` stands.
    public init(procedure: CalibrationProcedure) {
        let targets = procedure.targets
        size = targets.logical
        warning = procedure.last.flatMap(\.warning)
        guard let place = procedure.place else {
            crosshair = nil
            done = []
            title = "Calibrated"
            if case .finished(let result)? = procedure.last {
                instruction = "Centre off by \(CalibrationProcedure.pixels(result.centreError))"
            } else {
                instruction = ""
            }
            return
        }
        crosshair = targets.pixel(place)
        done = CalibrationTargets.Place.allCases.prefix(procedure.cornersTaken).map { targets.logicalPoint($0) }
        if let number = procedure.cornerNumber {
            title = "Point \(number) of 4"
            instruction = "Touch the centre of the cross"
        } else {
            title = "Check"
            instruction = "Touch the centre of the cross once more"
        }
    }

    /// The arm of the crosshair and the text sizes follow the shorter side (20 px and 24 px at 480).
    var side: Int { min(size.width, size.height) }
    var arm: Int { max(10, Int((Double(side) / 24).rounded())) }
    var titleSize: Int { max(12, Int((Double(side) / 20).rounded())) }
    var lineSize: Int { max(11, Int((Double(side) / 26).rounded())) }

    /// The fonts at the sizes this screen draws text at.
    public var fontSizes: [Int] { [titleSize, lineSize] }

    /// Draws the whole screen with the font at `fontPath`.
    public func paint(fonts: FontCache, fontPath: String = Theme.defaultFont) throws(FontError) -> PixelBuffer {
        let titleFont = try fonts.font(path: fontPath, pixelSize: titleSize)
        let lineFont = try fonts.font(path: fontPath, pixelSize: lineSize)
        let buffer = PixelBuffer(size: size)
        let canvas = Canvas(buffer: buffer)
        canvas.fill(buffer.bounds, color: Self.background)
        let dot = max(2, Double(arm) / 6)
        for point in done { canvas.fillCircle(center: point, radius: dot, color: Self.doneDot) }
        if let (x, y) = crosshair {
            let centre = Point(x: Double(x) + 0.5, y: Double(y) + 0.5)
            canvas.strokeCircle(center: centre, radius: Double(arm) / 2, lineWidth: max(1.5, Double(arm) / 10), color: Self.ring)
            // One pixel wide through the crosshair's pixel, so its centre is the pixel's centre.
            canvas.fill(Rect(x: x - arm, y: y, width: 2 * arm + 1, height: 1), color: Self.cross)
            canvas.fill(Rect(x: x, y: y - arm, width: 1, height: 2 * arm + 1), color: Self.cross)
        }
        // The text sits below the middle, clear of the centre's crosshair and the bottom corners'.
        var baseline = Double(size.height) / 2 + Double(arm) + titleFont.ascent + Double(titleSize) / 2
        let margin = Double(arm)
        func line(_ text: String, _ font: Font, _ color: Color) {
            let cut = font.truncated(text, toWidth: Double(size.width) - 2 * margin)
            canvas.drawText(cut, font: font, origin: Point(x: ((Double(size.width) - font.measure(cut)) / 2).rounded(), y: baseline), color: color)
            baseline += font.lineHeight
        }
        line(title, titleFont, Self.text)
        if !instruction.isEmpty { line(instruction, lineFont, Self.text) }
        if let warning {
            for part in TextLines.wrap(warning, font: lineFont, width: Double(size.width) - 2 * margin, maxLines: 3) {
                line(part, lineFont, Self.warningText)
            }
        }
        return buffer
    }
}

extension CalibrationProcedure {
    /// Corners taken so far (0…4).
    public var cornersTaken: Int { pressedCount }

    /// "0.4 px", one decimal; "inf px" or "nan px" for a measure that isn't a number.
    public static func pixels(_ value: Double) -> String {
        let scaled = (value * 10).rounded()
        guard scaled.magnitude < 1e15 else { return "\(value) px" }
        let tenths = Int(scaled)
        return "\(tenths / 10).\(tenths % 10) px"
    }
}

extension CalibrationProcedure.Outcome {
    /// The sentence a refusal or a restart shows on screen; nil for the others.
    public var warning: String? {
        switch self {
        case .accepted, .finished: return nil
        case .rejected(let place, let why):
            return "\(why.sentence); touch \(place == .centre ? "the centre" : "point \(place.rawValue + 1)") again"
        case .restarted(_, let why):
            return "\(why.sentence); starting again at point 1"
        }
    }
}

extension CalibrationProcedure.Rejection {
    /// What went wrong with a press, said for the person at the screen.
    public var sentence: String {
        switch self {
        case .slipped(let spread): "The finger slid \(CalibrationProcedure.pixels(spread))"
        case .disagrees(let by): "That press is \(CalibrationProcedure.pixels(by)) from where the others put it"
        case .twoFingers: "Two fingers touched"
        case .degenerate: "The points lie on one line"
        }
    }
}
