import Foundation

/// The operators run over one file's ``SwiftStructure``, each adding ``MutantGenerator/Candidate``s.
/// What is a place for each operator is said beside it, in ``MutationOperator``.
struct FileMutations {
    let structure: SwiftStructure
    var candidates: [MutantGenerator.Candidate] = []

    init(structure: SwiftStructure) {
        self.structure = structure
    }

    var statements: [SourceStatement] { structure.statements }

    mutating func add(_ operatorName: MutationOperator, _ range: Range<Int>, _ replacement: String) {
        candidates.append(MutantGenerator.Candidate(operatorName: operatorName, range: range, replacement: replacement))
    }

    func text(_ range: Range<Int>) -> String { structure.text(of: range) }

    mutating func collect() {
        for (blockIndex, block) in structure.blocks.enumerated() where block.isExecutable {
            let members = block.statements.map { statements[$0] }
            for (position, statement) in members.enumerated() {
                let call = structure.callShape(of: statement)
                statementOperators(statement, call: call, position: position, in: members, block: blockIndex)
                dispatchOperators(statement, call: call)
            }
            pairOperators(members)
            lockOperators(members)
        }
        insertYields()
        concurrentBodiesOnMain()
        tokenOperators()
    }

    /// other-queue for a `@concurrent` function: its whole body runs on the main actor, as it
    /// does without the attribute when the main actor calls it (a `nonisolated async` function
    /// stays on its caller's actor under Swift 6.2's `NonisolatedNonsendingByDefault`). The
    /// attribute itself cannot be switched on and off at run time; the body's hop can.
    mutating func concurrentBodiesOnMain() {
        for block in structure.blocks {
            guard case .function(let info) = block.kind, info.isConcurrent,
                let first = block.statements.first, let last = block.statements.last
            else { continue }
            let body = statements[first].range.lowerBound..<statements[last].range.upperBound
            // A body of one expression is its result: it stays one (the schema's `if` around it is
            // then an `if` expression), where a body of statements returns the hop's result.
            let isOneExpression = first == last && !text(body).hasPrefix("return")
            let onMain = "try await MainActor.run { " + text(body) + " }"
            add(.otherQueue, body, isOneExpression ? onMain : "return " + onMain)
        }
    }

    /// Operators on one statement: delete-call, delete-store, complete-twice, remove-guard,
    /// remove-return, remove-cancellation, swallow-error, negate-condition.
    mutating func statementOperators(
        _ statement: SourceStatement, call: CallShape?, position: Int, in members: [SourceStatement], block: Int
    ) {
        let normalized = text(statement.range).split(whereSeparator: \.isWhitespace).joined(separator: " ")
        if let call {
            if !MutantGenerator.reportingCalls.contains(call.calleeName)
                && !MutantGenerator.noTestCanSee(call, statement: text(statement.range))
            {
                add(.deleteCall, statement.range, "")
            }
            let isContinuation =
                ["resume", "yield"].contains(call.calleeName) && call.receiver.lowercased().contains("continuation")
            if MutantGenerator.completionCalls.contains(call.calleeName) || isContinuation {
                let indentation = structure.indentation(ofLineAt: statement.range.lowerBound)
                add(.completeTwice, statement.range, text(statement.range) + "\n" + indentation + text(statement.range))
            }
            if call.calleeName == "cancel" && !call.receiver.isEmpty
                && call.openParen.map({ call.closeParen! == $0 + 1 }) == true
            {
                add(.removeCancellation, statement.range, "")
            }
        }
        if call == nil, statement.kind == .expression, Self.assignsToSomething(normalized),
            !initializes(statement, normalized)
        {
            add(.deleteStore, statement.range, "")
        }
        if normalized == "try Task.checkCancellation()" {
            add(.removeCancellation, statement.range, "")
        } else if statement.kind == .expression, normalized.hasPrefix("try ") {
            let throwingPart = text(statement.range).dropFirst("try".count).drop(while: \.isWhitespace)
            add(.swallowError, statement.range, "_ = try? " + throwingPart)
        }
        if statement.clauses.count == 1, [.ifStatement, .guardStatement].contains(statement.kind) {
            let clause = text(statement.clauses[0].range)
            let checked =
                statement.kind == .guardStatement ? clause.hasPrefix("!") ? String(clause.dropFirst()) : "" : clause
            let hasElse =
                statement.kind == .ifStatement
                && structure.significantTokens(in: statement.tokens).contains {
                    structure.tokens[$0].text == "else"
                }
            if (checked == "isCancelled" || checked.hasSuffix(".isCancelled")) && !hasElse {
                add(.removeCancellation, statement.range, "")
            }
        }
        switch statement.kind {
        case .guardStatement where !statement.bindsNames:
            add(.removeGuard, statement.range, "")
        case .returnStatement:
            let parent = structure.blocks[statement.block]
            let isLast = position == members.count - 1
            var isEarly = true
            if isLast {
                switch parent.kind {
                case .function, .closure, .control("guard"): isEarly = false
                default: break
                }
            }
            if isEarly { add(.removeReturn, statement.range, "") }
        default:
            break
        }
        // Never `while true`: negated, the loop never runs and the function has no return after
        // it, so the mutant cannot compile; switched in a schema, the loop is no longer endless to
        // the compiler, which then finds no return after it and blames every mutant of the function.
        for clause in statement.clauses where !clause.binds && !["true", "false"].contains(text(clause.range)) {
            add(.negateCondition, clause.range, "!(" + text(clause.range) + ")")
        }
    }

