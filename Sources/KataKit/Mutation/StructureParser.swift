/// The one pass that builds a ``SwiftStructure``: recursive descent over braces, statements split
/// at line ends that do not go on. Positions are indices into `significant` (tokens that are not
/// trivia); what it records are indices into `tokens`.
struct StructureParser {
    let tokens: [SwiftToken]
    let significant: [Int]
    let structure: SwiftStructure
    let isolatedByDefault: Bool
    var blocks: [CodeBlock] = []
    var statements: [SourceStatement] = []

    init(structure: SwiftStructure, isolatedByDefault: Bool) {
        self.structure = structure
        self.tokens = structure.tokens
        self.significant = structure.significant
        self.isolatedByDefault = isolatedByDefault
    }

    static let modifiers: Set<String> = [
        "public", "private", "fileprivate", "internal", "open", "package", "final", "static", "override",
        "mutating", "nonmutating", "lazy", "weak", "unowned", "convenience", "required", "nonisolated",
        "dynamic", "optional", "indirect", "prefix", "postfix", "infix", "consuming", "borrowing", "isolated",
    ]
    static let declarationWords: Set<String> = [
        "let", "var", "func", "init", "deinit", "subscript", "class", "struct", "enum", "extension", "protocol",
        "typealias", "associatedtype", "import", "operator", "precedencegroup", "case", "macro",
    ]
    static let controlWords: Set<String> = [
        "if", "else", "guard", "while", "for", "repeat", "do", "catch", "defer", "switch",
    ]
    static let accessorWords: Set<String> = ["get", "set", "didSet", "willSet", "_read", "_modify", "init"]

    func token(_ position: Int) -> SwiftToken? {
        position < significant.count ? tokens[significant[position]] : nil
    }

    func isWord(_ position: Int, _ words: Set<String>) -> Bool {
        guard let token = token(position), token.kind == .keyword || token.kind == .identifier else { return false }
        return words.contains(token.text)
    }

    /// Whether a line break separates the token at `position` from the one before it.
    func startsLine(_ position: Int) -> Bool {
        guard position > 0, position < significant.count else { return true }
        return tokens[(significant[position - 1] + 1)..<significant[position]].contains {
            $0.kind == .newline || ($0.kind == .comment && $0.text.contains("\n"))
        }
    }

    // MARK: Blocks

    mutating func parseFile() {
        blocks.append(CodeBlock(kind: .file, parent: nil, declaration: "file"))
        var position = 0
        parseStatements(in: 0, from: &position)
    }

    /// Parses the block whose `{` is at `position`, returns the position after its `}`.
    mutating func parseBlock(_ kind: CodeBlock.Kind, parent: Int, declaration: String, at position: Int) -> Int {
        let index = blocks.count
        blocks.append(
            CodeBlock(kind: kind, parent: parent, openBrace: significant[position], declaration: declaration))
        var inner = position + 1
        if case .closure = kind {
            let signature = closureSignatureEnd(from: inner)
            if let end = signature.end {
                blocks[index].kind = .closure(hasParameters: signature.hasParameters)
                inner = end
            } else {
                blocks[index].kind = .closure(hasParameters: false)
            }
        }
        if kind == .switchBody {
            parseCases(in: index, from: &inner)
        } else {
            parseStatements(in: index, from: &inner)
        }
        if inner < significant.count {
            blocks[index].closeBrace = significant[inner]
            return inner + 1
        }
        return inner
    }

    /// Where a closure's `[captures] (params) -> T in` ends (after `in`), if it has one, and
    /// whether it names parameters (a capture list alone does not).
    func closureSignatureEnd(from start: Int) -> (end: Int?, hasParameters: Bool) {
        var position = start
        if token(position)?.is("[") == true { position = skipGroup(from: position) }
        let afterCaptures = position
        let allowedWords: Set<String> = ["self", "Self", "inout", "throws", "rethrows", "Any", "_"]
        var depth = 0
        while let token = token(position) {
            if depth == 0, token.kind == .keyword, token.text == "in" {
                return (position + 1, position > afterCaptures)
            }
            if token.is("(") || token.is("[") {
                depth += 1
            } else if token.is(")") || token.is("]") {
                depth -= 1
                if depth < 0 { return (nil, false) }
            } else if token.is("{") || token.is("}") {
                return (nil, false)
            } else if depth == 0 {
                let isForeign =
                    (token.kind == .keyword && !allowedWords.contains(token.text)) || token.kind == .string
                    || token.kind == .number || token.kind == .poundKeyword || token.is("=")
                if isForeign { return (nil, false) }
            }
            position += 1
        }
        return (nil, false)
    }

