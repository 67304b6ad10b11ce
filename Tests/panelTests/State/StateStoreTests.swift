import Glibc
import PanelUI
import Testing
@testable import panel

private func sampleDocument() -> StateDocument {
    var document = StateDocument()
    document.set("wifi", .bool(true))
    document.set("mode", .string("balanced"))
    document.set("radio", .null)
    return document
}

@Test(arguments: [
    (["STATE_DIRECTORY": "/var/lib/panel", "XDG_STATE_HOME": "/x", "HOME": "/h"], "/var/lib/panel/state.json"),
    (["STATE_DIRECTORY": "/var/lib/panel:/var/lib/other"], "/var/lib/panel/state.json"),
    (["STATE_DIRECTORY": "", "XDG_STATE_HOME": "/x/state", "HOME": "/h"], "/x/state/panel/state.json"),
    (["XDG_STATE_HOME": "relative", "HOME": "/home/kiosk"], "/home/kiosk/.local/state/panel/state.json"),
    (["HOME": ""], nil),
    ([:], nil),
] as [([String: String], String?)])
func defaultPathFollowsSystemdThenXDG(_ environment: [String: String], _ expected: String?) {
    #expect(StateStore.defaultPath(environment: environment) == expected)
}

@Test func saveThenLoadRoundTripsAndCreatesFolders() throws {
    let folder = TemporaryFolder()
    let store = StateStore(path: "\(folder.path)/a/b/state.json")
    try store.save(sampleDocument())
    let (document, warning) = store.load(now: 1, describedIds: [])
    #expect(document == sampleDocument())
    #expect(warning == nil)
    #expect(folder.entries("a/b") == ["state.json"])
    #expect(folder.read("a/b/state.json") == Array(sampleDocument().serialized().utf8))

    var changed = document
    changed.set("wifi", .bool(false))
    try store.save(changed)
    #expect(store.load(now: 2, describedIds: []).document == changed)
    #expect(folder.entries("a/b") == ["state.json"])
}

@Test func missingFileIsAnEmptyDocumentWithoutWarning() {
    let folder = TemporaryFolder()
    let (document, warning) = StateStore(path: "\(folder.path)/state.json").load(now: 1, describedIds: [])
    #expect(document == StateDocument())
    #expect(warning == nil)
}

@Test func corruptFilesAreMovedAsideWithoutOverwritingEarlierOnes() {
    let folder = TemporaryFolder()
    let store = StateStore(path: "\(folder.path)/state.json")
    let first: [UInt8] = Array("{\"version\": 1,\n  \"values\": {\"wifi\": tru}}".utf8)
    folder.write(first, to: "state.json")

    let (document, warning) = store.load(now: 1700000000, describedIds: [])
    #expect(document == StateDocument())
    #expect(warning == "state file \(folder.path)/state.json is damaged at 2:22: unknown word; expected a value such as true, false, null, a number or a \"string\"; moved it to \(folder.path)/state.json.corrupt-1700000000 and started from the description's defaults")
    #expect(folder.read("state.json.corrupt-1700000000") == first)

    // Bytes that aren't UTF-8, in the same second: a new name, the first evidence kept.
    let second: [UInt8] = [0x7B, 0xFF, 0xFE, 0x7D]
    folder.write(second, to: "state.json")
    let (_, secondWarning) = store.load(now: 1700000000, describedIds: [])
    #expect(secondWarning == "cannot read \(folder.path)/state.json as UTF-8 text: invalid or incomplete multibyte or wide character (errno 84, EILSEQ); moved it to \(folder.path)/state.json.corrupt-1700000000-1 and started from the description's defaults")
    #expect(folder.read("state.json.corrupt-1700000000") == first)
    #expect(folder.read("state.json.corrupt-1700000000-1") == second)
    #expect(folder.entries() == ["state.json.corrupt-1700000000", "state.json.corrupt-1700000000-1"])
}

@Test func aParentThatIsAFileFailsWithENOTDIR() {
    let folder = TemporaryFolder()
    folder.write("not a folder", to: "file")
    let store = StateStore(path: "\(folder.path)/file/state.json")
    #expect(throws: StateStoreError(errno: Errno(ENOTDIR), message: "cannot write \(folder.path)/file/state.json: not a directory (errno 20, ENOTDIR); the panel keeps running and will retry")) {
        try store.save(sampleDocument())
    }
    #expect(folder.entries() == ["file"])
    #expect(folder.read("file") == Array("not a folder".utf8))
}

@Test func aFailedWriteLeavesTheOldFileAsItWas() throws {
    let folder = TemporaryFolder()
    var store = StateStore(path: "\(folder.path)/state.json")
    try store.save(sampleDocument())
    let old = folder.read("state.json")
    // Every name the store picks is taken (by a folder, which even root can't open for writing).
    store.randomSuffix = { 0xABC }
    let temporaryName = ".state.json.tmp-0000000000000abc"
    mkdir("\(folder.path)/\(temporaryName)", 0o755)
    var changed = sampleDocument()
    changed.set("wifi", .bool(false))
    #expect(throws: StateStoreError(errno: Errno(EEXIST), message: "cannot write \(folder.path)/state.json: file exists (errno 17, EEXIST); the panel keeps running and will retry")) {
        try store.save(changed)
    }
    #expect(folder.read("state.json") == old)
    #expect(folder.entries() == [temporaryName, "state.json"])
}

/// Only what a killed save of this store leaves (its pattern, a regular file) is removed: not
/// other names, not folders, and for a link only the link itself, never what it points to.
@Test func loadRemovesTemporaryFilesOfKilledSavesOnly() throws {
    let folder = TemporaryFolder()
    let store = StateStore(path: "\(folder.path)/state.json")
    try store.save(sampleDocument())
    folder.write("{\"version\": 1, \"val", to: ".state.json.tmp-0123456789abcdef")
    folder.write("{}", to: ".state.json.tmp-ffffffffffffffff")
    folder.write("kept", to: ".state.json.tmp-12345")
    folder.write("kept", to: ".state.json.tmp-0123456789ABCDEF")
    folder.write("kept", to: ".other.json.tmp-0123456789abcdef")
    folder.write("kept", to: "state.json.tmp-0123456789abcdef")
    mkdir(folder.file(".state.json.tmp-aaaaaaaaaaaaaaaa"), 0o700)
    folder.write("a stranger's file", to: "elsewhere")
    symlink(folder.file("elsewhere"), folder.file(".state.json.tmp-bbbbbbbbbbbbbbbb"))
    let (document, warning) = store.load(now: 1, describedIds: [])
    #expect(document == sampleDocument())
    #expect(warning == nil)
    #expect(folder.entries() == [".other.json.tmp-0123456789abcdef", ".state.json.tmp-0123456789ABCDEF", ".state.json.tmp-12345",
                                 ".state.json.tmp-aaaaaaaaaaaaaaaa", ".state.json.tmp-bbbbbbbbbbbbbbbb", "elsewhere", "state.json",
                                 "state.json.tmp-0123456789abcdef"])
    #expect(folder.readText("elsewhere") == "a stranger's file")
}
