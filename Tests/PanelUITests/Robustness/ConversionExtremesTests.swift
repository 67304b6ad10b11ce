import Testing
@testable import PanelUI

/// The extremes of a Double, through every public path of PanelUI that turns one into an
/// integer (a step, an index, a pixel, a level, a number written for people): each gives an
/// answer in range, never a trap (SIGILL) or a hang. The description's own numbers are in
/// `DescriptionExtremesTests`.
struct ConversionExtremesTests {
    static let twoTo63 = 9_223_372_036_854_775_808.0
    static let extremes: [Double] = [.nan, .infinity, -.infinity, 1e300, -1e300, twoTo63, -twoTo63, Double(Int32.max) + 1, -0.0]

    @Test func theBusySpinnerAtAnyTime() {
        for now in Self.extremes {
            if let step = BusySpinner.step(since: 0, at: now) { #expect((0..<BusySpinner.spokes).contains(step), "\(now)") }
            if let step = BusySpinner.step(since: -now, at: 1) { #expect((0..<BusySpinner.spokes).contains(step), "since \(-now)") }
            let next = BusySpinner.nextChange(since: 0, after: now)
            if now.isFinite { #expect(next > now, "after \(now): \(next)") }
        }
        #expect(BusySpinner.step(since: 0, at: .infinity) == 7)
        #expect(BusySpinner.nextChange(since: 0, after: .infinity) == .infinity, "never: no step is due")
        #expect(BusySpinner.nextChange(since: 0, after: 1e300) > 1e300, "a step is below 1e300's precision; still later")
    }

    @Test func theBurnInExerciseAtAnyTime() {
        for now in Self.extremes where now > 300 || now.isNaN {
            var exercise = BurnInExercise(minuteOfDay: 3 * 60, now: 0, secondOfDay: 3 * 3600 - 100)
            #expect(exercise.tick(at: 200, secondOfDay: { 3 * 3600 + 100 }, screenOn: true, fingersDown: false) == .show(BurnInExercise.colours[0]))
            let step = exercise.tick(at: now, secondOfDay: { 3 * 3600 + 100 }, screenOn: true, fingersDown: false)
            #expect(step == (now.isNaN ? .nothing : .finish), "\(now)")
        }
        #expect(BurnInOrbit.step(at: .infinity, every: 60) == 0 && BurnInOrbit.step(at: 1e300, every: 1e-300) > Int.max / 8)
        for scale in Self.extremes {
            #expect((0...Int.pixelLimit).contains(BurnInSettings(maxShift: 8).maxShiftPixels(scale: scale)), "\(scale)")
        }
    }

    @Test func aNumberSettingOfAnyRange() {
        let settings = [NumberSetting(min: 0, max: 1e300, step: 1e-300), NumberSetting(min: -1e300, max: 1e300, step: 1),
                        NumberSetting(step: 0), NumberSetting(step: .nan), NumberSetting(min: .nan), NumberSetting(max: .infinity),
                        NumberSetting(min: 0, max: Self.twoTo63, step: 1), NumberSetting(min: 0, max: 100, step: -1)]
        for setting in settings {
            _ = setting.lastIndex
            for value in Self.extremes + [0, 1, 100] {
                _ = setting.index(of: value)
                _ = setting.value(atFraction: value)
                _ = setting.onGrid(value)
                _ = setting.snapped(value)
                _ = setting.text(value)
                for steps in [1, -1, Int.max, Int.min] { _ = setting.stepped(value, by: steps) }
            }
        }
        let huge = NumberSetting(min: 0, max: 1e300, step: 1e-300)
        #expect(huge.lastIndex == .max)
        #expect(huge.index(of: 1e300) == .max && huge.index(of: .infinity) == .max && huge.index(of: -1e300) == 0)
        #expect(huge.stepped(1e300, by: 1) == huge.value(atIndex: .max), "held at the top, not overflowing")
        #expect(NumberSetting(step: 0).lastIndex == .max && NumberSetting(step: .nan).lastIndex == 0)
        let percent = NumberSetting()
        #expect(percent.index(of: 1e300) == 100 && percent.index(of: .nan) == 0 && percent.index(of: -0.0) == 0)
        #expect(percent.value(atFraction: .infinity) == 100 && percent.onGrid(Self.twoTo63) == nil)
        #expect(NumberSetting.fixed(1e300, decimals: 2) == "1e+300" && NumberSetting.fixed(-0.0, decimals: 1) == "0.0")
    }

    @Test func coloursAtAnyOpacityOrMix() {
        let colour = Color(r: 10, g: 200, b: 30, a: 200)
        for t in Self.extremes {
            let faded = colour.withOpacity(t), mixed = colour.mixed(with: .white, t)
            #expect(faded.r == 10 && (faded.a == 0 || faded.a == 200), "\(t): \(faded)")
            #expect(mixed == colour || mixed == .white, "\(t): \(mixed)")
            _ = colour.composited(over: .black, opacity: t)
        }
        #expect(colour.withOpacity(.nan).a == 0 && colour.withOpacity(.infinity).a == 200 && colour.mixed(with: .white, .nan) == colour)
    }

    @Test func numbersWrittenForPeople() {
        for value in Self.extremes {
            _ = CalibrationProcedure.pixels(value)
            _ = ScaleChoice.shown(value)
            _ = CalibrationMatrix.shown(value)
            _ = value.percentText
        }
        #expect(CalibrationProcedure.pixels(.infinity) == "inf px" && CalibrationProcedure.pixels(.nan) == "nan px")
        #expect(CalibrationProcedure.pixels(1e300) == "1e+300 px" && CalibrationProcedure.pixels(0.44) == "0.4 px")
        #expect(CalibrationProcedure.pixels(-0.0) == "0.0 px")
        #expect(ScaleChoice.shown(1e300) == "1e+300" && ScaleChoice.shown(-.infinity) == "-inf" && ScaleChoice.shown(5.186) == "5.19")
        #expect(CalibrationMatrix.shown(Self.twoTo63) == "9.223372036854776e+18")
    }

    @Test func layoutAtAnyScale() throws {
        let description = try PanelDescription.parse(DescriptionExtremesTests.panel, file: "scale.yaml", fileExists: { _ in true })
        let size = Size(width: 320, height: 240)
        let fonts = FontCache()
        for scale in Self.extremes + [1e-300, 0] {
            let metrics = LayoutMetrics(theme: description.theme, scale: scale, logicalSize: size)
            #expect(ScaleSetting.allowed.contains(metrics.scale) || metrics.scale == 1, "\(scale) → \(metrics.scale)")
            #expect(metrics.rowHeight > 0 && metrics.rowHeight <= 4 * 400 && metrics.fontSize <= 4 * 200, "\(scale)")
            let layout = PanelLayout(description: description, logicalSize: size, scale: scale)
            let model = PanelModel(description: description, layout: layout)
            let buffer = PixelBuffer(size: size)
            try PanelPainter(description: description, fonts: fonts, scale: scale, logicalSize: size).draw(model, at: 0, into: buffer, clip: buffer.bounds)
            // A metrics value set past any screen still lays out a dialog in range.
            var wild = metrics
            wild.scale = scale
            let dialog = DialogLayout(title: "Restart?", message: "The pump stops.", buttons: ["Cancel", "Restart"], screen: size, metrics: wild, fonts: nil)
            #expect(dialog.box.width >= 0 && dialog.box.width <= size.width, "\(scale): \(dialog.box)")
            #expect(CheckboxPainter.intrinsicSize(labelWidth: scale).width <= 48 + Int.pixelLimit)
        }
    }

    /// Shapes, images, layers and text at coordinates and sizes a broken calibration or a
    /// wild description could make: nothing drawn off the canvas, nothing trapped.
    @Test func drawingAtAnyCoordinate() throws {
        let font = try FontCache().font(path: Theme.defaultFont, pixelSize: 14)
        let image = Image(width: 2, height: 2, rgba: [UInt8](repeating: 200, count: 16))
        let red = Color(r: 220, g: 30, b: 40)
        for masks in [false, true] {
            for v in Self.extremes + [10, 1e9, -1e9] {
                var canvas = Canvas(buffer: PixelBuffer(width: 48, height: 32, fill: 0x203040))
                if masks { canvas.shapeMasks = ShapeMasks() }
                canvas.fillRoundedRect(RectF(x: v, y: v, width: v, height: v), radius: v, color: red)
                canvas.fillRoundedRect(RectF(x: 4, y: 4, width: v, height: 20), radius: 4, color: red)
                canvas.strokeRoundedRect(RectF(x: v, y: 4, width: 20, height: v), radius: 3, lineWidth: v, color: red)
                canvas.fillCircle(center: Point(x: v, y: 10), radius: v, color: red)
                canvas.strokeCircle(center: Point(x: 10, y: v), radius: 6, lineWidth: v, color: red)
                canvas.strokePolyline([Point(x: v, y: v), Point(x: 10, y: 10)], lineWidth: 2, color: red)
                canvas.strokePolyline([Point(x: 10, y: 10), Point(x: 30, y: v), Point(x: -v, y: 5)], lineWidth: v, color: red)
                canvas.drawImage(image, in: RectF(x: v, y: 3, width: 20, height: v))
                canvas.drawImage(image, in: RectF(x: 3, y: 3, width: 1e-300, height: v))
                canvas.drawLayer(Rect(x: 2, y: 2, width: 20, height: 20), opacity: v) { layer, frame in
                    layer.fillCircle(center: frame.center, radius: 8, color: red)
                }
                canvas.drawText("Wi-Fi", font: font, origin: Point(x: v, y: v), color: red)
                canvas.drawText("Wi-Fi", font: font, origin: Point(x: 3, y: v), color: red.withOpacity(v))
                canvas.fillBackdrop(background: .black, boxes: [RectF(x: v, y: 2, width: v, height: 10)], radius: v, boxColor: red)
                canvas.opacity = v
                canvas.fillCircle(center: Point(x: 10, y: 10), radius: 5, color: red)
            }
        }
    }

    /// A touch stream whose fingers are anywhere (a calibration matrix of 1e308 makes ±infinity,
    /// and infinity minus infinity NaN): the list, its indicator and the damage stay in range.
    @Test(arguments: ConversionExtremesTests.extremes)
    func scrollingWithAFingerAnywhere(_ v: Double) throws {
        let description = try PanelDescription.parse(DescriptionExtremesTests.panel, file: "scroll.yaml", fileExists: { _ in true })
        let size = Size(width: 320, height: 240)
        var model = PanelModel(description: description, layout: PanelLayout(description: description, logicalSize: size))
        #expect(model.scroll.isScrollable)
        let painter = try PanelPainter(description: description, fonts: FontCache(), logicalSize: size)
        let buffer = PixelBuffer(size: size)
        // The fastest flick's bounce stays within a few thousand pixels; 2^30 would be a
        // non-number held to the pixel limit.
        let limit = 100_000.0
        var now = 0.0
        for path in [[Point(x: 100, y: 200), Point(x: 100, y: v), Point(x: 100, y: v)],
                     [Point(x: v, y: v), Point(x: v, y: v), Point(x: 100, y: 100)],
                     [Point(x: 100, y: v), Point(x: 100, y: -v), Point(x: v, y: 150)]] {
            for (i, point) in path.enumerated() {
                now += 0.016
                _ = model.handle(PanelTouch(phase: i == 0 ? .down : .motion, slot: 0, position: point), at: now)
                #expect(Double(model.scrollOffset(at: now)).magnitude <= limit, "\(point): \(model.scrollOffset(at: now))")
            }
            _ = model.handle(PanelTouch(phase: .up, slot: 0, position: path.last!), at: now + 0.016)
            for _ in 0..<40 {
                let previous = now
                now += 0.05
                _ = model.advance(to: now)
                #expect(Double(model.scrollOffset(at: now)).magnitude <= limit)
                if let indicator = model.scrollIndicator(at: now) { #expect(Rect(size: size).contains(indicator.frame), "\(indicator.frame)") }
                for rect in model.takeDamage(previousFrame: previous, now: now) {
                    #expect(Rect(size: size).contains(rect), "damage \(rect) off screen")
                }
                painter.draw(model, at: now, into: buffer, clip: buffer.bounds)
            }
            now += 10
            _ = model.advance(to: now)
            #expect((0...Int(model.scroll.maxOffset)).contains(model.scrollOffset(at: now)), "at rest in range after \(path)")
        }
    }
}
