import PanelUI
import Testing

@Test func closeNamesFindTyposClosestFirst() {
    let ids = ["wifi", "hotspot", "bluetooth", "wifi_power", "Wifi2", "brightness"]
    #expect(CloseNames.near("wfi", in: ids) == ["wifi"])
    #expect(CloseNames.near("wifi1", in: ids) == ["wifi", "Wifi2"])
    #expect(CloseNames.near("HOTSPOT", in: ids) == ["hotspot"])
    #expect(CloseNames.near("brightnes", in: ids) == ["brightness"])
    #expect(CloseNames.near("zzz", in: ids).isEmpty)
    #expect(CloseNames.near("", in: ids).isEmpty)
}

@Test func closeNamesAreFewWhateverThePanelsSize() {
    let ids = (0..<300).map { "r\($0)" }
    let close = CloseNames.near("r1", in: ids)
    #expect(close.count == 3)
    #expect(close.first == "r1")
    let sentence = CloseNames.suggestion(for: "r1x", in: ids)
    #expect(sentence.utf8.count < 60, "\(sentence)")
    #expect(sentence.hasPrefix(" (did you mean 'r1'"))
}

@Test func closeNamesIgnoreNamesTooLongToCompare() {
    let long = String(repeating: "a", count: CloseNames.longest + 1)
    #expect(CloseNames.near(long, in: [long]).isEmpty)
    #expect(CloseNames.near("a", in: [long]).isEmpty)
    #expect(CloseNames.suggestion(for: "x", in: ["y", "z"]) == " (did you mean 'y' or 'z'?)")
    #expect(CloseNames.suggestion(for: "q", in: ["abcdef"]) == "")
}
