/// Colours Swift code blocks for the workshop site.
///
/// This is a hand-written tokenizer, and that is deliberate: swift-syntax would classify tokens
/// exactly, but building it costs every learner about 215 s and 2.3 GB, all for decoration. A
/// single pass with a few rules of thumb gets the kata snippets right, and whatever it gets wrong
/// only shows up as a colour, because the text always comes back unchanged.
///
/// The rules of thumb:
/// - Keywords are keywords, with a few exceptions. Right after a `.` a word is a member name
///   (`queue.async`, `.default`), except `self` and `init`. Right before a `:` it is an argument
///   label (`wait(for: [done])`), except `default`, `_`, `true`, `false`, `nil`, `self`, `Self`
///   and `super`. Right after `func` it is the function's name (`func async(execute:)`), and
///   `async(` is a call too.
/// - Contextual keywords (`some`, `any`, `actor`, `weak`, `lazy`, `final`, `override`, `mutating`,
///   `open`, `package` and the like) count only when another word follows on the same line
///   (`weak var`, `some View`, `actor Store`) and that word is not `in`, `is` or `as`. So
///   `let actor = Store()` and `{ actor in … }` stay plain.
/// - `get`, `set`, `willSet` and `didSet` count only where they open an accessor: when what
///   follows (after an optional `(newValue)` and any `async`/`throws`) is `{`, `}` or another
///   accessor, or inside `private(set)`.
/// - A word starting with a capital letter is a type, including initializer calls like
///   `DispatchQueue(label:)`. Any other word directly followed by `(`, or coming right after
///   `func`, is a function.
/// - Characters outside ASCII (apart from white space) count as letters, so `héllo` and `🚀` are
///   identifiers.
/// - Regex literals are not recognised. They come out as operators and words.
///
/// Tokens are maximal runs: two tokens next to each other never have the same kind.
///
/// Example:
/// ```swift
/// SwiftHighlighter.html(#"let greeting = "Hi, \(name)!" // says hello"#)
/// ```
/// returns one line, broken here between its tags:
/// ```html
/// <span class="hl-keyword">let</span> greeting = <span class="hl-string">&quot;Hi, </span>
/// <span class="hl-interpolation">\(</span>name<span class="hl-interpolation">)</span>
/// <span class="hl-string">!&quot;</span> <span class="hl-comment">// says hello</span>
/// ```
public enum SwiftHighlighter {
    /// The kinds of token that get a CSS class.
    public enum TokenKind: String, Sendable, CaseIterable {
        case keyword, type, string, interpolation, number, comment, attribute, directive, function, plain
    }

    public struct Token: Sendable, Equatable {
        public var kind: TokenKind
        public var text: String
    }

    /// Splits source into tokens; concatenating every token's text gives back the source exactly.
    public static func tokenize(_ source: String) -> [Token] {
        var lexer = Lexer(source)
        return lexer.tokenize()
    }

    /// HTML for the inside of a `<code>` element: text HTML-escaped (`&`, `<`, `>`, `"`, `'`), every
    /// non-plain token wrapped as `<span class="hl-KIND">…</span>`; plain text unwrapped.
    /// Newlines kept as they are.
    public static func html(_ source: String) -> String {
        var html = ""
        html.reserveCapacity(source.utf8.count * 2)
        for token in tokenize(source) {
            if token.kind == .plain {
                html += HTML.escape(token.text)
            } else {
                html += "<span class=\"hl-\(token.kind.rawValue)\">"
                html += HTML.escape(token.text)
                html += "</span>"
            }
        }
        return html
    }

