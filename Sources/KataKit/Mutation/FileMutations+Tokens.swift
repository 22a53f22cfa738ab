extension FileMutations {
    /// Operators on single tokens anywhere in the file: relational, off-by-one, other-queue's
    /// `DispatchQueue.main` ↔ `DispatchQueue.global()`, detach-task, drop-lock's
    /// `withLock { }`/`sync { }`, and run-in-place's `.receive(on:)` taken out. A place with no
    /// ``MutantSite`` (a default argument, an attribute) is dropped later by the generator.
    mutating func tokenOperators() {
        let significant = structure.significant
        let tokens = structure.tokens
        for (position, index) in significant.enumerated() {
            let token = tokens[index]
            let previous = position > 0 ? tokens[significant[position - 1]] : nil
            let next = position + 1 < significant.count ? tokens[significant[position + 1]] : nil
            switch token.kind {
            case .operator:
                relational(token, at: index)
            case .number:
                offByOne(token, at: position)
            case .identifier where token.text == "DispatchQueue" && next?.is(".") == true && previous?.is(".") != true:
                otherQueue(at: position, start: index)
            case .punctuation where token.text == "." && (previous?.is(":") == true || previous?.is("=") == true):
                // `.main` / `.global(…)` where a queue is expected: `queue: .main`, `DispatchQueue = .main`.
                let label = position > 1 ? tokens[significant[position - 2]].text : ""
                if label.lowercased().hasSuffix("queue") { otherQueue(at: position, start: index, implicit: true) }
            case .identifier where token.text == "Task" && previous?.is(".") != true:
                if next?.is("{") == true
                    || (next?.is("(") == true && position + 2 < significant.count
                        && tokens[significant[position + 2]].text == "priority")
                {
                    add(.detachTask, token.range, "Task.detached")
                } else if next?.is(".") == true, position + 2 < significant.count,
                    tokens[significant[position + 2]].text == "detached"
                {
                    let end = tokens[significant[position + 2]].range.upperBound
                    add(.detachTask, token.range.lowerBound..<end, "Task")
                }
            case .identifier where (token.text == "withLock" || token.text == "sync") && previous?.is(".") == true:
                lockedBody(at: position)
            case .identifier where token.text == "receive" && previous?.is(".") == true && next?.is("(") == true:
                receiveOn(at: position)
            default:
                break
            }
        }
    }

    /// `<` ↔ `<=`, `>` ↔ `>=`, only as a binary operator with spaces on both sides (a generic
    /// `Task<Avatar, any Error>` has none).
    mutating func relational(_ token: SwiftToken, at index: Int) {
        let swaps = ["<": "<=", "<=": "<", ">": ">=", ">=": ">"]
        guard let swapped = swaps[token.text], index > 0, index + 1 < structure.tokens.count,
            structure.tokens[index - 1].kind == .whitespace, structure.tokens[index + 1].kind == .whitespace
        else { return }
        add(.relational, token.range, swapped)
    }

    /// n → n+1 and n−1 (when n > 0) for a decimal integer literal in code: not `x[0]`, not a
    /// tuple element `x.0`, not an attribute's argument (`@available(iOS 13, *)`).
    mutating func offByOne(_ token: SwiftToken, at position: Int) {
        let significant = structure.significant
        let tokens = structure.tokens
        let digits = token.text.filter { $0 != "_" }
        guard !digits.isEmpty, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber),
            let value = Int(digits)
        else { return }
        let previous = position > 0 ? tokens[significant[position - 1]] : nil
        let next = position + 1 < significant.count ? tokens[significant[position + 1]] : nil
        if previous?.is(".") == true { return }
        if value == 0 && previous?.is("[") == true && next?.is("]") == true { return }
        // Inside the parentheses right after an attribute?
        var depth = 0
        var back = position - 1
        while back >= 0 {
            let token = tokens[significant[back]]
            if token.is(")") { depth += 1 }
            if token.is("(") {
                if depth == 0 {
                    if back > 0 && tokens[significant[back - 1]].kind == .attribute { return }
                    break
                }
                depth -= 1
            }
            if token.is("{") || token.is("}") || token.is(";") { break }
            back -= 1
        }
        add(.offByOne, token.range, String(value + 1))
        if value > 0 { add(.offByOne, token.range, String(value - 1)) }
    }

    /// `DispatchQueue.main` ↔ `DispatchQueue.global()` (`.global(qos: …)` too).
    mutating func otherQueue(at position: Int, start: Int, implicit: Bool = false) {
        let significant = structure.significant
        let tokens = structure.tokens
        let member = position + (implicit ? 1 : 2)
        guard member < significant.count else { return }
        let prefix = implicit ? "." : "DispatchQueue."
        let name = tokens[significant[member]]
        let from = tokens[start].range.lowerBound
        if name.text == "main" {
            add(.otherQueue, from..<name.range.upperBound, prefix + "global()")
        } else if name.text == "global", member + 1 < significant.count, tokens[significant[member + 1]].is("(") {
            let close = tokens[significant[structure.matching(from: member + 1, in: significant)]]
            if close.is(")") { add(.otherQueue, from..<close.range.upperBound, prefix + "main") }
        }
    }

    /// `.receive(on: scheduler)` taken out of a Combine chain: each event reaches the subscriber
    /// on the publisher's thread, at once (run-in-place).
    mutating func receiveOn(at position: Int) {
        let significant = structure.significant
        let tokens = structure.tokens
        guard position + 3 < significant.count, tokens[significant[position + 2]].text == "on",
            tokens[significant[position + 3]].is(":")
        else { return }
        let close = tokens[significant[structure.matching(from: position + 1, in: significant)]]
        if close.is(")") {
            add(.runInPlace, tokens[significant[position - 1]].range.lowerBound..<close.range.upperBound, "")
        }
    }

    /// `x.withLock { body }` / `queue.sync { body }` → `{ body }()`, and
    /// `queue.sync(execute: work)` → `work()`: the body runs unguarded, where it was.
    mutating func lockedBody(at position: Int) {
        let significant = structure.significant
        let tokens = structure.tokens
        // The receiver: a chain of names back from the `.`.
        var start = position - 1
        while start > 0 {
            let token = tokens[significant[start - 1]]
            let chains = token.kind == .identifier || token.is("self") || token.is(".") || token.is("?")
            guard chains,
                tokens[significant[start - 1]].range.upperBound == tokens[significant[start]].range.lowerBound
                    || tokens[significant[start]].is(".")
            else { break }
            start -= 1
        }
        guard start < position - 1 else { return }
        let from = tokens[significant[start]].range.lowerBound
        let beginsStatement = statements.contains { $0.range.lowerBound == from }
        guard position + 1 < significant.count else { return }
        let next = tokens[significant[position + 1]]
        if next.is("{"), let block = structure.block(openingAt: significant[position + 1]),
            let body = parameterlessClosure(block)
        {
            let called = beginsStatement ? "(" + text(body) + ")()" : text(body) + "()"
            add(.dropLock, from..<body.upperBound, called)
        } else if next.is("("), position + 3 < significant.count, tokens[significant[position + 2]].text == "execute",
            tokens[significant[position + 3]].is(":")
        {
            var end = position + 4
            while end < significant.count && !tokens[significant[end]].is(")") { end += 1 }
            guard end < significant.count, end > position + 4 else { return }
            let work = text(
                tokens[significant[position + 4]].range.lowerBound..<tokens[significant[end - 1]].range.upperBound)
            add(.dropLock, from..<tokens[significant[end]].range.upperBound, work + "()")
        }
    }
}
