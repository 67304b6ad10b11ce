import Glibc
import PanelUI

/// Reading what a panel is made of, before anything is drawn or saved: a mistake in any of
/// it stops the program with `FILE:LINE:COL: message` and exit status 2.
extension Commands {
    /// A description is a regular file of at most 4 MiB: a hundred thousand controls fit in
    /// that, and `--config /dev/zero` or a FIFO is refused at once instead of growing or hanging.
    static let descriptionLimits = ReadLimits(maxBytes: 4 << 20)

    static func loadDescription(_ path: String?) throws -> PanelDescription {
        guard let path else {
            return try PanelDescription.parse(DemoPanel.yaml, file: DemoPanel.fileName, fileExists: fileExists)
        }
        let text: String
        do {
            text = try readFile(path, limits: descriptionLimits)
        } catch {
            throw CommandFailure(message: "panel: \(error)", status: ExitStatus.badInput)
        }
        do {
            return try PanelDescription.parse(text, file: path, fileExists: fileExists, fontFamily: fontFamilyFile)
        } catch {
            throw CommandFailure(message: error.report, status: ExitStatus.badInput)
        }
    }

    /// Opens what the description's look is made of, as a panel will: the font at every size
    /// the panel draws it at, then every image. A file that can't be used stops the program
    /// where the description names it, so `panel check` refuses what `panel run` could not show.
    static func loadAssets(_ description: PanelDescription, file: String) throws -> [String: Image] {
        try checkFont(description, file: file)
        return try loadImages(description, file: file)
    }

    /// The theme's font through FreeType at each size (`Font(path:pixelSize:)`): a text file,
    /// an empty or truncated font is refused at `font:`, or, for the default font, by its path.
    static func checkFont(_ description: PanelDescription, file: String) throws {
        let fonts = FontCache()
        for size in PanelPainter.fontSizes(of: description) {
            do {
                _ = try fonts.font(path: description.theme.font, pixelSize: size)
            } catch {
                guard let reference = description.fontReference else {
                    throw CommandFailure(message: "panel: \(error.message) (the default font; name another with theme: {font: FILE})",
                                         status: ExitStatus.badInput)
                }
                throw CommandFailure(message: "\(file):\(reference.location): \(error.message)", status: ExitStatus.badInput)
            }
        }
        // Fallbacks are opened by a panel only when a character needs one; checked here, at
        // one size, so a file that is not a font is refused where `fonts:` names it.
        for reference in description.fallbackFontReferences {
            do {
                _ = try Font(path: reference.path, pixelSize: description.theme.fontSize)
            } catch {
                throw CommandFailure(message: "\(file):\(reference.location): \(error.message)", status: ExitStatus.badInput)
            }
        }
    }

    /// The description's warnings and, in file order with them, one for each piece of text
    /// with characters no font of the theme has (`TextCoverage`).
    static func warnings(_ description: PanelDescription, file: String) -> [DescriptionWarning] {
        let all = description.warnings + missingGlyphs(description, file: file, fonts: FontCache())
        return all.enumerated().sorted { a, b in
            (a.element.location.line, a.element.location.column, a.offset) < (b.element.location.line, b.element.location.column, b.offset)
        }.map(\.element)
    }

    /// A warning for each text no font of the theme can draw (`TextCoverage`), looked up in
    /// `fonts`: `panel run` passes its own cache, so the files are those the panel draws with
    /// and fallbacks open only where a text needs them anyway. None when the fonts can't open
    /// (loading the description reports that).
    static func missingGlyphs(_ description: PanelDescription, file: String, fonts: FontCache) -> [DescriptionWarning] {
        guard let font = try? fonts.font(paths: description.theme.fonts, pixelSize: description.theme.fontSize) else { return [] }
        return TextCoverage.warnings(description, file: file, font: font)
    }

    /// Loads every image the description names, once each. A PNG that doesn't decode, or whose
    /// header declares more pixels than its widget can show (`PanelLayout.largestImageSide`),
    /// is reported where the description names it, before its pixels are read.
    static func loadImages(_ description: PanelDescription, file: String) throws -> [String: Image] {
        var images: [String: Image] = [:]
        let widgets = PanelLayout.widgetSizes(ofImagesIn: description)
        for reference in description.imageReferences {
            func failure(_ message: String) -> CommandFailure {
                CommandFailure(message: "\(file):\(reference.location): \(message)", status: ExitStatus.badInput)
            }
            let widget = widgets[reference.path] ?? Size(width: 0, height: 0)
            let largest = PanelLayout.largestImageSide(forWidget: widget)
            do {
                let size = try PNG.size(path: reference.path)
                if size.width > largest || size.height > largest {
                    let scale = PanelLayout.imageScale(of: description)
                    let at = "at scale \(ScaleChoice.shown(scale))" + (description.scale == .auto ? ", the largest scale: auto picks" : "")
                    throw failure("image \(reference.path) is \(size.width)x\(size.height) pixels; it is drawn in a \(widget.width)x\(widget.height) widget (row_height \(description.theme.rowHeight) \(at)), "
                        + "so it may be at most \(largest) pixels a side (\(PanelLayout.imageScaleAllowance) times the widget); scale it down")
                }
                images[reference.path] = try Image.load(path: reference.path)
            } catch let error as AssetError {
                throw failure(error.message)
            }
        }
        return images
    }

    /// The file of a font family named in `fonts:`, through fontconfig (loaded on first use).
    static func fontFamilyFile(_ family: String) -> String? {
        FontconfigLookup.shared?.file(ofFamily: family)
    }

    static func fileExists(_ path: String) -> Bool {
        access(path, R_OK) == 0
    }
}