    private struct Lexer {
        static let keywords: Set<String> = [
            "associatedtype", "borrowing", "class", "consuming", "deinit", "enum", "extension",
            "fileprivate", "func", "import", "init", "inout", "internal", "isolated", "let",
            "nonisolated", "operator", "precedencegroup", "private", "protocol", "public", "rethrows",
            "static", "struct", "subscript", "typealias", "var",
            "break", "case", "catch", "continue", "default", "defer", "do", "else", "fallthrough",
            "for", "guard", "if", "in", "repeat", "return", "switch", "throw", "where", "while",
            "as", "async", "await", "false", "is", "nil", "self", "Self", "super", "throws", "true",
            "try", "_",
        ]
        /// Words that people also use as names, so they need a word after them to count.
        static let contextualKeywords: Set<String> = [
            "actor", "any", "consume", "convenience", "copy", "discard", "distributed", "dynamic",
            "final", "indirect", "infix", "lazy", "macro", "mutating", "nonmutating", "open",
            "optional", "override", "package", "postfix", "prefix", "required", "sending", "some",
            "unowned", "weak",
        ]
        static let accessors: Set<String> = ["get", "set", "willSet", "didSet"]
        /// Keywords that keep their meaning before a `:` (`default:`, `[true: 1]`, `case nil:`).
        static let notLabels: Set<String> = ["default", "_", "true", "false", "nil", "self", "Self", "super"]

        /// Where the lexer is: the bottom is top-level code; every string literal, and every
        /// interpolation inside one, pushes a level. A stack rather than recursion, so that
        /// absurdly nested input cannot overflow the call stack.
        private enum Context {
            case code(openParentheses: Int)
            case string(hashes: Int, multiline: Bool)
        }

        private let scalars: [Unicode.Scalar]
        private var position = 0
        private var tokens: [Token] = []
        // The run of one kind not yet turned into a token, so that neighbours of a kind merge.
        private var runKind = TokenKind.plain
        private var runStart = 0
        private var runEnd = 0

        init(_ source: String) {
            scalars = Array(source.unicodeScalars)
        }

        mutating func tokenize() -> [Token] {
            var stack: [Context] = [.code(openParentheses: 0)]
            while position < scalars.count {
                switch stack[stack.count - 1] {
                case .string(let hashes, let multiline):
                    if scanStringBody(hashes: hashes, multiline: multiline) {
                        stack.append(.code(openParentheses: 0))
                    } else {
                        stack.removeLast()
                    }
                case .code(let open):
                    let scalar = scalars[position]
                    if scalar == ")" && open == 0 && stack.count > 1 {
                        position += 1
                        emit(.interpolation)
                        stack.removeLast()
                    } else if let string = scanStringOpening() {
                        stack.append(string)
                    } else {
                        scanCodeToken()
                        // Counted so that `\(f(x))` ends at the right parenthesis.
                        if scalar == "(" {
                            stack[stack.count - 1] = .code(openParentheses: open + 1)
                        } else if scalar == ")" && open > 0 {
                            stack[stack.count - 1] = .code(openParentheses: open - 1)
                        }
                    }
                }
            }
            flush()
            return tokens
        }

        // MARK: Tokens

        /// Marks everything from the end of the last token up to `position` as `kind`.
        private mutating func emit(_ kind: TokenKind) {
            guard position > runEnd else { return }
            if kind != runKind {
                flush()
                runKind = kind
                runStart = runEnd
            }
            runEnd = position
        }

        private mutating func flush() {
            guard runEnd > runStart else { return }
            tokens.append(Token(kind: runKind, text: text(runStart..<runEnd)))
            runStart = runEnd
        }

        private func text(_ range: Range<Int>) -> String {
            String(String.UnicodeScalarView(scalars[range]))
        }

        // MARK: Code

        private mutating func scanCodeToken() {
            let scalar = scalars[position]
            let next = at(position + 1)
            switch scalar {
            case "/" where next == "/":
                while let s = at(position), !Self.isNewline(s) { position += 1 }
                emit(.comment)
            case "/" where next == "*":
                scanBlockComment()
                emit(.comment)
            case "@" where next.map(Self.isLetter) == true:
                position += 1
                skipIdentifier()
                emit(.attribute)
            case "#" where next.map(Self.isLetter) == true:
                position += 1
                skipIdentifier()
                emit(.directive)
            case "`":
                // A name in backticks is a name, whatever word it spells; unclosed, just a backtick.
                var end = position + 1
                while let s = at(end), s != "`", !Self.isNewline(s) { end += 1 }
                position = at(end) == "`" ? end + 1 : position + 1
                emit(.plain)
            case "0"..."9":
                scanNumber()
                emit(.number)
            case _ where Self.isIdentifierStart(scalar):
                let start = position
                skipIdentifier()
                emit(kind(ofWord: text(start..<position), from: start))
            default:
                position += 1
                emit(.plain)
            }
        }

