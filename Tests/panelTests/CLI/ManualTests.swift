import Glibc
import Testing
import PanelUI
@testable import panel

/// panel(1), panel.yml(5), `--help` and `--version` agree with what the program accepts.
struct ManualTests {
    /// The `--word` tokens of a text (flags as `--help` and the pages show them, roff's `\-\-` undone).
    private func flags(in text: String) -> Set<String> {
        let plain = text.replacing("\\-", with: "-")
        var found: Set<String> = []
        var rest = plain[...]
        while let range = rest.firstRange(of: "--") {
            let name = rest[range.upperBound...].prefix { $0.isLetter || $0 == "-" }
            if !name.isEmpty, name.first!.isLetter { found.insert(String(name)) }
            rest = rest[range.upperBound...]
        }
        return found
    }

    /// One command's part of panel(1), from its `.SS` to the next.
    private func section(of command: String, in page: String) throws -> Substring {
        let start = try #require(page.firstRange(of: ".SS \"panel \(command)\"\n"), "no section for \(command)")
        let rest = page[start.upperBound...]
        return rest[..<(rest.firstRange(of: "\n.S")?.lowerBound ?? rest.endIndex)]
    }

    @Test func everyFlagACommandAcceptsIsInItsHelpAndItsPartOfPanel1() throws {
        let page = CommandRunner.run(["help", "--man", "1"])
        #expect(page.status == 0)
        for command in ["run", "check", "layout", "touches", "calibrate", "outputs", "ctl", "bench"] {
            let help = CommandRunner.run([command, "--help"])
            #expect(help.status == 0)
            let part = try section(of: command, in: page.out)
            let accepted = try #require(Help.command(command)).flags
            for flag in accepted {
                // Accepted: the command's own parser takes it (a value where it needs one).
                let args = ["--\(flag.name)"] + (flag.value == nil ? [] : ["x"])
                #expect(throws: Never.self, "\(command) --\(flag.name)") { try Arguments(args, help: Help.command(command)!) }
                #expect(help.out.contains("\n  --\(flag.name)"), "\(command) --help lacks --\(flag.name)")
                #expect(part.contains("\\fB\\-\\-\(Roff.escape(flag.name))\\fR"), "panel(1) lacks \(command) --\(flag.name)")
            }
            // Every flag its help or its usage names is one it accepts, and is in panel(1).
            let names = Set(accepted.map(\.name))
            for name in flags(in: help.out) where name != "help" {
                #expect(names.contains(name), "\(command) --help names --\(name), which it refuses")
                #expect(flags(in: String(part)).contains(name), "panel(1) \(command) lacks --\(name)")
            }
            let refused = CommandRunner.run([command, "--undocumented"])
            #expect(refused.status == 2 && refused.err.contains("unknown flag --undocumented"), "\(command): \(refused.err)")
        }
        // The overview's usage lines name no flag panel(1) leaves out.
        let overview = CommandRunner.run(["--help"])
        #expect(flags(in: overview.out).subtracting(flags(in: page.out)).isEmpty)
    }

    @Test func panel5HasEveryKeyTheDecoderAcceptsAndNoOther() throws {
        let page = CommandRunner.run(["help", "--man", "5"])
        #expect(page.status == 0)
        func documented(_ docs: [KeyDoc]...) -> Set<String> { Set(docs.flatMap { $0.map(\.key) }) }
        let groups: [(String, [String], Set<String>)] = [
            ("top level", DescriptionKeys.panel, documented(DescriptionManual.panel)),
            ("theme", DescriptionKeys.theme, documented(DescriptionManual.theme, DescriptionManual.style)),
            ("section", DescriptionKeys.section, documented(DescriptionManual.section)),
            ("control", DescriptionKeys.control, documented(DescriptionManual.control, DescriptionManual.kindKeys, DescriptionManual.style)),
            ("style", DescriptionKeys.style, documented(DescriptionManual.style)),
            ("kinds' own", DescriptionKeys.kinds.flatMap(\.keys), documented(DescriptionManual.kindKeys)),
            ("action", DescriptionKeys.action, documented(DescriptionManual.action)),
            ("source", DescriptionKeys.source, documented(DescriptionManual.source)),
            ("mqtt", DescriptionKeys.mqtt, documented(DescriptionManual.mqtt)),
            ("tls", DescriptionKeys.tls, documented(DescriptionManual.tls)),
            ("mqtt source", DescriptionKeys.mqttSource, documented(DescriptionManual.mqttSource)),
            ("idle", DescriptionKeys.idle, documented(DescriptionManual.idle)),
            ("night", DescriptionKeys.night, documented(DescriptionManual.night)),
            ("burn_in", DescriptionKeys.burnIn, documented(DescriptionManual.burnIn)),
        ]
        for (group, accepted, docs) in groups {
            #expect(Set(accepted).subtracting(docs).isEmpty, "\(group) keys missing from panel.yml(5): \(Set(accepted).subtracting(docs).sorted())")
            #expect(docs.subtracting(accepted).isEmpty, "panel.yml(5) documents \(group) keys the decoder refuses: \(docs.subtracting(accepted).sorted())")
        }
        for key in groups.flatMap(\.1) {
            #expect(page.out.contains(".TP\n\\fB\(Roff.escape(key))\\fR"), "panel.yml(5) has no entry for \(key)")
        }
        // A kind's own key names the kinds that take it, from the registry.
        #expect(page.out.contains("(slider, stepper) The lowest value."))
    }