    /// Operators on two neighbouring statements: move-across-await, swap-statements.
    mutating func pairOperators(_ members: [SourceStatement]) {
        func movable(_ statement: SourceStatement) -> Bool {
            !statement.isDeclaration && !statement.isJump
                && ![.guardStatement, .deferStatement, .directive, .caseLabel].contains(statement.kind)
        }
        // Two plain stores (`changes += 1`, `self.name = name`: no call on either side) run in
        // either order alike when nothing fires between them: in an initializer, where no
        // observer fires, or anywhere when neither property has an observer, a setter or
        // `@Published`. Nothing can read the one while the other is half done (another thread
        // that could would be a race already). Swapped, they are equivalent mutants by
        // construction, not bugs a test could see.
        let inInitializer =
            members.first.map { structure.enclosingFunction(of: $0.block)?.info.name == "init" } ?? false
        func plainStore(_ statement: SourceStatement) -> String? {
            let code = text(statement.range)
            guard statement.kind == .expression, !code.contains("("), !code.contains("{") else { return nil }
            return Self.storedName(in: code)
        }
        // A call no test can see (``MutantGenerator/noTestCanSee(_:statement:)``) moved is no more
        // visible than deleted.
        func unseen(_ statement: SourceStatement) -> Bool {
            structure.callShape(of: statement).map {
                MutantGenerator.noTestCanSee($0, statement: text(statement.range))
            } ?? false
        }
        for (first, second) in zip(members, members.dropFirst())
        where movable(first) && movable(second) && !unseen(first) && !unseen(second) {
            if let one = plainStore(first), let other = plainStore(second),
                inInitializer || (!isObserved(one) && !isObserved(other))
            {
                continue
            }
            let between = text(first.range.upperBound..<second.range.lowerBound)
            let swapped = text(second.range) + between + text(first.range)
            let operatorName: MutationOperator =
                first.containsAwait != second.containsAwait ? .moveAcrossAwait : .swapStatements
            add(operatorName, first.range.lowerBound..<second.range.upperBound, swapped)
        }
    }

    /// The property a plain store assigns: `count` in `self.count += 1` or `count[key] = value`;
    /// nil when the statement is not an assignment.
    static func storedName(in code: String) -> String? {
        let pattern = #"^\s*(?:self\??\.)?([A-Za-z_][A-Za-z0-9_]*)(?:\[[^\]]*\])?\s*[-+*/]?=\s"#
        guard let expression = try? NSRegularExpression(pattern: pattern),
            let match = expression.firstMatch(in: code, range: NSRange(code.startIndex..., in: code)),
            let name = Range(match.range(at: 1), in: code)
        else { return nil }
        return String(code[name])
    }