    /// Statements until the `}` that closes the block (left at `position`) or the end of file.
    mutating func parseStatements(in block: Int, from position: inout Int) {
        while let token = token(position) {
            if token.is("}") && token.kind == .punctuation { return }
            if token.is(";") {
                position += 1
                continue
            }
            if blocks[block].kind == .control("case"), isWord(position, ["case", "default"]) { return }
            if blocks[block].kind == .control("case"), token.kind == .attribute, token.text == "@unknown" { return }
            parseStatement(in: block, from: &position)
        }
    }

    /// A `switch`'s body: each `case …:` label, then its statements as a `.control("case")` block.
    mutating func parseCases(in block: Int, from position: inout Int) {
        while let token = token(position) {
            if token.is("}") && token.kind == .punctuation { return }
            if token.kind == .poundKeyword {
                parseStatement(in: block, from: &position)
                continue
            }
            let start = position
            var depth = 0
            while let next = self.token(position) {
                if next.is("(") || next.is("[") { depth += 1 }
                if next.is(")") || next.is("]") { depth -= 1 }
                position += 1
                if depth == 0 && next.is(":") && next.kind == .punctuation { break }
                if next.is("}") && depth < 0 { break }
            }
            record(.caseLabel, in: block, from: start, to: position)
            let body = blocks.count
            blocks.append(CodeBlock(kind: .control("case"), parent: block, declaration: blocks[block].declaration))
            parseStatements(in: body, from: &position)
        }
    }

    // MARK: Statements

    /// What the statement being parsed has shown so far, to decide what each `{` opens.
    struct StatementContext {
        var header: String?
        var headerPosition = 0
        var attributes: [String] = []
        var modifiers: [String] = []
        var name: String?
        var sawBody = false
        var sawAssignment = false
        var lastControlWord: String?
        var isAsync = false
        var conditionStart: Int?
        var clauseStart: Int?
        var clauses: [(Range<Int>, Bool)] = []
        var isActorType = false
    }

    mutating func parseStatement(in block: Int, from position: inout Int) {
        let start = position
        if token(position)?.kind == .poundKeyword,
            ["#if", "#else", "#elseif", "#endif"].contains(token(position)!.text)
        {
            position += 1
            while position < significant.count && !startsLine(position) { position += 1 }
            record(.directive, in: block, from: start, to: position)
            return
        }
        var context = readHeader(from: start)
        position = context.headerPosition
        var depth = 0
        while let token = token(position) {
            if position > start && depth == 0 && startsLine(position) && !continues(at: position, context: context) {
                break
            }
            if depth == 0 && (token.is(";") || (token.is("}") && token.kind == .punctuation)) { break }
            trackConditions(token, at: position, depth: depth, context: &context)
            let punctuation = token.kind == .punctuation ? token.text : ""
            switch punctuation {
            case "(", "[":
                depth += 1
                position += 1
            case ")", "]":
                depth = max(0, depth - 1)
                position += 1
            case "{":
                position = openBlock(at: position, depth: depth, in: block, context: &context)
            default:
                position += 1
            }
            if token.kind != .punctuation {
                if token.is("=") && depth == 0 { context.sawAssignment = true }
                if token.text == "async" && depth == 0 && !context.sawBody { context.isAsync = true }
            }
        }
        let kind = Self.kind(of: context)
        record(kind, in: block, from: start, to: position)
        var statement = statements[statements.count - 1]
        statement.clauses = context.clauses.map { range, binds in
            let indices = significant[range.lowerBound]..<(significant[range.upperBound - 1] + 1)
            return ConditionClause(tokens: indices, range: structure.range(ofTokens: indices), binds: binds)
        }
        if kind == .declaration("let") || kind == .declaration("var") {
            statement.initializer = initializer(from: context.headerPosition, to: position, context: context)
        }
        statements[statements.count - 1] = statement
    }

    /// Reads attributes and modifiers; leaves `headerPosition` at the word after them.
    func readHeader(from start: Int) -> StatementContext {
        var context = StatementContext()
        var position = start
        while let token = token(position) {
            if token.kind == .attribute {
                context.attributes.append(token.text)
                position += 1
                if self.token(position)?.is("(") == true, !startsLine(position) { position = skipGroup(from: position) }
            } else if isWord(position, Self.modifiers)
                || (token.is("class") && isWord(position + 1, ["func", "var", "let", "subscript"]))
                || (token.text == "async" && isWord(position + 1, ["let", "var"]))
            {
                context.modifiers.append(token.text)
                position += 1
                if self.token(position)?.is("(") == true, !startsLine(position) { position = skipGroup(from: position) }
            } else {
                break
            }
        }
        context.headerPosition = position
        if let word = token(position) {
            if word.kind == .keyword || word.kind == .identifier {
                context.header = word.text
                if word.text == "actor", token(position + 1)?.kind == .identifier {
                    context.header = "actor"
                    context.isActorType = true
                }
            }
            if let next = token(position + 1), next.kind == .identifier || next.kind == .keyword {
                context.name = next.text
            }
            if context.header == "init" || context.header == "deinit" || context.header == "subscript" {
                context.name = context.header
            }
        }
        return context
    }

