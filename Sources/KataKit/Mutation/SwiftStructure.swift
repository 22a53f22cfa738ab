/// The blocks and statements of one Swift file, found from its ``SwiftToken``s: enough structure
/// for mutation operators to say "the statement after `lock.lock()`", "an early `return`", "a
/// clause of this `guard`", and for a ``MutantSchema`` to wrap whole statements in
/// `if __KataMutant.on(n) { … } else { … }`.
///
/// Found by hand rather than with swift-syntax, for the reason ``SwiftLexer`` gives: the cold
/// build minutes it would cost every learner. It knows the Swift of this repository's katas; a
/// construct it misreads makes mutants that do not compile, which the schema's stillborn loop
/// (``MutantSchema/removingStillborn(files:mutants:folder:compile:)``) drops.
public struct SwiftStructure: Sendable {
    public let text: String
    public let tokens: [SwiftToken]
    /// Block 0 is the file.
    public private(set) var blocks: [CodeBlock] = []
    public private(set) var statements: [SourceStatement] = []
    /// UTF-8 offset of the start of each line.
    let lineStarts: [Int]
    /// Indices of the tokens that are not trivia, in order.
    let significant: [Int]

    /// - Parameter isolatedByDefault: the module is compiled with `-default-isolation MainActor`
    ///   (kata 18), so a function not in an actor and not `nonisolated` is isolated to the main actor.
    public init(parsing text: String, isolatedByDefault: Bool = false) {
        self.text = text
        let tokens = SwiftLexer.tokens(of: text)
        self.tokens = tokens
        significant = tokens.indices.filter { !tokens[$0].isTrivia }
        var starts = [0]
        for (offset, byte) in text.utf8.enumerated() where byte == UInt8(ascii: "\n") { starts.append(offset + 1) }
        lineStarts = starts
        var parser = StructureParser(structure: self, isolatedByDefault: isolatedByDefault)
        parser.parseFile()
        blocks = parser.blocks
        statements = parser.statements
        markAwaits()
    }

    /// The line (from 1) of a UTF-8 offset.
    public func line(ofOffset offset: Int) -> Int {
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return low + 1
    }

    /// The source text of a UTF-8 range.
    public func text(of range: Range<Int>) -> String {
        let utf8 = text.utf8
        let start = utf8.index(utf8.startIndex, offsetBy: range.lowerBound)
        let end = utf8.index(start, offsetBy: range.count)
        return String(text[start..<end])
    }

    /// UTF-8 offsets of a run of tokens (by index).
    func range(ofTokens indices: Range<Int>) -> Range<Int> {
        tokens[indices.lowerBound].range.lowerBound..<tokens[indices.upperBound - 1].range.upperBound
    }

    /// The leading spaces of the line an offset is on: how to indent a line inserted before it.
    func indentation(ofLineAt offset: Int) -> String {
        let start = lineStarts[line(ofOffset: offset) - 1]
        let spaces = text.utf8.dropFirst(start).prefix { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
        return String(decoding: Array(spaces), as: UTF8.self)
    }

    /// The function whose body (or nested `if`/`do`/… bodies, not closures) holds a block.
    public func enclosingFunction(of block: Int) -> (block: Int, info: CodeBlock.FunctionInfo)? {
        var current: Int? = block
        while let index = current {
            switch blocks[index].kind {
            case .function(let info): return (index, info)
            case .control: current = blocks[index].parent
            default: return nil
            }
        }
        return nil
    }

    /// The closure or function whose code a block is part of (through `if`/`do`/… bodies).
    func enclosingBody(of block: Int) -> Int? {
        var current: Int? = block
        while let index = current {
            switch blocks[index].kind {
            case .function, .closure: return index
            case .control: current = blocks[index].parent
            default: return nil
            }
        }
        return nil
    }

    /// The index of the token that starts at or holds a UTF-8 offset.
    func tokenIndex(atOffset offset: Int) -> Int {
        var low = 0
        var high = tokens.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if tokens[middle].range.lowerBound <= offset { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// The innermost block whose braces hold a token.
    func innermostBlock(containingToken token: Int) -> Int {
        var best = 0
        for (index, block) in blocks.enumerated() {
            guard let open = block.openBrace, let close = block.closeBrace, open < token, token < close else {
                continue
            }
            if let bestOpen = blocks[best].openBrace, bestOpen > open { continue }
            best = index
        }
        return best
    }

    /// The closure `token` is directly in (through `if`, `for`, `switch` and other control
    /// blocks, not through another closure), if any: the closure a `$0` there belongs to.
    func innermostClosure(containingToken token: Int) -> Int? {
        var current: Int? = innermostBlock(containingToken: token)
        while let index = current {
            switch blocks[index].kind {
            case .closure: return index
            case .control, .switchBody: current = blocks[index].parent
            default: return nil
            }
        }
        return nil
    }

    private mutating func markAwaits() {
        let closures = blocks.compactMap { block -> ClosedRange<Int>? in
            guard case .closure = block.kind, let open = block.openBrace, let close = block.closeBrace else {
                return nil
            }
            return open...close
        }
        for index in statements.indices {
            let range = statements[index].tokens
            statements[index].containsAwait = range.contains { token in
                tokens[token].text == "await" && tokens[token].kind == .identifier
                    && !closures.contains { $0.contains(token) && range.lowerBound < $0.lowerBound }
            }
        }
    }
}
