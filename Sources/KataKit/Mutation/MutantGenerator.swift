/// Makes the mutants of a kata's module: every place each ``MutationOperator`` applies, kept
/// only where a ``MutantSchema`` can switch it on and off (it has a ``MutantSite``), and, for
/// katas 01–18, only on the lines the reference solution changed from the starter
/// (``MutableLines``).
///
/// ```swift
/// let files = ["InboxViewModel.swift": text, "Dispatching.swift": other]   // path: text
/// let mutants = MutantGenerator().mutants(of: files)
/// for mutant in mutants { print(mutant.id, mutant.unifiedDiff(of: files[mutant.file]!)!) }
/// ```
///
/// When two operators make the same code (`task?.cancel()` removed is both `remove-cancellation`
/// and `delete-call`; a statement shifted out of a critical region is its neighbours swapped),
/// only the more specific is kept.
public struct MutantGenerator: Sendable {
    /// Methods whose trailing closure runs later, elsewhere: GCD's, and the seams the katas
    /// teach (`Dispatching.dispatch`, `QueueDispatching.mainAsync`/`backgroundAsync`,
    /// `DispatchQueueWrapping.globalAsync`, `Scheduling.schedule`), with `perform` and
    /// `addOperation` for run loops and operation queues.
    public static let dispatchMethods: Set<String> = [
        "async", "asyncAfter", "notify", "dispatch", "mainAsync", "backgroundAsync", "globalAsync", "schedule",
        "perform", "addOperation",
    ]

    /// Calls `delete-call` leaves: they report or check rather than act, or (`lock`, `unlock`)
    /// belong to `drop-lock`, which removes them in pairs.
    static let reportingCalls: Set<String> = [
        "print", "debugPrint", "precondition", "preconditionFailure", "assert", "assertionFailure",
        "dispatchPrecondition", "fatalError", "NSLog", "lock", "unlock", "init",
    ]

    /// Calls `delete-call` and `swap-statements` leave because no test can see them go or move
    /// where the katas are graded:
    /// swift-corelibs-foundation's `willChangeValue(forKey:)` does nothing (Linux's key-value
    /// observing announces on `didChangeValue` alone), so deleting it is an equivalent mutant on
    /// Linux, though not on a Mac. Its partner `didChangeValue` stays mutable, except for the keys
    /// in ``keysNoTestCanSee``.
    static let callsNoTestCanSee: Set<String> = ["willChangeValue"]

    /// Keys whose `didChangeValue(forKey:)` no test can see go or move on Linux. An `Operation`
    /// there has no key-value observers but its own: on "isExecuting" swift-corelibs-foundation
    /// only records that the operation runs, read by nothing but `cancel()` of a running
    /// operation (which the operation katas leave out), and a queue counts an operation as running
    /// from its `start()`, whatever it hears. On a Mac an observer of `isExecuting` would see it;
    /// katas 07 and 22 listed each such mutant as equivalent, eleven in all, over the rule's cap.
    /// "isFinished" stays: it is what frees the queue, the dependents and `completionBlock`.
    static let keysNoTestCanSee: Set<String> = ["isExecuting"]

    /// Whether `call` is one of ``callsNoTestCanSee``, or announces one of ``keysNoTestCanSee``
    /// (`statement` is its text).
    static func noTestCanSee(_ call: CallShape, statement: String) -> Bool {
        if callsNoTestCanSee.contains(call.calleeName) { return true }
        guard call.calleeName == "didChangeValue" else { return false }
        return keysNoTestCanSee.contains { statement.contains("forKey: \"\($0)\"") }
    }

    /// Calls that tell someone the work is done, which `complete-twice` repeats.
    static let completionCalls: Set<String> = [
        "completion", "handler", "callback", "onChange", "promise", "finish", "complete",
    ]

    /// The module is compiled with main-actor isolation by default (kata 18).
    public var isolatedByDefault: Bool

    public init(isolatedByDefault: Bool = false) {
        self.isolatedByDefault = isolatedByDefault
    }

    /// The mutants of `files` (path relative to the module folder: text), in file and offset
    /// order. `mutableLines[path]`, when given, limits a file's mutants to those touching one of
    /// its lines (from 1); a file without an entry is all mutable.
    public func mutants(of files: [String: String], mutableLines: [String: Set<Int>]? = nil) -> [Mutant] {
        var mutants: [Mutant] = []
        for path in files.keys.sorted() {
            let structure = SwiftStructure(parsing: files[path]!, isolatedByDefault: isolatedByDefault)
            mutants += self.mutants(of: structure, path: path, mutableLines: mutableLines?[path])
        }
        return mutants
    }

    /// A change an operator proposes, before it is checked and named.
    struct Candidate {
        var operatorName: MutationOperator
        var range: Range<Int>
        var replacement: String
    }