    /// Past the bracketed group that opens at `position`.
    func skipGroup(from position: Int) -> Int {
        var depth = 0
        var current = position
        while let token = token(current) {
            if token.is("(") || token.is("[") { depth += 1 }
            if token.is(")") || token.is("]") { depth -= 1 }
            current += 1
            if depth == 0 { break }
        }
        return current
    }

    /// Whether the line that starts at `position` goes on the statement before it.
    func continues(at position: Int, context: StatementContext) -> Bool {
        guard let token = token(position), let previous = self.token(position - 1) else { return false }
        if token.kind == .punctuation && [".", ":", "{"].contains(token.text) { return true }
        if token.kind == .operator {
            let isPrefix =
                ["!", "-", "~", "&"].contains(token.text)
                && token.range.upperBound == self.token(position + 1)?.range.lowerBound
            if !isPrefix { return true }
        }
        if isWord(position, ["else", "catch", "where", "async", "throws", "rethrows", "as", "is"]) { return true }
        if previous.kind == .operator {
            let attachedLeft =
                position >= 2 && self.token(position - 2)?.range.upperBound == previous.range.lowerBound
            let isPostfix = ["!", "?"].contains(previous.text) && attachedLeft
            // `let clock: any Clock<Duration>` at a line's end closes a generic argument list: no
            // operator waits for its right side there (a comparison has a space before its `>`).
            let closesGenerics = previous.text.allSatisfy { $0 == ">" } && attachedLeft
            if !isPostfix && !closesGenerics { return true }
        }
        if previous.kind == .punctuation && [",", "(", "[", ":", "."].contains(previous.text) { return true }
        if previous.kind == .attribute { return true }
        if isWord(position - 1, ["return", "throw", "try", "await", "in", "else"]) && previous.kind != .string {
            return true
        }
        // Only attributes and modifiers so far (`@available(…)` on its own line).
        if context.headerPosition >= position { return true }
        // `} onCancel: {`: a further trailing closure's label.
        if previous.is("}"), token.kind == .identifier, self.token(position + 1)?.is(":") == true,
            self.token(position + 2)?.is("{") == true
        {
            return true
        }
        return false
    }

    /// Collects the clauses of `if`, `else if`, `guard` and `while` conditions.
    func trackConditions(_ current: SwiftToken, at position: Int, depth: Int, context: inout StatementContext) {
        guard depth == 0 else { return }
        if current.kind == .keyword, Self.controlWords.contains(current.text) { context.lastControlWord = current.text }
        let isConditionWord =
            current.kind == .keyword && ["if", "while", "guard"].contains(current.text)
            && (position == context.headerPosition || token(position - 1)?.is("else") == true)
        if isConditionWord && context.header.map({ ["if", "while", "guard"].contains($0) }) == true {
            context.conditionStart = position + 1
            context.clauseStart = position + 1
            return
        }
        guard let clauseStart = context.clauseStart else { return }
        let endsCondition =
            (current.is("{") && current.kind == .punctuation) || (current.is("else") && context.header == "guard")
        if current.is(",") || endsCondition {
            if position > clauseStart, let first = self.token(clauseStart) {
                let binds =
                    ["let", "var", "case"].contains(first.text) || first.text == "#available"
                    || first.text == "#unavailable"
                context.clauses.append((clauseStart..<position, binds))
            }
            context.clauseStart = endsCondition ? nil : position + 1
        }
    }