    /// Whether the statement is an assignment to a name, a member or a subscript (`state = x`,
    /// `self?.count += 1`, `operation.completionBlock = { … }`, `cache[id] = nil`), not `_ = x`.
    static func assignsToSomething(_ code: String) -> Bool {
        let name = "[A-Za-z_][A-Za-z0-9_]*"
        let target = #"^(?:self\??\.)?"# + name + #"(?:\??\."# + name + #"|\[[^\]]*\])*"#
        let pattern = target + #"\s*(?:[-+*/]|\?\?)?=\s"#
        guard !code.hasPrefix("_ ") else { return false }
        return code.range(of: pattern, options: .regularExpression) != nil
    }

    /// Whether a store is what gives its name a first value, which Swift's definite initialization
    /// requires: any store in an `init` (a `let` property, or one without a default), or a store
    /// to a local declared without a value (`let next: State`, set in each branch). Deleted, it
    /// would not compile, and the compiler blames the name's first use or the initializer's end,
    /// not the store: the schema could not tell which mutant broke it.
    func initializes(_ statement: SourceStatement, _ code: String) -> Bool {
        if structure.enclosingFunction(of: statement.block)?.info.name == "init" { return true }
        guard let name = Self.storedName(in: code) else { return false }
        let declaration = #"^(?:let|var)\s+"# + NSRegularExpression.escapedPattern(for: name) + #"\b"#
        return statements.contains { candidate in
            candidate.isDeclaration && candidate.initializer == nil && structure.blocks[candidate.block].isExecutable
                && text(candidate.range).range(of: declaration, options: .regularExpression) != nil
                && !text(candidate.range).contains("=")
        }
    }

    /// Whether storing `name` runs code: the file declares it with an observer or accessors
    /// (`var name … { didSet`, `willSet`, `get`, `set`), or `@Published`.
    func isObserved(_ name: String) -> Bool {
        let escaped = NSRegularExpression.escapedPattern(for: name)
        let patterns = [
            #"\bvar\s+"# + escaped + #"\b[^{\n]*\{\s*(didSet|willSet|get|set)\b"#,
            #"@Published\b[^\n]*\bvar\s+"# + escaped + #"\b"#,
        ]
        return patterns.contains { structure.text.range(of: $0, options: .regularExpression) != nil }
    }

    /// insert-yield: before up to three statements of each actor-isolated `async` function
    /// (its body and the `if`/`do`/… bodies in it, not closures), spread over it; never before
    /// its first statement (nothing ran yet) nor before a declaration (the schema could not
    /// wrap it without hiding the name).
    mutating func insertYields() {
        for (blockIndex, block) in structure.blocks.enumerated() {
            guard let function = block.function, function.isAsync, function.isIsolated else { continue }
            var places: [SourceStatement] = []
            collectYieldPlaces(in: blockIndex, into: &places)
            places.sort { $0.range.lowerBound < $1.range.lowerBound }
            let chosen =
                places.count <= 3
                ? places : [places[0], places[places.count / 2], places[places.count - 1]]
            for statement in chosen {
                let indentation = structure.indentation(ofLineAt: statement.range.lowerBound)
                add(.insertYield, statement.range, "await Task.yield()\n" + indentation + text(statement.range))
            }
        }
    }

    private func collectYieldPlaces(in block: Int, into places: inout [SourceStatement]) {
        for (position, index) in structure.blocks[block].statements.enumerated() {
            let statement = statements[index]
            if position > 0 && !MutantSite.mustEndBlock(statement) && statement.kind != .directive
                && statement.kind != .caseLabel
            {
                places.append(statement)
            }
        }
        for (index, inner) in structure.blocks.enumerated() where inner.parent == block {
            if case .control = inner.kind { collectYieldPlaces(in: index, into: &places) }
            if inner.kind == .switchBody { collectYieldPlaces(in: index, into: &places) }
        }
    }
}
