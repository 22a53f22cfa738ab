/// One statement of a ``CodeBlock``: what the mutation operators look at and what a mutant
/// schema wraps. Statements are split at newlines and semicolons outside brackets, except where a
/// line goes on (it starts with `.`, an operator, `else` or `catch`, or the line before ends with
/// an operator, `,`, `(` or an attribute).
public struct SourceStatement: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// `let`, `var`, `func`, `init`, `class`, `struct`, `enum`, `actor`, `extension`,
        /// `protocol`, `typealias`, an enum's `case`, `deinit`, `subscript`, `import`: the word.
        case declaration(String)
        case guardStatement
        case ifStatement
        case returnStatement
        case throwStatement
        case breakStatement
        case continueStatement
        case deferStatement
        case doStatement
        case switchStatement
        case loop
        /// `case .x:` or `default:` inside a `switch`.
        case caseLabel
        /// `#if`, `#else`, `#endif`.
        case directive
        /// A call, an assignment, any other expression.
        case expression
    }

    public var kind: Kind
    /// Token indices from the first to past the last token that is not trivia.
    public var tokens: Range<Int>
    /// UTF-8 offsets of the same text.
    public var range: Range<Int>
    /// The block it is in.
    public var block: Int
    /// The line it starts on, from 1.
    public var line: Int
    /// The comma-separated clauses of each condition of an `if`, `guard` or `while` (an
    /// `else if` adds its own).
    public var clauses: [ConditionClause] = []
    /// For `let x = e` / `var x: T = e` declaring one name: the token indices of `e`.
    public var initializer: Range<Int>?
    /// Whether it contains `await` outside any closure in it.
    public var containsAwait = false

    /// A `guard` that binds a name (`guard let x`) declares it for the rest of the block.
    public var bindsNames: Bool {
        kind == .guardStatement && clauses.contains(where: \.binds)
    }

    public var isDeclaration: Bool {
        if case .declaration = kind { true } else { false }
    }

    /// Leaves its block or loop: `return`, `throw`, `break`, `continue`.
    public var isJump: Bool {
        [.returnStatement, .throwStatement, .breakStatement, .continueStatement].contains(kind)
    }
}