    /// Decides what the `{` at `position` opens, parses it, and returns the position after it.
    mutating func openBlock(at position: Int, depth: Int, in block: Int, context: inout StatementContext) -> Int {
        let declaration = blocks[block].declaration
        let qualified = { (name: String) in declaration == "file" ? name : declaration + "." + name }
        let header = context.header ?? ""
        if depth > 0 || context.sawBody && !Self.controlWords.contains(header) {
            return parseBlock(.closure(hasParameters: false), parent: block, declaration: declaration, at: position)
        }
        if ["class", "struct", "enum", "extension", "protocol", "actor"].contains(header), !context.sawBody {
            context.sawBody = true
            let name = context.name ?? header
            let info = CodeBlock.TypeInfo(
                name: name, isActor: context.isActorType,
                isMainActor: context.attributes.contains("@MainActor"))
            return parseBlock(.type(info), parent: block, declaration: qualified(name), at: position)
        }
        if ["func", "init", "deinit", "subscript"].contains(header) {
            context.sawBody = true
            let name = context.name ?? header
            let info = CodeBlock.FunctionInfo(
                name: name, isAsync: context.isAsync, isIsolated: isolated(context, in: block),
                isConcurrent: context.attributes.contains("@concurrent"))
            return parseBlock(.function(info), parent: block, declaration: qualified(name), at: position)
        }
        if header == "var" || header == "let" {
            let first = token(position + 1)
            let listsAccessors = isWord(position + 1, Self.accessorWords) && token(position + 2)?.is("=") != true
            if listsAccessors || (!context.sawAssignment && first != nil) {
                context.sawBody = true
                let name = context.name ?? header
                if listsAccessors {
                    return parseBlock(.accessors, parent: block, declaration: qualified(name), at: position)
                }
                let info = CodeBlock.FunctionInfo(name: name, isAsync: false, isIsolated: isolated(context, in: block))
                return parseBlock(.function(info), parent: block, declaration: qualified(name), at: position)
            }
        }
        if blocks[block].kind == .accessors, Self.accessorWords.contains(header) {
            context.sawBody = true
            let info = CodeBlock.FunctionInfo(
                name: header, isAsync: context.isAsync, isIsolated: enclosingIsolation(of: block))
            return parseBlock(.function(info), parent: block, declaration: qualified(header), at: position)
        }
        if Self.controlWords.contains(header) {
            let word = header == "guard" ? "guard" : context.lastControlWord ?? header
            if word == "switch" {
                context.sawBody = true
                return parseBlock(.switchBody, parent: block, declaration: declaration, at: position)
            }
            context.sawBody = true
            return parseBlock(.control(word), parent: block, declaration: declaration, at: position)
        }
        return parseBlock(.closure(hasParameters: false), parent: block, declaration: declaration, at: position)
    }

    /// Whether a function declared with `context` in `block` is isolated to an actor.
    func isolated(_ context: StatementContext, in block: Int) -> Bool {
        if context.attributes.contains("@MainActor") { return true }
        if context.modifiers.contains("nonisolated") || context.attributes.contains("@concurrent") { return false }
        if case .type(let info) = blocks[block].kind {
            if info.isActor { return !context.modifiers.contains("static") }
            if info.isMainActor { return true }
        }
        return isolatedByDefault && enclosingIsolation(of: block)
    }

    /// Whether code in `block` (a type body or accessor list) is isolated.
    func enclosingIsolation(of block: Int) -> Bool {
        var current: Int? = block
        while let index = current {
            if case .type(let info) = blocks[index].kind {
                return info.isActor || info.isMainActor || isolatedByDefault
            }
            current = blocks[index].parent
        }
        return isolatedByDefault
    }

    static func kind(of context: StatementContext) -> SourceStatement.Kind {
        guard let header = context.header else { return .expression }
        if context.isActorType { return .declaration("actor") }
        switch header {
        case "guard": return .guardStatement
        case "if": return .ifStatement
        case "return": return .returnStatement
        case "throw": return .throwStatement
        case "break": return .breakStatement
        case "continue": return .continueStatement
        case "defer": return .deferStatement
        case "do": return .doStatement
        case "switch": return .switchStatement
        case "for", "while", "repeat": return .loop
        default:
            return declarationWords.contains(header) ? .declaration(header) : .expression
        }
    }

    /// The initializer of a `let`/`var` declaring one name, without accessors.
    func initializer(from header: Int, to end: Int, context: StatementContext) -> Range<Int>? {
        var depth = 0
        var equals: Int?
        for position in header..<end {
            guard let token = token(position) else { break }
            if token.kind == .punctuation {
                // `= value { didSet … }`: observers after the value.
                if depth == 0 && token.is("{") && equals != nil && isWord(position + 1, Self.accessorWords) {
                    return nil
                }
                if token.is("(") || token.is("[") || token.is("{") { depth += 1 }
                if token.is(")") || token.is("]") || token.is("}") { depth -= 1 }
                if depth == 0 && token.is(",") { return nil }
            }
            if depth == 0 && token.is("=") && token.kind == .operator && equals == nil { equals = position }
        }
        guard let equals, equals + 1 < end else { return nil }
        return significant[equals + 1]..<(significant[end - 1] + 1)
    }

    mutating func record(_ kind: SourceStatement.Kind, in block: Int, from start: Int, to end: Int) {
        guard end > start else { return }
        let indices = significant[start]..<(significant[end - 1] + 1)
        let range = structure.range(ofTokens: indices)
        statements.append(
            SourceStatement(
                kind: kind, tokens: indices, range: range, block: block,
                line: structure.line(ofOffset: range.lowerBound)))
        blocks[block].statements.append(statements.count - 1)
    }
}
