import PanelUI
import Testing

/// Setting `calibration:` in a description's text, every other byte kept.
struct CalibrationKeyEditTests {
    static let matrix = CalibrationMatrix([0, 1, 0, 1, 0, -0.25])
    static let line = "calibration: [0, 1, 0, 1, 0, -0.25]"

    @Test func aOneLineValueIsReplacedAndItsCommentKept() {
        let text = "title: A\n# keep me\ncalibration: [1, 0, 0, 0, 1, 0]   # measured\ncontrols: []\n"
        #expect(CalibrationKeyEdit.setting(Self.matrix, in: text) == "title: A\n# keep me\n\(Self.line)   # measured\ncontrols: []\n")
    }

    @Test func aBlockSequenceIsReplacedWithItsItems() {
        let text = "calibration:\n  - 1\n  - 0\n\n  - 0\n  - 0\n  - 1\n  - 0\n\n# next\nsections: []\n"
        #expect(CalibrationKeyEdit.setting(Self.matrix, in: text) == "\(Self.line)\n\n# next\nsections: []\n")
        let unindented = "calibration:\n- 1\n- 0\n- 0\n- 0\n- 1\n- 0\ntitle: B\n"
        #expect(CalibrationKeyEdit.setting(Self.matrix, in: unindented) == "\(Self.line)\ntitle: B\n")
    }

    @Test func aFlowSequenceOverSeveralLinesIsReplaced() {
        let text = "title: A\ncalibration: [1, 0, 0,\n   0, 1, 0]\nsections: []\n"
        #expect(CalibrationKeyEdit.setting(Self.matrix, in: text) == "title: A\n\(Self.line)\nsections: []\n")
    }

    @Test func aMissingKeyIsAppended() {
        #expect(CalibrationKeyEdit.setting(Self.matrix, in: "title: A\n") == "title: A\n\(Self.line)\n")
        #expect(CalibrationKeyEdit.setting(Self.matrix, in: "title: A") == "title: A\n\(Self.line)\n")
        #expect(CalibrationKeyEdit.setting(Self.matrix, in: "") == "\(Self.line)\n")
    }

    @Test func windowsLineEndingsAndQuotedKeysStay() {
        let text = "title: A\r\n\"calibration\": [1, 0, 0, 0, 1, 0]\r\nsections: []\r\n"
        #expect(CalibrationKeyEdit.setting(Self.matrix, in: text) == "title: A\r\n\(Self.line)\r\nsections: []\r\n")
    }

    @Test func onlyTheTopLevelKeyIsTouched() {
        // An id or a label named calibration, indented, is not the key; nor is calibration_x.
        let text = "sections:\n  - controls:\n      - {id: calibration, kind: switch, label: Calibration}\ncalibration_note: x\n"
        #expect(CalibrationKeyEdit.setting(Self.matrix, in: text) == text + "\(Self.line)\n")
    }
}
