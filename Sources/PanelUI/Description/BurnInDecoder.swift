/// The `burn_in:` mapping's keys as written.
private struct BurnInDraft {
    var shiftEvery: Double?
    var maxShift: Int?
    var exerciseAt: Int?
}

private let burnInExample = "{shift_every: 600, max_shift: 4, exercise_at: \"03:00\"}"

private let burnInFields: [Field<BurnInDraft>] = [
    Field("shift_every", \.shiftEvery, .shiftSeconds),
    Field("max_shift", \.maxShift, .shiftPoints),
    Field("exercise_at", \.exerciseAt, .timeOfDay),
]

extension Conversion<BurnInSettings> {
    /// `burn_in: {shift_every: 600, max_shift: 4, exercise_at: "03:00"}`, every key optional
    /// (`burn_in: {}` shifts by up to 4 points every 10 minutes and runs no colour cycle);
    /// a mistake is reported at its key's value.
    static var burnIn: Self {
        Self { (node, key, context) throws(DescriptionError) in
            guard case .mapping = node else {
                throw context.error(node, "'\(key)' must be a mapping like \(burnInExample), not \(node.shownInMessage)")
            }
            var draft = BurnInDraft()
            _ = try decodeMapping(node, what: "'\(key)'", fields: burnInFields, into: &draft, context)
            return BurnInSettings(shiftEvery: draft.shiftEvery ?? BurnInSettings.defaultShiftEvery,
                                  maxShift: draft.maxShift ?? BurnInSettings.defaultMaxShift, exerciseAt: draft.exerciseAt)
        }
    }
}

extension Conversion<Double> {
    /// `shift_every`: whole or fractional seconds from 10 to a year.
    fileprivate static var shiftSeconds: Self {
        Self { (node, key, context) throws(DescriptionError) in
            let range = BurnInSettings.shortestShiftEvery...PanelDescription.longestSeconds
            if case .scalar(let text, false, _) = node, let value = Double(text), value.isFinite, range.contains(value) {
                return value
            }
            throw context.error(node, "'\(key)' must be a number of seconds from \(Int(range.lowerBound)) to \(Int(range.upperBound)) "
                + "(a year), not \(node.shownInMessage); shorter steps would make the shift a visible crawl")
        }
    }
}

extension Conversion<Int> {
    /// `max_shift`: whole points from 0 to 16, scaled like every length.
    fileprivate static var shiftPoints: Self {
        Self { (node, key, context) throws(DescriptionError) in
            let range = BurnInSettings.maxShiftRange
            if case .scalar(let text, false, _) = node, let value = Int(text), range.contains(value) {
                return value
            }
            throw context.error(node, "'\(key)' must be a whole number of points from \(range.lowerBound) to \(range.upperBound) "
                + "(times the scale factor on screen; 0 never moves the drawing), not \(node.shownInMessage)")
        }
    }
}
let burnInKeys = burnInFields.map(\.key)
