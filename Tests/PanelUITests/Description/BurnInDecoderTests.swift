import Testing
@testable import PanelUI

/// `burn_in: {shift_every, max_shift, exercise_at}`: every key optional, each mistake reported
/// at its value with what is allowed.
struct BurnInDecoderTests {
    static let sections = "sections: [{controls: [{id: a, kind: switch}]}]\n"

    @Test func keysAndDefaults() throws {
        #expect(try decodeDescription(Self.sections).burnIn == nil, "no burn_in, no care")
        #expect(try decodeDescription("burn_in: {}\n" + Self.sections).burnIn
            == BurnInSettings(shiftEvery: 600, maxShift: 4, exerciseAt: nil))
        #expect(try decodeDescription("burn_in: {shift_every: 90.5, max_shift: 16, exercise_at: \"03:15\"}\n" + Self.sections).burnIn
            == BurnInSettings(shiftEvery: 90.5, maxShift: 16, exerciseAt: 3 * 60 + 15))
        #expect(try decodeDescription("burn_in:\n  max_shift: 0\n  shift_every: 10\n" + Self.sections).burnIn
            == BurnInSettings(shiftEvery: 10, maxShift: 0, exerciseAt: nil))
    }

    static let shiftEvery = "'shift_every' must be a number of seconds from 10 to 31536000 (a year)"
    static let maxShift = "'max_shift' must be a whole number of points from 0 to 16 (times the scale factor on screen; 0 never moves the drawing)"

    @Test(arguments: [
        ("burn_in: {shift_every: 9.9}", "panel.yaml:1:24: \(shiftEvery), not '9.9'; shorter steps would make the shift a visible crawl"),
        ("burn_in: {shift_every: 31536001}", "panel.yaml:1:24: \(shiftEvery), not '31536001'; shorter steps would make the shift a visible crawl"),
        ("burn_in: {shift_every: nan}", "panel.yaml:1:24: \(shiftEvery), not 'nan'; shorter steps would make the shift a visible crawl"),
        ("burn_in: {shift_every: '600'}", "panel.yaml:1:24: \(shiftEvery), not the quoted text \"600\"; shorter steps would make the shift a visible crawl"),
        ("burn_in: {max_shift: 17}", "panel.yaml:1:22: \(maxShift), not '17'"),
        ("burn_in: {max_shift: -1}", "panel.yaml:1:22: \(maxShift), not '-1'"),
        ("burn_in: {max_shift: 2.5}", "panel.yaml:1:22: \(maxShift), not '2.5'"),
        ("burn_in: {exercise_at: \"3:00\"}", "panel.yaml:1:24: 'exercise_at' must be a local time like \"20:00\" (00:00 to 23:59), not the quoted text \"3:00\""),
        ("burn_in: {exercise_at: \"24:00\"}", "panel.yaml:1:24: 'exercise_at' must be a local time like \"20:00\" (00:00 to 23:59), not the quoted text \"24:00\""),
        ("burn_in: {shift_evry: 60}",
         "panel.yaml:1:11: unknown key 'shift_evry' in 'burn_in' (did you mean 'shift_every'?); the closest keys it takes: shift_every, max_shift, exercise_at"),
        ("burn_in: on", "panel.yaml:1:10: 'burn_in' must be a mapping like {shift_every: 600, max_shift: 4, exercise_at: \"03:00\"}, not 'on'"),
        ("burn_in: [600, 4]", "panel.yaml:1:10: 'burn_in' must be a mapping like {shift_every: 600, max_shift: 4, exercise_at: \"03:00\"}, not a list"),
    ])
    func mistakesAreLocated(_ yaml: String, _ expected: String) {
        #expect(descriptionFailure(yaml + "\n" + Self.sections) == expected)
    }
}