        private mutating func scanBlockComment() {
            position += 2
            var depth = 1
            while depth > 0, let s = at(position) {
                if s == "/" && at(position + 1) == "*" {
                    depth += 1
                    position += 2
                } else if s == "*" && at(position + 1) == "/" {
                    depth -= 1
                    position += 2
                } else {
                    position += 1
                }
            }
        }

        private mutating func scanNumber() {
            let prefix = at(position) == "0" ? at(position + 1) : nil
            if prefix == "x" {
                position += 2
                skip(while: Self.isHexDigit)
                // A hex fraction needs a binary exponent (`0x1.8p3`); without one the dot is
                // member access (`0x10.description`).
                if at(position) == ".", let s = at(position + 1), Self.isHexDigit(s) {
                    var end = position + 1
                    while let s = at(end), Self.isHexDigit(s) { end += 1 }
                    if at(end) == "p" || at(end) == "P" { position = end }
                }
                if at(position) == "p" || at(position) == "P" { scanExponent() }
            } else if prefix == "b" || prefix == "o" {
                position += 2
                skip(while: Self.isDigit)
            } else {
                skip(while: Self.isDigit)
                // Only a digit after the dot makes a fraction: `1...5` and `1.description` are not.
                if at(position) == ".", let s = at(position + 1), Self.isDigit(s) {
                    position += 1
                    skip(while: Self.isDigit)
                }
                if at(position) == "e" || at(position) == "E" { scanExponent() }
            }
        }

        /// Takes `e-3` or `p3` only if digits follow, so that a lone `e` stays a word.
        private mutating func scanExponent() {
            var end = position + 1
            if at(end) == "+" || at(end) == "-" { end += 1 }
            guard let s = at(end), Self.isDigit(s) else { return }
            position = end
            skip(while: Self.isDigit)
        }

        // MARK: Words

        private func kind(ofWord word: String, from start: Int) -> TokenKind {
            let end = position
            // Before the keyword check: `func async(execute:)` declares a method called async.
            if previousWord(before: start) == "func" { return .function }
            let isMember = at(start - 1) == "." && at(start - 2) != "."
            if !isMember || word == "self" || word == "init" {
                let isLabel = at(end) == ":" && !Self.notLabels.contains(word)
                // The effect `async` is never followed by `(`, so `async(execute:)` is Dispatch's method.
                let isAsyncCall = word == "async" && at(end) == "("
                if Self.keywords.contains(word) && !isLabel && !isAsyncCall { return .keyword }
                if Self.contextualKeywords.contains(word) && wordFollows(end) { return .keyword }
                if Self.accessors.contains(word) && opensAccessor(start: start, end: end) { return .keyword }
            }
            if word.unicodeScalars.first(where: { $0 != "_" })?.properties.isUppercase == true { return .type }
            if at(end) == "(" { return .function }
            return .plain
        }

        private func wordFollows(_ end: Int) -> Bool {
            var index = end
            while at(index) == " " || at(index) == "\t" { index += 1 }
            guard index > end else { return false }
            if at(index) == "@" { return true }
            guard let next = word(at: index) else { return false }
            return next != "in" && next != "is" && next != "as"
        }

        private func opensAccessor(start: Int, end: Int) -> Bool {
            if at(start - 1) == "(" && at(end) == ")" { return true }
            var index = skipBlanks(from: end)
            if at(index) == "(" {
                index = skipBlanks(from: index + 1)
                guard let name = word(at: index) else { return false }
                index = skipBlanks(from: index + name.unicodeScalars.count)
                guard at(index) == ")" else { return false }
                index = skipBlanks(from: index + 1)
            }
            while let effect = word(at: index), effect == "async" || effect == "throws" {
                index = skipBlanks(from: index + effect.unicodeScalars.count)
            }
            if at(index) == "{" || at(index) == "}" { return true }
            return word(at: index).map(Self.accessors.contains) == true
        }

        private func word(at index: Int) -> String? {
            guard let s = at(index), Self.isIdentifierStart(s) else { return nil }
            var end = index
            while let s = at(end), Self.isIdentifierPart(s) { end += 1 }
            return text(index..<end)
        }

