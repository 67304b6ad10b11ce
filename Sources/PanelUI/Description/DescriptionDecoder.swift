extension PanelDescription {
    /// Decodes a panel description, or reports the first mistake as `FILE:LINE:COL: message`.
    ///
    /// `file` names the description in messages, and its folder is where relative paths
    /// (the font, images) are looked up. `fileExists` checks the paths the description names;
    /// it is injected so decoding stays free of file-system access in tests.
    /// `fontFamily` finds the file of a font family named in `fonts:` instead of a file (the
    /// program passes fontconfig's lookup); without it every entry must be a file.
    public static func parse(_ text: String, file: String, fileExists: (String) -> Bool,
                             fontFamily: ((String) -> String?)? = nil) throws(DescriptionError) -> PanelDescription {
        // The context keeps the checker while decoding, which ends before this call returns.
        return try withoutActuallyEscaping(fileExists, do: { (fileExists) throws(DescriptionError) -> PanelDescription in
            let context = DecodingContext(file: file, source: text, fileExists: fileExists, fontFamily: fontFamily)
            let root: YAMLNode?
            do throws(YAMLSyntaxError) {
                root = try YAMLNode.parse(text)
            } catch {
                if let tab = tabInIndentation(text, near: error.location) {
                    throw context.error(at: tab, "a tab in the indentation; YAML indents with spaces only (replace the tab with spaces)")
                }
                throw context.error(at: error.location, error.message)
            }
            guard let root else {
                throw context.error(at: SourceLocation(line: 1, column: 1), "the file is empty; a panel description needs at least a 'sections' list")
            }
            var draft = PanelDraft()
            // Decoding goes on past each mistake it can, so that one run reports them all.
            let rootKeys = context.recovering { () throws(DescriptionError) in
                try decodeMapping(root, what: "the description", fields: panelFields, into: &draft, context)
            }
            guard let sectionsNode = draft.sections else {
                if let found = context.errors.combined { throw found }
                throw context.error(root, "the description has no 'sections'; add a list of sections, each with 'controls'")
            }
            // After the theme, wherever it is written: controls start from its style keys.
            let sections = context.recovering { () throws(DescriptionError) in
                try decodeSections(sectionsNode, theme: draft.theme.theme, context)
            }
            guard let sections, let rootKeys else {
                throw context.errors.combined ?? context.error(root, "the description's sections could not be read")
            }
            var description = PanelDescription(title: draft.title, rotation: draft.rotation, theme: draft.theme.theme, sections: sections,
                                    imageReferences: context.files.imageReferences, blankAfter: draft.blankAfter,
                                    socketPath: draft.socketPath, calibration: draft.calibration,
                                    fontReference: context.files.font, scale: draft.scale, physicalSize: draft.physicalSize,
                                    columns: draft.columns, themeSchedule: draft.theme.schedule, mqtt: draft.mqtt)
            description.burnIn = draft.burnIn
            description.fallbackFontReferences = context.files.fallbackFonts
            description.drawnTexts = context.files.drawnTexts
            description.direction = draft.direction
            // The controls of every page, flattened once by the description, serve both checks.
            checkMQTTSources(description.controls, hasBroker: draft.mqtt != nil, context)
            if let found = context.errors.combined { throw found }
            return description.with(warnings: context.warnings.all)
                .with(screen: try finishedScreen(draft.screen, blankAfter: draft.blankAfter, keys: rootKeys,
                                                 controls: description.controls, context))
        })
    }
}

/// The description's keys as written; sections are decoded once the theme is known.
private struct PanelDraft {
    var title: String?
    var rotation: Rotation?
    var theme = DecodedTheme(theme: .standard)
    var sections: YAMLNode?
    var blankAfter: Double?
    var socketPath: String?
    var calibration: [Double]?
    var scale = ScaleSetting.auto
    var physicalSize: PhysicalSize?
    var columns = ColumnSetting.auto
    var direction = DirectionSetting.auto
    var mqtt: MQTTDescription?
    var screen = ScreenSettings()
    var burnIn: BurnInSettings?
}

/// The description's own keys (joined to the screen's apart: as one expression Swift 6.2's type
/// checker gives up on it).
private let panelOwnFields: [Field<PanelDraft>] = [
    Field("title", \.title, .line),
    Field("rotate", \.rotation, .rotation),
    Field("theme", \.theme, .theme),
    Field("sections", \.sections, .node),
    Field("blank_after", \.blankAfter, .seconds),
    Field("socket", \.socketPath, .socketPath),
    Field("calibration", \.calibration, .calibrationMatrix),
    Field("scale", \.scale, .scale),
    Field("physical_size", \.physicalSize, .physicalSize),
    Field("columns", \.columns, .columns),
    Field("direction", \.direction, .choice),
    Field("mqtt", \.mqtt, .mqtt),
    Field("burn_in", \.burnIn, .burnIn),
]

private let panelScreenFields: [Field<PanelDraft>] = screenFields.map { Field($0, in: \.screen) }
private let panelFields: [Field<PanelDraft>] = panelOwnFields + panelScreenFields

private struct SectionDraft {
    var title: String?
    var controls: [YAMLNode] = []
}

private let sectionFields: [Field<SectionDraft>] = [
    Field("title", \.title, .line),
    Field("controls", \.controls, .list),
]

