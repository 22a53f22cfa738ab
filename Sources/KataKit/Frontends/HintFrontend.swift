import Foundation

/// `kata hint N`: reveals a kata's front-matter hints one at a time, and remembers how many the
/// learner has seen, so the next call gives the next nudge rather than the whole answer.
///
/// ```swift
/// let frontend = HintFrontend(context: context)
/// try frontend.run(kata: "1")             // Hint 1 of 4 · Kata 01 · Stub the dispatcher …
/// try frontend.run(kata: "1")             // Hint 2 of 4 …
/// try frontend.run(kata: "1", all: true)  // every hint, all recorded as shown
/// ```
public struct HintFrontend: Sendable {
    public let context: CommandContext

    public init(context: CommandContext) {
        self.context = context
    }

    /// Shows the next hint of the kata named by `reference`, or every hint with `all`.
    /// Always 0 once the kata is found: a progress file that cannot be written costs only a warning.
    public func run(kata reference: String, all: Bool = false) throws -> Int32 {
        let catalog = try context.catalog()
        let kata = try catalog.kata(named: reference)
        return run(kata: kata, in: catalog.repository, all: all)
    }

    func run(kata: Kata, in repository: KataRepository, all: Bool) -> Int32 {
        let console = context.console
        let hints = kata.metadata.hints
        guard !hints.isEmpty else {
            console.line(
                "\(kata.heading) has no hints. `kata show \(kata.number)` has the whole story: the pattern, your task "
                    + "and the steps."
            )
            return ExitStatus.success
        }
        let progress = context.progress(in: repository)
        // A kata that lost hints since they were counted must not claim more were seen than exist.
        let seen = min(progress.hintsShown(of: kata), hints.count)
        let passed = progress.status(of: kata) == .passed

        if all || seen == hints.count {
            // After the last hint a learner who asks again has most likely forgotten the earlier
            // ones; repeating only the last, or nothing, would not help.
            let every = hints.count == 1 ? "the only hint" : "all \(hints.count) hints"
            let intro =
                seen == hints.count
                ? "You have seen \(every) of \(kata.heading). Here \(hints.count == 1 ? "it is" : "they are") again:"
                : "Here \(hints.count == 1 ? "is" : "are") \(every) of \(kata.heading):"
            console.line(console.style.bold(intro))
            for (index, hint) in hints.enumerated() {
                console.line()
                console.line(console.style.bold("Hint \(index + 1) of \(hints.count)"))
                console.write(render(hint))
            }
            console.line()
            console.line(solutionAdvice(kata, passed: passed, in: repository))
            if seen < hints.count { remember(hints.count, of: kata, in: repository) }
            return ExitStatus.success
        }

        let number = seen + 1
        console.line(console.style.bold("Hint \(number) of \(hints.count) · \(kata.heading)"))
        console.write(render(hints[seen]))
        console.line()
        let left = hints.count - number
        if left == 0 {
            console.line("That was the last hint. " + solutionAdvice(kata, passed: passed, in: repository))
        } else {
            console.line(
                "\(left) \(left == 1 ? "hint" : "hints") left: `kata hint \(kata.number)` shows the next, "
                    + "`kata hint \(kata.number) --all` shows them all."
            )
        }
        remember(number, of: kata, in: repository)
        return ExitStatus.success
    }

    /// Hints are markdown (`code`, *emphasis*), so they are rendered like `kata show` renders
    /// the README they also appear in.
    private func render(_ hint: String) -> String {
        TerminalMarkdownRenderer(style: context.console.style).render(MarkdownDocument(parsing: hint))
    }

    /// The learner edition has no `kata solution` to point to: it says where solutions come from.
    private func solutionAdvice(_ kata: Kata, passed: Bool, in repository: KataRepository) -> String {
        if let edition = repository.edition { return edition.solutions }
        return passed
            ? "`kata solution \(kata.number)` shows the reference solution."
            : "Once the kata passes, `kata solution \(kata.number)` shows the reference solution."
    }

    /// The hint was shown before this runs, so a progress file that cannot be written costs the
    /// learner only the count, never the hint.
    private func remember(_ count: Int, of kata: Kata, in repository: KataRepository) {
        do {
            try repository.progressStore.recordHintsShown(count, for: kata)
        } catch {
            let console = context.console
            console.error(console.style.yellow("warning: ") + ((error as? KataError)?.description ?? "\(error)"))
        }
    }
}