        private func previousWord(before start: Int) -> String {
            var end = start
            while end > 0, Self.isBlank(scalars[end - 1]) { end -= 1 }
            var index = end
            while index > 0, Self.isIdentifierPart(scalars[index - 1]) { index -= 1 }
            return text(index..<end)
        }

        // MARK: Strings

        /// At `"` or `#…"`: takes the opening delimiter and says what kind of literal it opened.
        private mutating func scanStringOpening() -> Context? {
            guard scalars[position] == "\"" || scalars[position] == "#" else { return nil }
            var quote = position
            while at(quote) == "#" { quote += 1 }
            guard at(quote) == "\"" else { return nil }
            let multiline = at(quote + 1) == "\"" && at(quote + 2) == "\""
            let hashes = quote - position
            position = quote + (multiline ? 3 : 1)
            emit(.string)
            return .string(hashes: hashes, multiline: multiline)
        }

        /// Reads a literal's text. Returns true when it stopped at an interpolation, false when the
        /// literal ended: closed, or cut short by a newline (single-line) or by the end of input.
        private mutating func scanStringBody(hashes: Int, multiline: Bool) -> Bool {
            while let s = at(position) {
                if s == "\"" && closes(at: position, hashes: hashes, multiline: multiline) {
                    position += (multiline ? 3 : 1) + hashes
                    emit(.string)
                    return false
                }
                // In a raw string only `\#` escapes; a bare backslash is text.
                if s == "\\" && hashesFollow(position + 1, hashes) {
                    let afterHashes = position + 1 + hashes
                    if at(afterHashes) == "(" {
                        emit(.string)
                        position = afterHashes + 1
                        emit(.interpolation)
                        return true
                    }
                    position = afterHashes
                    // Skipping the escaped character keeps `\"` from closing the literal.
                    if let escaped = at(position), multiline || !Self.isNewline(escaped) { position += 1 }
                    continue
                }
                if !multiline && Self.isNewline(s) { break }
                position += 1
            }
            emit(.string)
            return false
        }

        private func closes(at quote: Int, hashes: Int, multiline: Bool) -> Bool {
            if multiline && !(at(quote + 1) == "\"" && at(quote + 2) == "\"") { return false }
            return hashesFollow(quote + (multiline ? 3 : 1), hashes)
        }

        private func hashesFollow(_ index: Int, _ count: Int) -> Bool {
            (0..<count).allSatisfy { at(index + $0) == "#" }
        }

        // MARK: Characters

        private func at(_ index: Int) -> Unicode.Scalar? {
            scalars.indices.contains(index) ? scalars[index] : nil
        }

        private mutating func skip(while predicate: (Unicode.Scalar) -> Bool) {
            while let s = at(position), predicate(s) { position += 1 }
        }

        private mutating func skipIdentifier() {
            skip(while: Self.isIdentifierPart)
        }

        private func skipBlanks(from index: Int) -> Int {
            var index = index
            while let s = at(index), Self.isBlank(s) { index += 1 }
            return index
        }

        private static func isLetter(_ s: Unicode.Scalar) -> Bool {
            ("a"..."z").contains(s) || ("A"..."Z").contains(s) || s == "_"
                || (!s.isASCII && !s.properties.isWhitespace)
        }

        private static func isIdentifierStart(_ s: Unicode.Scalar) -> Bool { isLetter(s) || s == "$" }
        private static func isIdentifierPart(_ s: Unicode.Scalar) -> Bool {
            isIdentifierStart(s) || ("0"..."9").contains(s)
        }
        private static func isDigit(_ s: Unicode.Scalar) -> Bool { ("0"..."9").contains(s) || s == "_" }
        private static func isHexDigit(_ s: Unicode.Scalar) -> Bool {
            isDigit(s) || ("a"..."f").contains(s) || ("A"..."F").contains(s)
        }
        private static func isNewline(_ s: Unicode.Scalar) -> Bool { s == "\n" || s == "\r" }
        private static func isBlank(_ s: Unicode.Scalar) -> Bool { s == " " || s == "\t" || isNewline(s) }
    }
}
