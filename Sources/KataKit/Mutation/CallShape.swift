/// A statement read as one call: `try await receiver.callee(arguments) { closure }`, which
/// most operators look for (a dispatch, a completion, a `lock()`). Found from tokens: the
/// statement must be a chain of names, member accesses, calls and subscripts ending in a call,
/// with no operator at its top level (so `x = f()` is an assignment, not a call).
struct CallShape {
    /// Token index of the callee's name (`async` in `queue.async { }`).
    var callee: Int
    var calleeName: String
    /// The text before `.callee` (`queue`, `self?.dispatcher`, empty for `finish(…)`), with `?`s.
    var receiver: String
    /// Token index where the call expression starts (after `try`/`await`).
    var start: Int
    /// Token indices of the argument list's parentheses, if any.
    var openParen: Int?
    var closeParen: Int?
    /// The block index of a single trailing closure ending the statement.
    var trailingClosure: Int?

    /// The argument list's labels, `["queue"]` for `notify(queue: .main)`.
    var labels: [String] = []
}

extension SwiftStructure {
    /// Indices of the tokens that are not trivia inside `range`.
    func significantTokens(in range: Range<Int>) -> ArraySlice<Int> {
        var low = 0
        var high = significant.count
        while low < high {
            let middle = (low + high) / 2
            if significant[middle] < range.lowerBound { low = middle + 1 } else { high = middle }
        }
        var end = low
        while end < significant.count && significant[end] < range.upperBound { end += 1 }
        return significant[low..<end]
    }

    /// The block whose `{` is the token at `index`.
    func block(openingAt index: Int) -> Int? {
        blocks.firstIndex { $0.openBrace == index }
    }

    /// The statement as one call, or nil.
    func callShape(of statement: SourceStatement) -> CallShape? {
        let indices = Array(significantTokens(in: statement.tokens))
        var position = 0
        while position < indices.count,
            ["try", "await"].contains(tokens[indices[position]].text)
                || (tokens[indices[position]].kind == .operator && position > 0
                    && tokens[indices[position - 1]].text == "try")
        {
            position += 1
        }
        guard position < indices.count else { return nil }
        let start = indices[position]
        var lastName: Int?
        var callee: Int?
        var openParen: Int?
        var closeParen: Int?
        var trailingClosure: Int?
        var endsInCall = false
        while position < indices.count {
            let token = tokens[indices[position]]
            switch token.kind {
            case .identifier,
                .keyword where ["self", "super", "Self", "init"].contains(token.text):
                guard lastName == nil || (position > 0 && tokens[indices[position - 1]].is(".")) else { return nil }
                lastName = indices[position]
                endsInCall = false
                position += 1
            case .punctuation where token.text == ".":
                position += 1
            case .operator where token.text == "?" || token.text == "!":
                position += 1
            case .punctuation where token.text == "(" || token.text == "[":
                let close = matching(from: position, in: indices)
                if token.text == "(" {
                    callee = lastName
                    openParen = indices[position]
                    closeParen = indices[close]
                    trailingClosure = nil
                    endsInCall = true
                } else {
                    endsInCall = false
                }
                position = close + 1
            case .punctuation where token.text == "{":
                guard let block = block(openingAt: indices[position]), let close = blocks[block].closeBrace else {
                    return nil
                }
                if !endsInCall {
                    callee = lastName
                    openParen = nil
                    closeParen = nil
                }
                trailingClosure = block
                endsInCall = true
                position = indices.firstIndex(of: close).map { $0 + 1 } ?? indices.count
                // `} onCancel: {`: a labelled trailing closure after the first.
                if position + 1 < indices.count, tokens[indices[position]].kind == .identifier,
                    tokens[indices[position + 1]].is(":")
                {
                    position += 2
                    trailingClosure = nil
                }
            default:
                return nil
            }
        }
        guard endsInCall, let callee else { return nil }
        var labels: [String] = []
        if let openParen, let closeParen {
            let inside = Array(significantTokens(in: (openParen + 1)..<closeParen))
            var depth = 0
            for (offset, index) in inside.enumerated() {
                let token = tokens[index]
                if token.is("(") || token.is("[") || token.is("{") { depth += 1 }
                if token.is(")") || token.is("]") || token.is("}") { depth -= 1 }
                if depth == 0, token.is(":"), offset > 0,
                    offset == 1 || tokens[inside[offset - 2]].is(",")
                {
                    labels.append(tokens[inside[offset - 1]].text)
                }
            }
        }
        let receiverEnd = callee > start && tokens[callee - 1].is(".") ? callee - 1 : callee
        let receiver =
            receiverEnd > start ? text(of: tokens[start].range.lowerBound..<tokens[receiverEnd].range.lowerBound) : ""
        return CallShape(
            callee: callee, calleeName: tokens[callee].text, receiver: receiver, start: start, openParen: openParen,
            closeParen: closeParen, trailingClosure: trailingClosure, labels: labels)
    }

    /// The position in `indices` of the bracket closing the one at `position` (the last position
    /// when none closes it).
    func matching(from position: Int, in indices: [Int]) -> Int {
        var depth = 0
        for current in position..<indices.count {
            let token = tokens[indices[current]]
            if token.kind == .punctuation && (token.text == "(" || token.text == "[" || token.text == "{") {
                depth += 1
            }
            if token.kind == .punctuation && (token.text == ")" || token.text == "]" || token.text == "}") {
                depth -= 1
                if depth == 0 { return current }
            }
        }
        return indices.count - 1
    }
}
