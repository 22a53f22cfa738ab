import Foundation

extension KataVerifier {
    /// The rule's name, in the text report and in `--format json`.
    public static let mutantsRuleName = "mutants killed"

    /// At most this share of a kata's mutants may be listed as equivalent: more means the
    /// operators miss their aim, or the README says too little.
    public static let maximumEquivalentShare = 0.2

    /// The fewest mutants a kata's tests are judged on, over all its designs, killed and listed:
    /// fewer, and the code the learner writes is too small for bugs nobody wrote to say much about
    /// its tests. A kata's front matter may lower it (`mutants-at-least:`, ``KataMetadata/mutantFloor``).
    public static let minimumMutants = 20

    /// Every mutant of the code the learner writes (``MutationTester``) is killed by an assertion
    /// within ``catchDeadline`` in every one of `repetitions` runs, or listed in the kata's
    /// ``EquivalentMutants`` file with a reason: "No behaviour differs" and why, or the README's
    /// sentence that leaves the difference open, quoted (`> …`) as the README has it. At most one
    /// mutant in five is listed, and every entry names a mutant `kata mutate` still makes.
    ///
    /// The rule holds for every design (``MutatedDesign/all(of:)``): both solutions of a kata of
    /// 01–18, a tests kata's shipped code and each of its correct versions. A suite grown until it
    /// kills the reference's mutants can still miss the same slips in a design built another way,
    /// as a learner's is. Each other design's listings are in its own folder's file; without one,
    /// it lists nothing.
    ///
    /// The one-in-five share is counted over the designs of the code a learner writes or reads:
    /// both solutions, or a tests kata's shipped code. A tests kata's correct versions are written
    /// to take the freedoms its README leaves open, so their changes gather where the contract is
    /// silent on purpose (a lock's order, a second piece of work): each of their mutants must still
    /// be killed or listed with a reason, but their listings are not held to the share.
    func mutantsRule(_ kata: Kata, repetitions: Int) throws -> Rule {
        let designs = MutatedDesign.all(of: kata)
        let tester = MutationTester(repository: repository, runner: runner, swift: swift)
        var killed = 0
        var counted = 0
        var judged = 0
        var shared = (counted: 0, listed: 0)
        var problems: [String] = []
        for design in designs {
            let outcome = try tester.test(kata, design: design, runs: max(1, repetitions))
            killed += outcome.killed
            counted += outcome.counted
            judged += outcome.counted + outcome.count(.equivalent)
            if design.isHeldToTheShare {
                shared.counted += outcome.counted
                shared.listed += outcome.count(.equivalent)
            }
            let found = Self.mutantProblems(of: outcome, kata: kata)
            problems += design == .reference ? found : found.map { "\(outcome.code): " + $0 }
        }
        // The share is the kata's, over its designs: one design's few mutants (a dozen lines)
        // with two independent stores swapped must not weigh as much as the kata.
        let (sharedListed, sharedAll) = (shared.listed, shared.counted + shared.listed)
        if Double(sharedListed) > Double(sharedAll) * Self.maximumEquivalentShare {
            problems.append(
                "\(sharedListed) of \(sharedAll) mutants are listed as equivalent; at most one in five may be: the"
                    + " tests or the README say too little")
        }
        let floor = kata.metadata.mutantFloor ?? Self.minimumMutants
        if judged < floor {
            let over = designs.count == 1 ? "its one design" : "its \(designs.count) designs"
            problems.append(
                "its tests are judged on \(judged) mutants over \(over), fewer than \(floor): the code the"
                    + " learner writes is too small to judge them on bugs nobody wrote; grow it, or add a"
                    + " correct design (AUTHORING.md, \"Mutants\")")
        }
        return Rule(
            name: Self.mutantsRuleName, passed: problems.isEmpty,
            detail: problems.isEmpty ? nil : problems.joined(separator: "; "), tally: "\(killed)/\(counted)")
    }

    /// What keeps one design's mutants from passing the rule; empty when nothing does.
    static func mutantProblems(of outcome: MutationTester.Outcome, kata: Kata) -> [String] {
        if let problem = outcome.problem { return [problem] }
        let file = "\(outcome.design.solutionLabel(of: kata))/\(EquivalentMutants.fileName)"
        let command = "kata mutate \(kata.number)" + (outcome.design == .reference ? "" : " --alternative")
        var problems: [String] = []
        let letThrough = outcome.results.filter { [.survived, .timedOut].contains($0.status) }
        if !letThrough.isEmpty {
            let named = letThrough.prefix(4).map { "`\($0.mutant.id)` (\($0.status.phrase))" }
            problems.append(
                "\(letThrough.count) of \(outcome.counted) mutants were let through: " + named.joined(separator: ", ")
                    + (letThrough.count > named.count ? ", …" : "")
                    + "; `\(command)` shows each as a diff: test the sentence each breaks, or list it"
                    + " in \(file) with its reason (AUTHORING.md, \"Mutants\")")
        }
        for id in outcome.staleEquivalents {
            problems.append("\(file) lists `\(id)`, which kata mutate no longer makes")
        }
        let readme = normalized(kata.instructions)
        for result in outcome.results where result.status == .equivalent {
            if let problem = reasonProblem(result.why ?? "", readme: readme) {
                problems.append("`\(result.mutant.id)`: \(problem)")
            }
        }
        return problems
    }

    /// What is wrong with an equivalent mutant's reason, or nil: it says no behaviour differs, or
    /// quotes (`> …`) what the README holds, word for word. Quotes apart (a line that is not `>`
    /// between them) are held to the README one by one: two freedoms of one "Left open" list, say.
    static func reasonProblem(_ reason: String, readme: String) -> String? {
        if reason.hasPrefix("No behaviour differs") { return nil }
        var quotes: [String] = []
        var inQuote = false
        for line in reason.split(separator: "\n", omittingEmptySubsequences: false) {
            guard line.hasPrefix(">") else {
                inQuote = false
                continue
            }
            let words = line.dropFirst().trimmingCharacters(in: .whitespaces)
            if inQuote { quotes[quotes.count - 1] += " " + words } else { quotes.append(words) }
            inQuote = true
        }
        guard !quotes.isEmpty else {
            return "its reason neither says \"No behaviour differs\" nor quotes (`> …`) the README's sentence that"
                + " leaves the difference open"
        }
        for quoted in quotes where !readme.contains(normalized(quoted)) {
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