extension Conversion<Double> {
    /// A positive number of seconds up to a year, fractions allowed: `blank_after: 300`.
    /// A year is no different from never for a screen, and it keeps every conversion of the
    /// time to the loop clock's nanoseconds far from overflowing (9.3e18 s used to kill the panel).
    static var seconds: Self {
        Self { (node, key, context) throws(DescriptionError) in
            if case .scalar(let text, false, _) = node, let value = Double(text), value.isFinite, value > 0,
               value <= PanelDescription.longestSeconds {
                return value
            }
            throw context.error(node, "'\(key)' must be a number of seconds above 0 and at most \(Int(PanelDescription.longestSeconds)) (a year), not \(node.shownInMessage)")
        }
    }
}

extension PanelDescription {
    /// The longest time a description may give in seconds: a year of 365 days.
    public static let longestSeconds = 31_536_000.0
}

extension Conversion<String> {
    /// The control socket's path: absolute, since the service's working folder is `/`.
    fileprivate static var socketPath: Self {
        Self { (node, key, context) throws(DescriptionError) in
            let path = try plain("'KEY'").convert(node, key, context)
            guard path.hasPrefix("/") else {
                throw context.error(node, "'\(key)' must be an absolute path, like /run/panel/panel.sock, not '\(path)'")
            }
            return path
        }
    }
}

extension Conversion<[Double]> {
    /// libinput's calibration matrix: the first two rows `[a, b, c, d, e, f]` of a 3x3
    /// matrix over coordinates normalised to 0…1 (libinput_device_config_calibration_set_matrix).
    fileprivate static var calibrationMatrix: Self {
        Self { (node, key, context) throws(DescriptionError) in
            let shape = "6 numbers [a, b, c, d, e, f] (libinput's calibration matrix; [1, 0, 0, 0, 1, 0] changes nothing)"
            guard case .sequence(let items, _) = node else {
                throw context.error(node, "'\(key)' must be a list of \(shape), not \(node.shownInMessage)")
            }
            guard items.count == 6 else {
                throw context.error(node, "'\(key)' has \(items.count) numbers; it needs \(shape)")
            }
            var matrix: [Double] = []
            for item in items {
                guard case .scalar(let text, false, _) = item, let value = Double(text), value.isFinite else {
                    throw context.error(item, "'\(key)' items must be numbers, not \(item.shownInMessage)")
                }
                matrix.append(value)
            }
            return matrix
        }
    }
}

extension Conversion<[YAMLNode]> {
    /// A list whose items are decoded by the caller.
    fileprivate static var list: Self {
        Self { (node, key, context) throws(DescriptionError) in
            guard case .sequence(let items, _) = node else {
                throw context.error(node, "'\(key)' must be a list (lines starting with '- '), not \(node.shownInMessage)")
            }
            return items
        }
    }
}

/// The sections with their controls (of the panel, or of a page); control ids must be
/// unique across all of them, on every page.
func decodeSections(_ node: YAMLNode, theme: Theme, _ context: DecodingContext) throws(DescriptionError) -> [SectionDescription] {
    let items = try Conversion<[YAMLNode]>.list.convert(node, "sections", context)
    guard !items.isEmpty else {
        throw context.error(node, "'sections' is empty; add at least one section with 'controls'")
    }
    var sections: [SectionDescription] = []
    // Each section and each control is a recovery point: a mistake in one is noted and the
    // others are still read (the caller throws what was noted).
    for (sectionIndex, item) in items.enumerated() {
        var draft = SectionDraft()
        let sectionName = name("section", of: item, titleKey: "title", index: sectionIndex)
        guard context.recovering({ () throws(DescriptionError) in
            try decodeMapping(item, what: sectionName, fields: sectionFields, into: &draft, context)
        }) != nil else { continue }
        var controls: [ControlDescription] = []
        for (controlIndex, controlNode) in draft.controls.enumerated() {
            var controlName = name("control", of: controlNode, titleKey: "id", index: controlIndex)
            if controlNode.value(forKey: "id") == nil { controlName += " of \(sectionName)" }
            guard let (control, idNode) = context.recovering({ () throws(DescriptionError) in
                try decodeControl(controlNode, what: controlName, theme: theme, context)
            }) else { continue }
            if let first = context.ids.firstLocation[control.id] {
                context.errors.note(context.error(idNode, "duplicate id '\(control.id)' (first defined at \(first))"))
                continue
            }
            context.ids.firstLocation[control.id] = control.location
            controls.append(control)
        }
        sections.append(SectionDescription(title: draft.title, controls: controls))
    }
    return sections
}

/// "section 'Network'" when the mapping has that key as a scalar, else "section 2". A long
/// title is cut: it names the section in messages before its own length is checked.
private func name(_ noun: String, of node: YAMLNode, titleKey: String, index: Int) -> String {
    if case .scalar(let text, _, _)? = node.value(forKey: titleKey) {
        let shown = text.unicodeScalars.count > 40 ? String(String.UnicodeScalarView(text.unicodeScalars.prefix(40))) + "…" : text
        return "\(noun) '\(shown)'"
    }
    return "\(noun) \(index + 1)"
}

/// The keys of the top level and of a section, for panel.yml(5) (`DescriptionKeys`).
let panelKeys = panelFields.map(\.key)
let sectionKeys = sectionFields.map(\.key)
