import Foundation

extension KataVerifier {
    /// The rule's name, in the text report and in `--format json`.
    public static let mutantsRuleName = "mutants killed"

    /// At most this share of a kata's mutants may be listed as equivalent: more means the
    /// operators miss their aim, or the README says too little.
    public static let maximumEquivalentShare = 0.2

    /// Every mutant of the code the learner writes (``MutationTester``) is killed by an assertion
    /// within ``catchDeadline`` in every one of `repetitions` runs, or listed in the kata's
    /// ``EquivalentMutants`` file with a reason: "No behaviour differs" and why, or the README's
    /// sentence that leaves the difference open, quoted (`> …`) as the README has it. At most one
    /// mutant in five is listed, and every entry names a mutant `kata mutate` still makes.
    func mutantsRule(_ kata: Kata, repetitions: Int) throws -> Rule {
        let outcome = try MutationTester(repository: repository, runner: runner, swift: swift).test(
            kata, runs: max(1, repetitions))
        let tally = "\(outcome.killed)/\(outcome.counted)"
        if let problem = outcome.problem {
            return Rule(name: Self.mutantsRuleName, passed: false, detail: problem, tally: tally)
        }
        var problems: [String] = []
        let letThrough = outcome.results.filter { [.survived, .timedOut].contains($0.status) }
        if !letThrough.isEmpty {
            let named = letThrough.prefix(4).map { "`\($0.mutant.id)` (\($0.status.phrase))" }
            problems.append(
                "\(letThrough.count) of \(outcome.counted) mutants were let through: " + named.joined(separator: ", ")
                    + (letThrough.count > named.count ? ", …" : "")
                    + "; `kata mutate \(kata.number)` shows each as a diff: test the sentence each breaks, or list it"
                    + " in \(EquivalentMutants.fileName) with its reason (AUTHORING.md, \"Mutants\")")
        }
        let listed = outcome.count(.equivalent)
        let made = outcome.counted + listed
        if Double(listed) > Double(made) * Self.maximumEquivalentShare {
            problems.append(
                "\(listed) of \(made) mutants are listed as equivalent; at most one in five may be: the tests or the"
                    + " README say too little")
        }
        for id in outcome.staleEquivalents {
            problems.append("\(EquivalentMutants.fileName) lists `\(id)`, which kata mutate no longer makes")
        }
        let readme = Self.normalized(kata.instructions)
        for result in outcome.results where result.status == .equivalent {
            if let problem = Self.reasonProblem(result.why ?? "", readme: readme) {
                problems.append("`\(result.mutant.id)`: \(problem)")
            }
        }
        return Rule(
            name: Self.mutantsRuleName, passed: problems.isEmpty,
            detail: problems.isEmpty ? nil : problems.joined(separator: "; "), tally: tally)
    }

    /// What is wrong with an equivalent mutant's reason, or nil: it says no behaviour differs, or
    /// quotes (`> …`) a sentence the README holds, word for word.
    static func reasonProblem(_ reason: String, readme: String) -> String? {
        if reason.hasPrefix("No behaviour differs") { return nil }
        let quoted = reason.split(separator: "\n").filter { $0.hasPrefix(">") }
            .map { $0.dropFirst().trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        guard !quoted.isEmpty else {
            return "its reason neither says \"No behaviour differs\" nor quotes (`> …`) the README's sentence that"
                + " leaves the difference open"
        }
        guard readme.contains(normalized(quoted)) else {
            return "it quotes \"\(quoted.prefix(80))\", which the README does not say word for word"
        }
        return nil
    }

    /// Markdown's emphasis and line breaks, and runs of spaces, taken out: a quote matches the
    /// README however its lines were wrapped.
    static func normalized(_ text: String) -> String {
        text.replacingOccurrences(of: "*", with: "").replacingOccurrences(of: "`", with: "")
            .split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }
}
