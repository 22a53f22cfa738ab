import Foundation

/// `kata solution N`: the reference solution as a diff against the learner's own code, then its
/// notes (`SOLUTION.md`), paged on a terminal. In a tests kata the solution is the reference test
/// suite, compared with the learner's tests.
///
/// After the kata passed it is shown at once. Before, it is a spoiler: on a terminal the learner
/// is asked first; piped, only `assumeYes: true` (`--yes`) shows it. Nothing the learner wrote is
/// ever changed: the command only reads both folders.
///
/// ```swift
/// let status = try SolutionFrontend(context: context).run(kata: "1", assumeYes: true, usePager: false)
/// ```
public struct SolutionFrontend: Sendable {
    public let context: CommandContext
    public let prompt: YesNoPrompt

    /// `prompt` defaults to asking on the terminal, when there is one.
    public init(context: CommandContext, prompt: YesNoPrompt? = nil) {
        self.context = context
        self.prompt = prompt ?? context.prompt
    }

    public func run(kata reference: String, assumeYes: Bool = false, usePager: Bool = true) throws -> Int32 {
        let catalog = try context.catalog()
        let kata = try catalog.kata(named: reference)
        if let edition = catalog.repository.edition {
            // Not an error: the learner asked a fair question, and this is the answer.
            context.console.line(
                "This is the workshop's learner edition: it comes without reference solutions, so there is none for "
                    + "\(kata.heading) here."
            )
            context.console.line(edition.solutions)
            context.console.line("Until then, `kata hint \(kata.number)` gives a nudge, one hint at a time.")
            return ExitStatus.success
        }
        let repository = catalog.repository
        // Before asking: a spoiler question about a solution that is not there would only annoy.
        let folders = try Folders(kata: kata, repository: repository)
        let console = context.console

        if !assumeYes, context.progress(in: repository).status(of: kata) != .passed {
            guard prompt.canAsk else {
                throw KataError(
                    .usage,
                    "Kata \(kata.id) has not passed yet, so its reference solution is a spoiler, and there is no "
                        + "terminal to ask whether you want it.",
                    advice:
                        "Pass --yes to show it anyway (`kata solution \(kata.number) --yes`); "
                        + "`kata hint \(kata.number)` gives a smaller nudge."
                )
            }
            guard
                prompt.ask(
                    "Kata \(kata.id) has not passed yet. Show the reference solution anyway? [y/N] ", on: console)
            else {
                // Declining is a fine choice, not an error, so it exits 0.
                console.line("Nothing shown. `kata hint \(kata.number)` gives a smaller nudge.")
                return ExitStatus.success
            }
        }

        let text = try render(kata, folders: folders, repository: repository)
        Pager(context: context).show(text, usePager: usePager)
        return ExitStatus.success
    }

    private func render(_ kata: Kata, folders: Folders, repository: KataRepository) throws -> String {
        let style = context.console.style
        let tests = kata.metadata.kind == .tests
        let yours = tests ? "Your tests" : "Your code"
        var text = style.bold("\(tests ? "Reference tests" : "Reference solution") · \(kata.heading)") + "\n"
        let diff = try SourceDiff(runner: context.runner, repository: repository)
            .compare(folders.learnerSources, with: folders.solutionSources, style: style)
        if let diff {
            text +=
                style.dim(
                    "\(yours) in \(folders.learnerSources) (-) against the reference in \(folders.solutionSources) (+):"
                ) + "\n\n"
            text += diff
        } else {
            text +=
                "\n\(yours) in \(folders.learnerSources) "
                + "\(tests ? "are the same as the reference tests" : "is the same as the reference solution").\n"
        }
        text += "\n"
        if let notes = FileManager.default.contents(atPath: folders.notes.path) {
            text += TerminalMarkdownRenderer(style: style).render(
                MarkdownDocument(parsing: String(decoding: notes, as: UTF8.self)))
        } else {
            text +=
                style.dim(
                    "\(repository.relativePath(folders.notes.path)) is missing, so there are no notes on this solution."
                ) + "\n"
        }
        return text
    }

    /// The folders to compare, relative to the repository root, checked to exist.
    private struct Folders {
        var learnerSources: String
        var solutionSources: String
        var notes: URL

        init(kata: Kata, repository: KataRepository) throws {
            let solution = repository.relativePath(kata.solutionDirectory.path)
            try repository.requireInside(kata.solutionDirectory, what: solution)
            guard Self.isDirectory(kata.solutionDirectory) else {
                throw KataError(
                    .invalidCatalog,
                    "There is no reference solution for \(kata.heading): \(solution) is missing.",
                    advice:
                        "Some copies of the katas come without Solutions/ (a workshop may hand them out later). If you "
                        + "deleted it, `git checkout -- \(solution)` restores it."
                )
            }
            // The learner's work: the code, or in a tests kata the tests.
            let part = kata.metadata.kind == .tests ? "Tests" : "Sources"
            let work = kata.metadata.kind == .tests ? "tests" : "code"
            let solutionSources = kata.solutionDirectory.appendingPathComponent(part, isDirectory: true)
            self.solutionSources = repository.relativePath(solutionSources.path)
            guard Self.isDirectory(solutionSources) else {
                throw KataError(
                    .invalidCatalog,
                    "The reference solution of \(kata.heading) has no \(work): \(self.solutionSources) is missing.",
                    advice: "`git checkout -- \(self.solutionSources)` restores it."
                )
            }
            let learnerSources = kata.directory.appendingPathComponent(part, isDirectory: true)
            self.learnerSources = repository.relativePath(learnerSources.path)
            guard Self.isDirectory(learnerSources) else {
                throw KataError(
                    .invalidCatalog,
                    "\(self.learnerSources), your \(work) for \(kata.heading), is missing.",
                    advice: "`kata reset \(kata.number)` brings back the starter \(work)."
                )
            }
            notes = kata.solutionDirectory.appendingPathComponent("SOLUTION.md")
        }

        static func isDirectory(_ url: URL) -> Bool {
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue
        }
    }
}