    /// Whether `range` is the only statement of a function or closure body: its value may be
    /// the body's result (`Task { try await load() }`), and with it gone the body returns `()`,
    /// a type change that breaks code far from the mutant, and innocent mutants with it.
    /// A `func` declared without `->` returns `()` whatever its one statement is, so that one
    /// may go (`func cancel(_ photo: URL) { download(of: photo)?.cancel() }`).
    func isSoleStatementOfBody(_ range: Range<Int>, in structure: SwiftStructure) -> Bool {
        structure.blocks.contains { block in
            switch block.kind {
            case .function(let info) where info.name != "init":
                block.statements.count == 1 && structure.statements[block.statements[0]].range == range
                    && Self.declaresResult(block, in: structure)
            case .function, .closure:
                block.statements.count == 1 && structure.statements[block.statements[0]].range == range
            default: false
            }
        }
    }

    /// Whether the `func` whose body is `block` declares a result (`-> Int`) before its `{`.
    static func declaresResult(_ block: CodeBlock, in structure: SwiftStructure) -> Bool {
        guard let brace = block.openBrace else { return true }
        var index = brace - 1
        // The arrow of a closure parameter (`execute work: @escaping () -> Void`) is inside the
        // parameter list's parentheses; the result's is outside them.
        var depth = 0
        while index >= 0 {
            let token = structure.tokens[index]
            if token.text == ")" { depth += 1 }
            if token.text == "(" { depth -= 1 }
            if token.text == "->" && depth == 0 { return true }
            if token.text == "func" { return false }
            // A computed property's or an accessor's body: its one statement is its value.
            if token.text == "{" || token.text == "}" { return true }
            index -= 1
        }
        return true
    }

    func mutants(of structure: SwiftStructure, path: String, mutableLines: Set<Int>?) -> [Mutant] {
        var file = FileMutations(structure: structure)
        file.collect()
        // The identical change from two operators: the more specific one stays.
        var kept: [String: Candidate] = [:]
        for candidate in file.candidates {
            let key = "\(candidate.range)|\(candidate.replacement)"
            if let existing = kept[key],
                MutationOperator.specificity.firstIndex(of: existing.operatorName)!
                    <= MutationOperator.specificity.firstIndex(of: candidate.operatorName)!
            {
                continue
            }
            kept[key] = candidate
        }
        let ordered = kept.values.sorted {
            ($0.range.lowerBound, $0.range.upperBound, $0.operatorName, $0.replacement)
                < ($1.range.lowerBound, $1.range.upperBound, $1.operatorName, $1.replacement)
        }
        var repeats: [String: Int] = [:]
        var mutants: [Mutant] = []
        // The same code reached two ways (a statement shifted out of a critical region is the
        // neighbours swapped): one mutant, the more specific operator's. Compared without
        // whitespace, which the two ways indent differently.
        var mutantMaking: [String: Int] = [:]
        for candidate in ordered {
            let original = structure.text(of: candidate.range)
            guard original != candidate.replacement else { continue }
            let firstLine = structure.line(ofOffset: candidate.range.lowerBound)
            let lastLine = structure.line(ofOffset: max(candidate.range.lowerBound, candidate.range.upperBound - 1))
            if let mutableLines, !(firstLine...lastLine).contains(where: mutableLines.contains) { continue }
            guard MutantSite.locate(candidate.range, in: structure) != nil else { continue }
            // Deleted or swallowed (`_ = try? …` is `()`), the value a body's one statement gave
            // as its result is gone.
            if candidate.replacement.isEmpty || candidate.operatorName == .swallowError,
                isSoleStatementOfBody(candidate.range, in: structure)
            {
                continue
            }
            let firstToken = structure.tokenIndex(atOffset: candidate.range.lowerBound)
            let declaration = structure.blocks[structure.innermostBlock(containingToken: firstToken)].declaration
            var mutant = Mutant(
                operatorName: candidate.operatorName, file: path, range: candidate.range, original: original,
                replacement: candidate.replacement, line: firstLine, declaration: declaration)
            repeats[mutant.id, default: 0] += 1
            if repeats[mutant.id]! > 1 {
                mutant = Mutant(
                    operatorName: candidate.operatorName, file: path, range: candidate.range, original: original,
                    replacement: candidate.replacement, line: firstLine, declaration: declaration,
                    repeatNumber: repeats[mutant.id]!)
            }
            let result = mutant.applied(to: structure.text)?.split(whereSeparator: \.isWhitespace)
                .joined(separator: " ")
            if let result, let earlier = mutantMaking[result] {
                let rank = { MutationOperator.specificity.firstIndex(of: $0)! }
                if rank(mutant.operatorName) < rank(mutants[earlier].operatorName) { mutants[earlier] = mutant }
                continue
            }
            if let result { mutantMaking[result] = mutants.count }
            mutants.append(mutant)
        }
        return mutants
    }
}
