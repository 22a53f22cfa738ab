import Foundation

/// A unified diff of two source folders of a repository, labelled for a reader: the learner's
/// code against the reference solution, with paths relative to the repository root.
///
/// The system `diff -ruN` does the comparing rather than code of our own: it is on every Linux
/// and macOS, a correct diff algorithm (with added and removed files and binary files) is far
/// more code than this tool should carry, and its output is the format learners already read.
///
/// ```swift
/// let diff = SourceDiff(runner: context.runner, repository: repository)
/// let text = try diff.compare("Katas/01-x/Sources", with: "Solutions/01-x/Sources", style: console.style)
/// // nil when the folders are the same
/// ```
public struct SourceDiff: Sendable {
    public let runner: CommandRunner
    public let repository: KataRepository

    public init(runner: CommandRunner, repository: KataRepository) {
        self.runner = runner
        self.repository = repository
    }

    /// The diff from `old` to `new` (paths relative to the repository root), or nil when the two
    /// folders hold the same files. Only reads: `diff` never writes to the folders it compares.
    public func compare(_ old: String, with new: String, style: TextStyle) throws -> String? {
        guard let diff = runner.executable(named: "diff") else {
            throw KataError(
                .toolUnavailable,
                "The `diff` command was not found on your PATH; kata needs it to compare your code with the reference "
                    + "solution.",
                advice:
                    "Install it (on Debian or Ubuntu: `apt install diffutils`), or read the solution in \(new) "
                    + "directly."
            )
        }
        // Run from the root with relative paths, so the labels diff prints are already the ones a
        // learner would type. -N shows a file only one side has as added or removed; Finder's
        // .DS_Store is no part of anyone's code.
        let result = try runner.run(diff, ["-ruN", "-x", ".DS_Store", old, new], in: repository.root)
        switch result.exitCode {
        case 0 where !result.wasSignaled:
            return nil
        case 1 where !result.wasSignaled:
            let root = repository.root
            return Self.format(result.output, style: style) { path in
                FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path)
            }
        default:
            throw KataError(
                .fileSystem,
                "Could not compare \(old) with \(new): "
                    + "\(result.output.trimmingCharacters(in: .whitespacesAndNewlines))",
                advice: "Check that both folders exist and can be read."
            )
        }
    }

    /// `diff -ruN` output made readable: the `diff -ruN a b` line before each file is dropped
    /// (the `---`/`+++` lines say the same), the file headers lose their timestamps and say whose
    /// side each is, and, when `style` allows, removed lines are red, added ones green and hunk
    /// headers cyan. `fileExists` tells a file only one side has (diff -N shows the other side as
    /// an empty file) so its header can say so.
    public static func format(
        _ output: String,
        style: TextStyle,
        oldLabel: String = "yours",
        newLabel: String = "reference",
        fileExists: (String) -> Bool = { _ in true }
    ) -> String {
        var lines: [String] = []
        // The two lines after a `diff ` line are the file headers; anywhere else a line that
        // starts with `---` is a removed line whose text starts with `--`.
        var headerLinesLeft = 0
        for line in output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix("diff ") {
                if !lines.isEmpty { lines.append("") }
                headerLinesLeft = 2
                continue
            }
            if headerLinesLeft > 0, line.hasPrefix("--- ") || line.hasPrefix("+++ ") {
                headerLinesLeft -= 1
                let marker = String(line.prefix(4))
                // "--- path<TAB>2025-01-01 10:00:00.000000000 +0100"
                let path = String(
                    line.dropFirst(4).split(separator: "\t", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
                )
                let side = (marker == "--- " ? oldLabel : newLabel) + (fileExists(path) ? "" : ": no such file")
                lines.append(style.bold("\(marker)\(path) (\(side))"))
                continue
            }
            headerLinesLeft = 0
            if line.hasPrefix("@@") {
                lines.append(style.cyan(line))
            } else if line.hasPrefix("+") {
                lines.append(style.green(line))
            } else if line.hasPrefix("-") {
                lines.append(style.red(line))
            } else if line.hasPrefix("\\") {
                lines.append(style.dim(line))  // "\ No newline at end of file"
            } else {
                lines.append(line)
            }
        }
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines.joined(separator: "\n") + "\n"
    }
}
