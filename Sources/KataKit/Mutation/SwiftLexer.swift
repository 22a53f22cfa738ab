/// Cuts Swift source into ``SwiftToken``s, every byte in exactly one token.
///
/// Written by hand, not with swift-syntax, on purpose: swift-syntax would add minutes of cold
/// build to every learner's first `kata` command, and the code mutated is always this
/// repository's own (reference solutions, tests katas' shipped code), so a lexer that knows the
/// Swift those files are written in is enough. A unit test lexes every one of them and joins the
/// tokens back into the identical text.
///
/// ```swift
/// SwiftLexer.tokens(of: #"queue.async { print("\(n)") }"#).map(\.text)
/// // ["queue", ".", "async", " ", "{", " ", "print", "(", "\"\\(n)\"", ")", " ", "}"]
/// ```
///
/// What it does not know: regular expression literals (`/…/` is always an operator here) and
/// `#if` conditions as anything but tokens.
public enum SwiftLexer {
    /// The words Swift reserves in every position. Contextual words (`async`, `await`, `actor`,
    /// `get`, `set`, `willSet`, `didSet`, modifiers) stay identifiers; the structure finder reads
    /// them by their text where they matter.
    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init",
        "inout", "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public",
        "rethrows", "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue",
        "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return",
        "throw", "switch", "where", "while", "as", "false", "is", "nil", "self", "Self", "super", "throws",
        "true", "try", "Any",
    ]

    static let operatorCharacters: Set<UInt8> = Set("/=-+!*%<>&|^~?".utf8)

    public static func tokens(of text: String) -> [SwiftToken] {
        var scanner = Scanner(bytes: Array(text.utf8))
        var tokens: [SwiftToken] = []
        while let token = scanner.next() { tokens.append(token) }
        return tokens
    }

    /// The state of one pass over a file's bytes.
    struct Scanner {
        let bytes: [UInt8]
        var position = 0

        init(bytes: [UInt8]) {
            self.bytes = bytes
        }

        func byte(_ offset: Int = 0) -> UInt8? {
            position + offset < bytes.count ? bytes[position + offset] : nil
        }

        mutating func next() -> SwiftToken? {
            guard let first = byte() else { return nil }
            let start = position
            let kind = scanToken(startingWith: first)
            let text = String(decoding: bytes[start..<position], as: UTF8.self)
            return SwiftToken(kind: kind, range: start..<position, text: text)
        }

        /// Moves past one token and says what it was.
        mutating func scanToken(startingWith first: UInt8) -> SwiftToken.Kind {
            switch first {
            case UInt8(ascii: "\n"):
                position += 1
                return .newline
            case UInt8(ascii: "\r"):
                position += byte(1) == UInt8(ascii: "\n") ? 2 : 1
                return .newline
            case UInt8(ascii: " "), UInt8(ascii: "\t"):
                while let next = byte(), next == UInt8(ascii: " ") || next == UInt8(ascii: "\t") { position += 1 }
                return .whitespace
            case UInt8(ascii: "/") where byte(1) == UInt8(ascii: "/"):
                while let next = byte(), next != UInt8(ascii: "\n"), next != UInt8(ascii: "\r") { position += 1 }
                return .comment
            case UInt8(ascii: "/") where byte(1) == UInt8(ascii: "*"):
                scanBlockComment()
                return .comment
            case UInt8(ascii: "\""):
                scanString(hashes: 0)
                return .string
            case UInt8(ascii: "#"):
                var hashes = 0
                while byte(hashes) == UInt8(ascii: "#") { hashes += 1 }
                if byte(hashes) == UInt8(ascii: "\"") {
                    position += hashes
                    scanString(hashes: hashes)
                    return .string
                }
                position += 1
                if let next = byte(), Self.startsIdentifier(next) {
                    scanIdentifier()
                    return .poundKeyword
                }
                return .punctuation
            case UInt8(ascii: "@"):
                position += 1
                if let next = byte(), Self.startsIdentifier(next) {
                    scanIdentifier()
                    return .attribute
                }
                return .punctuation
            case UInt8(ascii: "`"):
                position += 1
                while let next = byte(), next != UInt8(ascii: "`"), next != UInt8(ascii: "\n") { position += 1 }
                if byte() == UInt8(ascii: "`") { position += 1 }
                return .identifier
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                scanNumber()
                return .number
            case UInt8(ascii: "$"):
                position += 1
                scanIdentifier()
                return .identifier
            case UInt8(ascii: "."):
                // `.` alone is member access; `..<` and `...` are operators (only an operator
                // that begins with a dot may hold one).
                if byte(1) == UInt8(ascii: ".") {
                    while let next = byte(), next == UInt8(ascii: ".") || SwiftLexer.operatorCharacters.contains(next) {
                        position += 1
                    }
                    return .operator
                }
                position += 1
                return .punctuation
            case _ where Self.startsIdentifier(first):
                let start = position
                scanIdentifier()
                let word = String(decoding: bytes[start..<position], as: UTF8.self)
                return SwiftLexer.keywords.contains(word) ? .keyword : .identifier
            case _ where SwiftLexer.operatorCharacters.contains(first):
                position += 1
                // Stop before `//` or `/*`: a comment right after an operator is not part of it.
                while let next = byte(), SwiftLexer.operatorCharacters.contains(next),
                    !(next == UInt8(ascii: "/") && (byte(1) == UInt8(ascii: "/") || byte(1) == UInt8(ascii: "*")))
                {
                    position += 1
                }
                return .operator
            default:
                // Punctuation, or a byte of something this lexer does not know: one byte each,
                // so the text still round-trips. A multi-byte character stays whole.
                position += 1
                while let next = byte(), next & 0xC0 == 0x80 { position += 1 }
                return .punctuation
            }
        }

        static func startsIdentifier(_ byte: UInt8) -> Bool {
            (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
                || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
                || byte == UInt8(ascii: "_") || byte >= 0x80
        }

        static func continuesIdentifier(_ byte: UInt8) -> Bool {
            startsIdentifier(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
        }

        mutating func scanIdentifier() {
            while let next = byte(), Self.continuesIdentifier(next) { position += 1 }
        }

        /// `42`, `4_000_000`, `0x1F`, `1.5`, `1e-3`; a `.` belongs to the number only when a digit
        /// follows it (`0..<3` is a number, an operator and a number).
        mutating func scanNumber() {
            while let next = byte() {
                if Self.continuesIdentifier(next) {
                    let isExponent = next == UInt8(ascii: "e") || next == UInt8(ascii: "E") || next == UInt8(ascii: "p")
                    position += 1
                    if isExponent, let sign = byte(), sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+"),
                        let digit = byte(1), digit >= UInt8(ascii: "0"), digit <= UInt8(ascii: "9")
                    {
                        position += 1
                    }
                } else if next == UInt8(ascii: "."), let digit = byte(1), digit >= UInt8(ascii: "0"),
                    digit <= UInt8(ascii: "9")
                {
                    position += 1
                } else {
                    return
                }
            }
        }

        mutating func scanBlockComment() {
            var depth = 0
            while let next = byte() {
                if next == UInt8(ascii: "/"), byte(1) == UInt8(ascii: "*") {
                    depth += 1
                    position += 2
                } else if next == UInt8(ascii: "*"), byte(1) == UInt8(ascii: "/") {
                    depth -= 1
                    position += 2
                    if depth == 0 { return }
                } else {
                    position += 1
                }
            }
        }

        /// A string literal from its opening quote (after any `#`s), through its closing quote and
        /// the same number of `#`s. An interpolation `\( … )` (`\#( … )` in a raw string) is
        /// scanned as code, token by token, so a `)` or a quote inside a nested string ends nothing.
        mutating func scanString(hashes: Int) {
            let isMultiline = byte(1) == UInt8(ascii: "\"") && byte(2) == UInt8(ascii: "\"")
            position += isMultiline ? 3 : 1
            while let next = byte() {
                if next == UInt8(ascii: "\\") && hasHashes(hashes, at: position + 1) {
                    position += 1 + hashes
                    if byte() == UInt8(ascii: "(") {
                        position += 1
                        scanInterpolation()
                    } else {
                        position += 1  // the escaped character
                    }
                } else if next == UInt8(ascii: "\"") {
                    let quotes = isMultiline ? 3 : 1
                    if (0..<quotes).allSatisfy({ byte($0) == UInt8(ascii: "\"") })
                        && hasHashes(hashes, at: position + quotes)
                    {
                        position += quotes + hashes
                        return
                    }
                    position += 1
                } else if !isMultiline && next == UInt8(ascii: "\n") {
                    return  // an unterminated literal ends with its line
                } else {
                    position += 1
                }
            }
        }

        func hasHashes(_ count: Int, at offset: Int) -> Bool {
            (0..<count).allSatisfy { offset + $0 < bytes.count && bytes[offset + $0] == UInt8(ascii: "#") }
        }

        /// The code of an interpolation, after its `(`, through the `)` that closes it.
        mutating func scanInterpolation() {
            var depth = 1
            while let next = byte() {
                let before = position
                let kind = scanToken(startingWith: next)
                if kind == .punctuation && position == before + 1 {
                    if next == UInt8(ascii: "(") { depth += 1 }
                    if next == UInt8(ascii: ")") {
                        depth -= 1
                        if depth == 0 { return }
                    }
                }
            }
        }
    }
}
