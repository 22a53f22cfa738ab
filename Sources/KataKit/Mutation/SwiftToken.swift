/// One token of Swift source, with the exact bytes it came from, so that the tokens of a file
/// joined again are the file: a mutant replaces a range of them and leaves every other byte,
/// comments and spacing included, as the author wrote it.
public struct SwiftToken: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// A name: `queue`, `DispatchQueue`, `` `default` ``, `$0`, and contextual words such as
        /// `async`, `await`, `actor` or `nonisolated`, which are names everywhere else.
        case identifier
        /// A word Swift reserves: `func`, `let`, `if`, `return`, `self`, `true`…
        case keyword
        /// `@MainActor`, `@escaping`, `@Sendable`: the `@` and the name (arguments follow as tokens).
        case attribute
        /// `#if`, `#available`, `#selector`: the `#` and the name.
        case poundKeyword
        case number
        /// A whole string literal, interpolations included: `"a\(b)c"`, `"""…"""`, `#"…"#`.
        case string
        /// `// …` (without its newline) or `/* … */` (nested ones included).
        case comment
        /// An operator: `=`, `<`, `<=`, `&&`, `..<`, `->`, a prefix `!`, a postfix `?`.
        case `operator`
        /// `(` `)` `[` `]` `{` `}` `,` `:` `;` `.` `\` and a lone `@` or `#`.
        case punctuation
        /// Spaces and tabs.
        case whitespace
        /// One line break, `\n` or `\r\n`.
        case newline
    }

    public var kind: Kind
    /// UTF-8 offsets of the token in its file.
    public var range: Range<Int>
    public var text: String

    /// Whitespace, newlines and comments: what the structure finder steps over.
    public var isTrivia: Bool { kind == .whitespace || kind == .newline || kind == .comment }

    /// Whether the token is the word or symbol `text`, as a name, keyword or punctuation.
    func `is`(_ text: String) -> Bool { self.text == text && kind != .string && kind != .comment }
}
