extension FileMutations {
    /// run-in-place (a task group's `addTask` too), drop-dispatch, `MainActor.run` for
    /// other-queue, `addTaskUnlessCancelled` for remove-cancellation, and the `withLock`/`sync`
    /// half of drop-lock: statements that hand a closure to someone else to run.
    mutating func dispatchOperators(_ statement: SourceStatement, call: CallShape?) {
        guard let call, statement.kind == .expression else { return }
        let closure = call.trailingClosure.flatMap(parameterlessClosure)
        let executeArgument = argument(labelled: "execute", of: call)
        if MutantGenerator.dispatchMethods.contains(call.calleeName),
            call.calleeName != "notify" || call.labels.contains("queue")
        {
            if let closure {
                add(.runInPlace, statement.range, "_ = " + text(closure) + "()")
                add(.dropDispatch, statement.range, "")
            } else if call.trailingClosure == nil, let executeArgument {
                let work = text(executeArgument)
                add(.runInPlace, statement.range, work.hasPrefix("{") ? "_ = " + work + "()" : work + "()")
                add(.dropDispatch, statement.range, "")
            }
        }
        let isTask = call.calleeName == "Task" || (call.calleeName == "detached" && call.receiver == "Task")
        if isTask && call.trailingClosure != nil {
            add(.dropDispatch, statement.range, "")
        }
        // A task group's child run where it is added, before the next one is: the structured
        // twin of `queue.async` run in place. The children then run one after another.
        if ["addTask", "addTaskUnlessCancelled"].contains(call.calleeName), !call.receiver.isEmpty,
            call.openParen == nil, let closure
        {
            add(
                .runInPlace, statement.range,
                "let ranInPlace = try await " + text(closure) + "(); " + call.receiver + ".addTask { ranInPlace }")
        }
        // `addTaskUnlessCancelled` is a cancellation check: made `addTask`, a cancelled group
        // still starts the child (which starts cancelled, and may already have asked for work).
        if call.calleeName == "addTaskUnlessCancelled", !call.receiver.isEmpty {
            add(.removeCancellation, structure.tokens[call.callee].range, "addTask")
        }
        if call.calleeName == "run" && call.receiver == "MainActor", let closure {
            add(.otherQueue, statement.range, "_ = " + text(closure) + "()")
        }
    }

    /// The braces of a trailing closure that takes no parameters (none named, no `$0` of its
    /// own: a `$0` of a closure inside it, as in `messages.sorted { $0.sentAt > $1.sentAt }`,
    /// belongs to that closure).
    func parameterlessClosure(_ block: Int) -> Range<Int>? {
        guard case .closure(let hasParameters) = structure.blocks[block].kind, !hasParameters,
            let open = structure.blocks[block].openBrace, let close = structure.blocks[block].closeBrace
        else { return nil }
        let usesAnonymous = (open..<close).contains { index in
            let token = structure.tokens[index]
            return token.kind == .identifier && token.text.hasPrefix("$")
                && token.text.dropFirst().allSatisfy(\.isNumber)
                && structure.innermostClosure(containingToken: index) == block
        }
        return usesAnonymous ? nil : structure.tokens[open].range.lowerBound..<structure.tokens[close].range.upperBound
    }

    /// The UTF-8 range of the argument after `label:` (up to the next top-level comma).
    func argument(labelled label: String, of call: CallShape) -> Range<Int>? {
        guard let open = call.openParen, let close = call.closeParen else { return nil }
        let inside = Array(structure.significantTokens(in: (open + 1)..<close))
        var depth = 0
        var start: Int?
        for (offset, index) in inside.enumerated() {
            let token = structure.tokens[index]
            if token.is("(") || token.is("[") || token.is("{") { depth += 1 }
            if token.is(")") || token.is("]") || token.is("}") { depth -= 1 }
            if depth == 0, token.is(","), let start {
                return structure.range(ofTokens: start..<(inside[offset - 1] + 1))
            }
            if depth == 0, start == nil, token.is(":"), offset > 0, structure.tokens[inside[offset - 1]].text == label,
                offset + 1 < inside.count
            {
                start = inside[offset + 1]
            }
        }
        guard let start, let last = inside.last else { return nil }
        return structure.range(ofTokens: start..<(last + 1))
    }

    /// drop-lock and shift-critical-region over a block's statements: `lock()` … `unlock()` on
    /// the same receiver, `lock()` then `defer { unlock() }`, and `withLock { }`/`sync { }` anywhere.
    mutating func lockOperators(_ members: [SourceStatement]) {
        let calls = members.map { structure.callShape(of: $0) }
        for (first, call) in calls.enumerated() {
            guard let call, call.calleeName == "lock", call.openParen.map({ call.closeParen! == $0 + 1 }) == true
            else { continue }
            let receiver = call.receiver
            if first + 1 < members.count, members[first + 1].kind == .deferStatement {
                let deferred = text(members[first + 1].range).split(whereSeparator: \.isWhitespace).joined(
                    separator: " ")
                // The receiver is kept without its dot: `lock`, or "" for a bare `lock()`.
                let unlock = receiver.isEmpty ? "unlock()" : "\(receiver).unlock()"
                if deferred == "defer { \(unlock) }" {
                    add(.dropLock, members[first].range.lowerBound..<members[first + 1].range.upperBound, "")
                }
                continue
            }
            for last in (first + 1)..<members.count {
                guard let other = calls[last], other.receiver == receiver else { continue }
                if other.calleeName == "lock" { break }
                guard other.calleeName == "unlock" else { continue }
                let whole = members[first].range.lowerBound..<members[last].range.upperBound
                let inner =
                    last > first + 1
                    ? text(members[first + 1].range.lowerBound..<members[last - 1].range.upperBound) : ""
                add(.dropLock, whole, inner)
                if last >= first + 2 {
                    let separator = text(members[first].range.upperBound..<members[first + 1].range.lowerBound)
                    let rest = text(members[first + 2].range.lowerBound..<members[last].range.upperBound)
                    let moved =
                        text(members[first].range) + separator + rest + separator + text(members[first + 1].range)
                    add(.shiftCriticalRegion, whole, moved)
                }
                break
            }
        }
    }
}