    @Test func helpNamesACommandOrAPage() {
        #expect(CommandRunner.run(["help", "calibrate"]).out == CommandRunner.run(["calibrate", "--help"]).out)
        let main = CommandRunner.run(["help"])
        #expect(main.status == 0 && main.out.contains("panel --version") && main.out.contains("panel help --man 1|5"))
        for wrong in [["help", "frobnicate"], ["help", "--man", "7"], ["help", "--man"]] {
            let result = CommandRunner.run(wrong)
            #expect(result.status == 2 && result.err.contains("panel help: give a command"), "\(wrong): \(result.err)")
        }
    }

    @Test(arguments: ["1", "5"])
    func pagesRenderWithoutWarnings(_ section: String) throws {
        let dir = TemporaryFolder()
        let file = "\(dir.path)/panel.\(section)"
        let made = try #require(shellOutput("'\(PanelProcess.binary)' help --man \(section) > '\(file)'; echo $?"))
        #expect(made == "0\n")
        let groff = try #require(shellOutput("groff -man -ww -z '\(file)' 2>&1"), "groff did not run; scripts/deps.sh installs groff-base")
        #expect(groff.isEmpty, "groff warns:\n\(groff)")
        let man = try #require(shellOutput("MANWIDTH=80 man -l '\(file)' 2>&1 >/dev/null; echo status $?"), "man did not run; scripts/deps.sh installs man-db")
        #expect(man == "status 0\n", "man -l: \(man)")
        let text = try #require(shellOutput("MANWIDTH=80 man -l '\(file)' 2>/dev/null"))
        #expect(text.contains(section == "1" ? "panel calibrate" : "must_have_selection"))
    }

    @Test func versionNamesTheReleaseAndTheCommit() throws {
        let output = try #require(shellOutput("'\(PanelProcess.binary)' --version"))
        #expect(output == "panel \(BuildInfo.version) (\(BuildInfo.commit))\n")
        let parts = BuildInfo.version.split(separator: ".")
        #expect(parts.count == 3 && parts.allSatisfy { Int($0) != nil }, "\(BuildInfo.version)")
    }

    /// Every build names its commit (the BuildCommit plugin), not only release builds.
    @Test func aPlainBuildNamesTheCheckoutsCommit() throws {
        let root = RepositoryFile.root
        guard let head = shellOutput("git -c safe.directory='\(root)' -C '\(root)' rev-parse HEAD 2>/dev/null"), head.count > 7 else {
            // A tarball without .git: the commit comes from COMMIT, or is unknown.
            let commit = shellOutput("head -n 1 '\(root)/COMMIT' 2>/dev/null") ?? ""
            #expect(BuildInfo.commit == (commit.isEmpty ? "unknown commit" : String(commit.dropLast())))
            return
        }
        // `git describe`: HASH, HASH-dirty, or TAG-N-gHASH with a tag.
        var described = Substring(BuildInfo.commit)
        if described.hasSuffix("-dirty") { described = described.dropLast("-dirty".count) }
        let hash = String(described.split(separator: "-g").last ?? described)
        // A commit of this checkout (HEAD when built; later commits leave it in the history).
        let known = shellOutput("git -c safe.directory='\(root)' -C '\(root)' cat-file -t '\(hash)' 2>/dev/null")
        #expect(hash.count >= 7 && known == "commit\n", "built from \(BuildInfo.commit), which names no commit here (HEAD is \(head))")
    }
}
