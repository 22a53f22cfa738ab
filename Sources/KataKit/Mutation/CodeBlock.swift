/// A run of code between braces (or a whole file, or the statements of one `case` of a
/// `switch`), and what kind of code it is: whether statements in it run (a function or closure
/// body, the body of an `if`) or declare (a type's body), whether it belongs to an `async`
/// function isolated to an actor, and the name of the declaration around it, for mutant ids.
public struct CodeBlock: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        case file
        /// The body of a `class`, `struct`, `enum`, `actor`, `extension` or `protocol`.
        case type(TypeInfo)
        /// The body of a `func`, `init`, `deinit`, `subscript`, getter, setter or observer.
        case function(FunctionInfo)
        /// `{ get { … } set { … } }` or `{ didSet { … } }`: a list of accessors, not code.
        case accessors
        /// A closure literal's body (after its `[capture] params in`, if any).
        case closure(hasParameters: Bool)
        /// The body of a statement: `"if"`, `"else"`, `"guard"`, `"while"`, `"for"`, `"repeat"`,
        /// `"do"`, `"catch"`, `"defer"`, or `"case"` (a `switch` case, which has no braces).
        case control(String)
        /// A `switch`'s braces: `case` labels, each followed by a `.control("case")` block.
        case switchBody
    }

    public struct TypeInfo: Sendable, Equatable {
        public var name: String
        public var isActor: Bool
        public var isMainActor: Bool
    }

    public struct FunctionInfo: Sendable, Equatable {
        /// `load`, `init`, `state.get`.
        public var name: String
        public var isAsync: Bool
        /// Isolated to an actor: declared in an `actor`, or `@MainActor` itself or by its type.
        public var isIsolated: Bool
        /// Declared `@concurrent`: it leaves its caller's actor for the global concurrent executor.
        public var isConcurrent = false
    }

    public var kind: Kind
    /// The block this one is inside (nil for the file).
    public var parent: Int?
    /// Token indices of the braces (nil for a file and for a `case` body).
    public var openBrace: Int?
    public var closeBrace: Int?
    /// Indices into ``SwiftStructure/statements``, in order.
    public var statements: [Int] = []
    /// The enclosing type and function names, `InboxViewModel.load`, or `file` at the top.
    public var declaration: String

    /// Whether its statements run, so that one may be wrapped in `if … else …`.
    public var isExecutable: Bool {
        switch kind {
        case .function, .closure, .control: true
        case .file, .type, .accessors, .switchBody: false
        }
    }

    public var function: FunctionInfo? {
        if case .function(let info) = kind { info } else { nil }
    }
}
