import Foundation
import PackagePlugin

/// Writes `buildCommit` (what `panel --version` names in parentheses) into the target it is
/// attached to, for every build, debug or release: `git describe --always --dirty` of the
/// checkout, else the first line of a `COMMIT` file (a release tarball without .git carries
/// one), else "unknown commit". The command runs again when HEAD, the index, COMMIT or any
/// source file of the package changes, so `-dirty` follows edits to the code.
@main struct BuildCommit: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let root = context.package.directoryURL
        let output = context.pluginWorkDirectoryURL.appending(path: "BuildCommit.swift")
        var inputs = [root.appending(path: "COMMIT")] + gitFiles(root)
        for target in context.package.targets {
            if let sources = target as? SourceModuleTarget { inputs += sources.sourceFiles.map(\.url) }
        }
        let script = #"""
            out=$1; cd "$2"
            commit=$(git -c safe.directory="$2" describe --always --dirty 2>/dev/null || head -n 1 COMMIT 2>/dev/null || true)
            case "$commit" in ''|*[!A-Za-z0-9._+-]*) commit="unknown commit" ;; esac
            text="let buildCommit = \"$commit\""
            [ "$(cat "$out" 2>/dev/null)" = "$text" ] || printf '%s\n' "$text" > "$out"
            """#
        return [.buildCommand(
            displayName: "Naming the commit in BuildCommit.swift",
            executable: URL(filePath: "/bin/sh"),
            arguments: ["-c", script, "sh", output.path, root.path],
            inputFiles: inputs.filter { FileManager.default.fileExists(atPath: $0.path) },
            outputFiles: [output])]
    }

    /// HEAD and the index of the checkout's git folder (`.git`, or where a worktree's `.git`
    /// file points).
    private func gitFiles(_ root: URL) -> [URL] {
        var folder = root.appending(path: ".git")
        if let link = try? String(contentsOf: folder, encoding: .utf8), link.hasPrefix("gitdir: ") {
            let path = link.dropFirst("gitdir: ".count).trimmingCharacters(in: .whitespacesAndNewlines)
            folder = path.hasPrefix("/") ? URL(filePath: path) : root.appending(path: path)
        }
        return [folder.appending(path: "HEAD"), folder.appending(path: "index")]
    }
}
