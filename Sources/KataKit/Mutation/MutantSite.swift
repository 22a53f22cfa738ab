/// Where a ``MutantSchema`` switches between a mutant and the original: the smallest piece of
/// code around the mutant's range that can be written twice, once changed and once not, and
/// still compile whichever runs.
///
/// - a run of whole statements of one block whose statements run:
///   `if __KataMutant.on(7) { changed } else { original }`;
/// - a plain clause of a condition: `(__KataMutant.on(7) ? (changed) : (clause))`;
/// - the initializer of a `let`/`var` declaring one name (a stored property or a global too):
///   `let x: T = if __KataMutant.on(7) { changed } else { original }`.
///
/// A run that would hold a declaration (or a `guard let`, which declares for the rest of its
/// block) is not wrapped as it is: inside `if … { }` the name would be gone for the statements
/// after it. It grows to the end of its block instead, where no statement is left to miss the
/// name. A `defer` grows the same way, since inside an `if` it would run at the end of the `if`.
/// A mutant with no site (a default argument, an enum's raw value, a declaration in a type's
/// body) is not generated.
struct MutantSite: Sendable, Equatable {
    enum Kind: Sendable, Equatable, Hashable {
        /// Positions `first...last` in the block's ``CodeBlock/statements``.
        case statements(block: Int, first: Int, last: Int)
        case clause(statement: Int, clause: Int)
        case initializer(statement: Int)
    }

    var kind: Kind
    /// UTF-8 offsets of the text the site writes twice.
    var range: Range<Int>

    /// The site of a change of `range`, or nil when there is none that compiles.
    static func locate(_ range: Range<Int>, in structure: SwiftStructure) -> MutantSite? {
        let statements = structure.statements
        // A run of several statements: starts at one's start and ends at a later one's end.
        for (blockIndex, block) in structure.blocks.enumerated() {
            guard
                let first = block.statements.firstIndex(where: { statements[$0].range.lowerBound == range.lowerBound }),
                let last = block.statements.lastIndex(where: { statements[$0].range.upperBound == range.upperBound }),
                last > first
            else { continue }
            return run(block: blockIndex, first: first, last: last, in: structure)
        }
        var containing = statements.indices.filter {
            statements[$0].range.lowerBound <= range.lowerBound && range.upperBound <= statements[$0].range.upperBound
        }
        containing.sort { statements[$0].range.count < statements[$1].range.count }
        for index in containing {
            let statement = statements[index]
            if let clause = statement.clauses.firstIndex(where: {
                !$0.binds && $0.range.lowerBound <= range.lowerBound && range.upperBound <= $0.range.upperBound
            }) {
                return MutantSite(
                    kind: .clause(statement: index, clause: clause), range: statement.clauses[clause].range)
            }
            if let initializer = statement.initializer {
                let initializerRange = structure.range(ofTokens: initializer)
                let isAsyncLet = structure.tokens[statement.tokens.lowerBound].text == "async"
                if !isAsyncLet && initializerRange.lowerBound <= range.lowerBound
                    && range.upperBound <= initializerRange.upperBound
                {
                    return MutantSite(kind: .initializer(statement: index), range: initializerRange)
                }
            }
            let block = structure.blocks[statement.block]
            if statement.kind == .caseLabel || statement.kind == .directive { continue }
            guard block.isExecutable else { return nil }
            guard let position = block.statements.firstIndex(of: index) else { return nil }
            return run(block: statement.block, first: position, last: position, in: structure)
        }
        return nil
    }

    /// The run `first...last` of a block, grown to the block's end when it declares.
    static func run(block: Int, first: Int, last: Int, in structure: SwiftStructure) -> MutantSite? {
        let codeBlock = structure.blocks[block]
        guard codeBlock.isExecutable else { return nil }
        var last = last
        // An `#if` cut in two by `if … else` would not compile.
        if codeBlock.statements.contains(where: { structure.statements[$0].kind == .directive }) { return nil }
        if codeBlock.statements[first...last].contains(where: { mustEndBlock(structure.statements[$0]) }) {
            last = codeBlock.statements.count - 1
        }
        let range =
            structure.statements[codeBlock.statements[first]].range
            .lowerBound..<structure.statements[codeBlock.statements[last]].range.upperBound
        return MutantSite(kind: .statements(block: block, first: first, last: last), range: range)
    }

    /// A statement whose effect reaches the statements after it in its block.
    static func mustEndBlock(_ statement: SourceStatement) -> Bool {
        statement.isDeclaration || statement.bindsNames || statement.kind == .deferStatement
    }
}
