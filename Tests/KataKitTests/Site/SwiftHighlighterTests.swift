import Foundation
import TestSupport
import Testing

@testable import KataKit

private typealias Token = SwiftHighlighter.Token

// Short names so that an expectation reads like the code it describes.
private func kw(_ text: String) -> Token { Token(kind: .keyword, text: text) }
private func ty(_ text: String) -> Token { Token(kind: .type, text: text) }
private func str(_ text: String) -> Token { Token(kind: .string, text: text) }
private func ip(_ text: String) -> Token { Token(kind: .interpolation, text: text) }
private func num(_ text: String) -> Token { Token(kind: .number, text: text) }
private func com(_ text: String) -> Token { Token(kind: .comment, text: text) }
private func attr(_ text: String) -> Token { Token(kind: .attribute, text: text) }
private func dir(_ text: String) -> Token { Token(kind: .directive, text: text) }
private func fn(_ text: String) -> Token { Token(kind: .function, text: text) }
private func p(_ text: String) -> Token { Token(kind: .plain, text: text) }

private func tokens(_ source: String) -> [Token] { SwiftHighlighter.tokenize(source) }

/// The source back from the HTML: tags dropped, entities decoded. The source's own `<` and `&`
/// are all escaped, so every `<` left starts a tag and every `&` an entity. Scalar by scalar,
/// because a combining mark after `>` or `;` would otherwise hide it inside one Character.
private func text(ofHTML html: String) -> String {
    let entities: [String: Unicode.Scalar] = ["lt": "<", "gt": ">", "quot": "\"", "#39": "'", "amp": "&"]
    var text = String.UnicodeScalarView()
    var tag: String.UnicodeScalarView?
    var entity: String.UnicodeScalarView?
    for scalar in html.unicodeScalars {
        if tag != nil {
            if scalar == ">" { tag = nil }
        } else if var name = entity {
            if scalar == ";" {
                text.append(entities[String(name)] ?? "?")
                entity = nil
            } else {
                name.append(scalar)
                entity = name
            }
        } else if scalar == "<" {
            tag = String.UnicodeScalarView()
        } else if scalar == "&" {
            entity = String.UnicodeScalarView()
        } else {
            text.append(scalar)
        }
    }
    return String(text)
}

/// Round trip, no empty tokens, and neighbours of different kinds (tokens are maximal runs).
private func checkInvariants(_ source: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let result = tokens(source)
    #expect(
        result.map(\.text).joined() == source, "round trip of \(source.debugDescription)",
        sourceLocation: sourceLocation)
    #expect(
        result.allSatisfy { !$0.text.isEmpty }, "empty token in \(source.debugDescription)",
        sourceLocation: sourceLocation)
    #expect(
        zip(result, result.dropFirst()).allSatisfy { $0.kind != $1.kind },
        "unmerged neighbours in \(source.debugDescription)", sourceLocation: sourceLocation)
    #expect(
        text(ofHTML: SwiftHighlighter.html(source)) == source, "HTML of \(source.debugDescription)",
        sourceLocation: sourceLocation)
}

/// Snippets that lean on the tricky parts: nesting, delimiters inside literals, odd numbers.
private let trickySnippets: [String] = [
    #"let s = "a \("b \("c" + ")") d") e""#,
    "let s = \"\"\"\n    He said \"hi\" and \"\"\" isn't here\\\"\"\"\n    \\(name)\n    \"\"\"\nlet t = 1",
    ###"let r = #"raw \(no) \#(yes(")")) "quote" "#; let rr = ##"a "# b"##"###,
    "/* outer /* inner */ still outer */ let x = 0x1.8p-2 + 1_000.5e+10 - 0b1010 * 0o17",
    "@available(*, deprecated, message: \"use `run()`\")\n@MainActor func f(_ work: @escaping @Sendable () -> Void) {}",
    "#if os(Linux)\nimport Glibc\n#elseif canImport(Darwin)\nimport Darwin\n#else\n#error(\"unknown\")\n#endif",
    "var value: Int { get async throws { 1 } }\nprivate(set) var count = 0 { didSet { print(oldValue) } }",
    "let `default` = items.first(where: { $0.isEmpty })?.count ?? 0 // done\n/// Doc: `code` <b>&</b>",
    "let emoji = \"🚀 \\u{1F600}\" + héllo + 名前 // ✅\r\nlet e\u{301} = 1",
    "x = a<b>c && d || !e ? f : g; y = \\Foo.bar; z = [1: \"a\"]; w = (1, 2).0",
    "\"\\(a)\\(b)\" + \"\"",
]

// MARK: Keywords

@Suite("Swift highlighter")
struct SwiftHighlighterTests {
    @Test("keywords in a declaration and its body")
    func keywords() {
        #expect(
            tokens("public func run() async throws -> Self { try await self.work(); return nil }") == [
                kw("public"), p(" "), kw("func"), p(" "), fn("run"), p("() "), kw("async"), p(" "), kw("throws"),
                p(" -> "), kw("Self"), p(" { "), kw("try"), p(" "), kw("await"), p(" "), kw("self"), p("."),
                fn("work"), p("(); "), kw("return"), p(" "), kw("nil"), p(" }"),
            ])
        #expect(
            tokens("guard let x else { defer { }; throw E.x }") == [
                kw("guard"), p(" "), kw("let"), p(" x "), kw("else"), p(" { "), kw("defer"), p(" { }; "),
                kw("throw"), p(" "), ty("E"), p(".x }"),
            ])
    }

    @Test(
        "every listed keyword is a keyword before a name",
        arguments: [
            "async", "await", "throws", "rethrows", "some", "any", "actor", "nonisolated", "isolated",
            "consuming", "borrowing", "inout", "let", "var", "func", "init", "deinit", "self", "Self",
            "super", "nil", "true", "false", "try", "return", "guard", "defer", "where", "in", "is", "as",
            "class", "struct", "enum", "protocol", "extension", "import", "static", "private", "public",
            "internal", "fileprivate", "open", "package", "final", "override", "mutating", "lazy", "weak",
            "unowned", "if", "else", "switch", "case", "default", "for", "while", "repeat", "break",
            "continue", "fallthrough", "throw", "catch", "do", "subscript", "typealias", "associatedtype",
        ])
    func listedKeyword(_ word: String) {
        #expect(tokens("\(word) value").first == kw(word))
    }

    @Test("after a dot a keyword is a member name, except self and init")
    func members() {
        #expect(tokens("queue.async { }") == [p("queue.async { }")])
        #expect(
            tokens("DispatchQueue.main.async(execute: work)") == [
                ty("DispatchQueue"), p(".main."), fn("async"), p("(execute: work)"),
            ])
        #expect(tokens("q.sync(qos: .default)") == [p("q."), fn("sync"), p("(qos: .default)")])
        #expect(tokens("Foo.self") == [ty("Foo"), p("."), kw("self")])
        #expect(tokens("super.init()") == [kw("super"), p("."), kw("init"), p("()")])
        #expect(tokens("0...self.count") == [num("0"), p("..."), kw("self"), p(".count")])
    }

    @Test("before a colon a keyword is an argument label, except default and literals")
    func labels() {
        #expect(
            tokens("wait(for: [done], timeout: 1)") == [
                fn("wait"), p("(for: [done], timeout: "), num("1"), p(")"),
            ])
        #expect(tokens("x.firstIndex(where: isEven)") == [p("x."), fn("firstIndex"), p("(where: isEven)")])
        #expect(
            tokens("switch x { case nil: break; default: break }") == [
                kw("switch"), p(" x { "), kw("case"), p(" "), kw("nil"), p(": "), kw("break"), p("; "),
                kw("default"), p(": "), kw("break"), p(" }"),
            ])
        #expect(tokens("[true: 1]") == [p("["), kw("true"), p(": "), num("1"), p("]")])
    }

    @Test("contextual keywords need a word after them")
    func contextualKeywords() {
        #expect(tokens("weak var delegate") == [kw("weak"), p(" "), kw("var"), p(" delegate")])
        #expect(
            tokens("func body() -> some View") == [
                kw("func"), p(" "), fn("body"), p("() -> "), kw("some"), p(" "), ty("View"),
            ])
        #expect(tokens("actor Store {}") == [kw("actor"), p(" "), ty("Store"), p(" {}")])
        #expect(tokens("let actor = Store()") == [kw("let"), p(" actor = "), ty("Store"), p("()")])
        #expect(tokens("for actor in actors {}") == [kw("for"), p(" actor "), kw("in"), p(" actors {}")])
        #expect(
            tokens("let package = Package(name: \"x\")") == [
                kw("let"), p(" package = "), ty("Package"), p("(name: "), str("\"x\""), p(")"),
            ])
        #expect(tokens("[weak self] in") == [p("["), kw("weak"), p(" "), kw("self"), p("] "), kw("in")])
    }

    @Test("get, set, willSet and didSet only where they open an accessor")
    func accessors() {
        #expect(
            tokens("var x: Int { get set }") == [
                kw("var"), p(" x: "), ty("Int"), p(" { "), kw("get"), p(" "), kw("set"), p(" }"),
            ])
        #expect(tokens("get async throws { }") == [kw("get"), p(" "), kw("async"), p(" "), kw("throws"), p(" { }")])
        #expect(tokens("set(newValue) { }") == [kw("set"), p("(newValue) { }")])
        #expect(tokens("willSet { }\ndidSet { }") == [kw("willSet"), p(" { }\n"), kw("didSet"), p(" { }")])
        #expect(
            tokens("private(set) var count") == [
                kw("private"), p("("), kw("set"), p(") "), kw("var"), p(" count"),
            ])
        #expect(tokens("let set = Set<Int>()") == [kw("let"), p(" set = "), ty("Set"), p("<"), ty("Int"), p(">()")])
        #expect(tokens("cache.get(key)") == [p("cache."), fn("get"), p("(key)")])
    }

    // MARK: Names

    @Test("capitalized identifiers are types, initializer calls included")
    func types() {
        #expect(
            tokens("let queue: DispatchQueue = DispatchQueue(label: \"q\")") == [
                kw("let"), p(" queue: "), ty("DispatchQueue"), p(" = "), ty("DispatchQueue"), p("(label: "),
                str("\"q\""), p(")"),
            ])
        #expect(tokens("[Int: _Storage]") == [p("["), ty("Int"), p(": "), ty("_Storage"), p("]")])
        #expect(tokens("Ünicode") == [ty("Ünicode")])
    }

    @Test("function calls and declared function names")
    func functions() {
        #expect(tokens("print(x)") == [fn("print"), p("(x)")])
        #expect(tokens("func make<T>() {}") == [kw("func"), p(" "), fn("make"), p("<"), ty("T"), p(">() {}")])
        #expect(
            tokens("func async(execute work: () -> Void)") == [
                kw("func"), p(" "), fn("async"), p("(execute work: () -> "), ty("Void"), p(")"),
            ])
        #expect(tokens("async(group: nil) { }") == [fn("async"), p("(group: "), kw("nil"), p(") { }")])
        #expect(tokens("items.map { $0 }") == [p("items.map { $0 }")])
        #expect(tokens("$0(1)") == [fn("$0"), p("("), num("1"), p(")")])
    }

    @Test("backtick-escaped identifiers are plain, whatever word they spell")
    func backticks() {
        #expect(tokens("let `default` = 1") == [kw("let"), p(" `default` = "), num("1")])
        #expect(tokens("case `class`, `self`") == [kw("case"), p(" `class`, `self`")])
    }

    @Test("operators and punctuation are plain")
    func operators() {
        #expect(tokens("a += b ?? c; d = !e && f...g") == [p("a += b ?? c; d = !e && f...g")])
        #expect(tokens("x = \\Foo.bar") == [p("x = \\"), ty("Foo"), p(".bar")])
    }

    // MARK: Literals

    @Test("string literals keep their escapes inside")
    func strings() {
        #expect(
            tokens(#"let s = "a\n\"b\" \u{1F600} \\""#) == [
                kw("let"), p(" s = "), str(#""a\n\"b\" \u{1F600} \\""#),
            ])
        #expect(tokens(#""" + "x""#) == [str(#""""#), p(" + "), str(#""x""#)])
    }

    @Test("interpolation: delimiters marked, inside tokenized as code")
    func interpolation() {
        #expect(
            tokens(#""sum: \(a + 1)!""#) == [
                str(#""sum: "#), ip(#"\("#), p("a + "), num("1"), ip(")"), str(#"!""#),
            ])
        // Nested parentheses and a string holding a parenthesis, inside the interpolation.
        #expect(
            tokens(#""\(f("(", (1, 2)))""#) == [
                str("\""), ip(#"\("#), fn("f"), p("("), str(#""(""#), p(", ("), num("1"), p(", "), num("2"),
                p("))"), ip(")"), str("\""),
            ])
        // A string inside an interpolation with its own interpolation.
        #expect(
            tokens(#""a\("b\(c)d")e""#) == [
                str(#""a"#), ip(#"\("#), str(#""b"#), ip(#"\("#), p("c"), ip(")"), str(#"d""#), ip(")"), str(#"e""#),
            ])
    }

    @Test("multi-line strings run to the closing triple quote")
    func multilineStrings() {
        let source = "let text = \"\"\"\n    Say \"hi\" to \\(name)\n    \"\"\"\nlet x = 1"
        #expect(
            tokens(source) == [
                kw("let"), p(" text = "), str("\"\"\"\n    Say \"hi\" to "), ip("\\("), p("name"), ip(")"),
                str("\n    \"\"\""), p("\n"), kw("let"), p(" x = "), num("1"),
            ])
    }

    @Test("raw strings: quotes and backslashes are text, only \\#( interpolates")
    func rawStrings() {
        #expect(
            tokens(##"#"C:\path "quoted" \(not) \#(yes)"#"##) == [
                str(##"#"C:\path "quoted" \(not) "##), ip(##"\#("##), p("yes"), ip(")"), str(##""#"##),
            ])
        #expect(tokens(###"##"a "# b"## + 1"###) == [str(###"##"a "# b"##"###), p(" + "), num("1")])
        let multiline = "#\"\"\"\n\"quote\" \"\"\" still \\(x)\n\"\"\"#"
        #expect(tokens(multiline) == [str(multiline)])
    }

    @Test(
        "numbers in every base, with separators, fractions and exponents",
        arguments: [
            "42", "1_000", "0x1F", "0b1010", "0o17", "3.14", "1e-3", "0x1p3", "0x1.8p-2", "1_000.5E+10", "0",
        ])
    func numbers(_ literal: String) {
        #expect(tokens(literal) == [num(literal)])
        #expect(tokens("-\(literal))") == [p("-"), num(literal), p(")")])
    }

    @Test("a dot after a number is a range or member access unless a digit follows")
    func numberEdges() {
        #expect(tokens("1...5") == [num("1"), p("..."), num("5")])
        #expect(tokens("0x10.description") == [num("0x10"), p(".description")])
        #expect(tokens("pair.0") == [p("pair."), num("0")])
        #expect(tokens("x1 = 2e") == [p("x1 = "), num("2"), p("e")])
    }

    // MARK: Comments, attributes, directives

    @Test("line, doc and nested block comments")
    func comments() {
        #expect(
            tokens("let x = 1 // one\n/// Doc.\nx") == [
                kw("let"), p(" x = "), num("1"), p(" "), com("// one"), p("\n"), com("/// Doc."), p("\nx"),
            ])
        #expect(tokens("/* a /* b */ c */ x") == [com("/* a /* b */ c */"), p(" x")])
        #expect(tokens("// \"not a string\" let") == [com("// \"not a string\" let")])
        #expect(tokens("\"// not a comment\"") == [str("\"// not a comment\"")])
    }

    @Test("attributes: the @name part")
    func attributes() {
        #expect(
            tokens("@MainActor final class Model: @unchecked Sendable {}") == [
                attr("@MainActor"), p(" "), kw("final"), p(" "), kw("class"), p(" "), ty("Model"), p(": "),
                attr("@unchecked"), p(" "), ty("Sendable"), p(" {}"),
            ])
        #expect(tokens("@available(iOS 15, *)") == [attr("@available"), p("(iOS "), num("15"), p(", *)")])
        #expect(
            tokens("_ work: @escaping @Sendable () -> Void") == [
                kw("_"), p(" work: "), attr("@escaping"), p(" "), attr("@Sendable"), p(" () -> "), ty("Void"),
            ])
        #expect(tokens("a @ b") == [p("a @ b")])
    }

    @Test("compiler directives: # and a name, but not a raw string's #\"")
    func directives() {
        #expect(
            tokens("#if DEBUG\n#elseif os(Linux)\n#else\n#endif") == [
                dir("#if"), p(" "), ty("DEBUG"), p("\n"), dir("#elseif"), p(" "), fn("os"), p("("), ty("Linux"),
                p(")\n"), dir("#else"), p("\n"), dir("#endif"),
            ])
        #expect(
            tokens("#expect(try #require(x) == #filePath)") == [
                dir("#expect"), p("("), kw("try"), p(" "), dir("#require"), p("(x) == "), dir("#filePath"), p(")"),
            ])
        #expect(
            tokens("if #available(macOS 14, *) { #selector(run) }") == [
                kw("if"), p(" "), dir("#available"), p("(macOS "), num("14"), p(", *) { "), dir("#selector"),
                p("(run) }"),
            ])
        #expect(tokens(##"#"x"#"##) == [str(##"#"x"#"##)])
    }

    // MARK: HTML

    @Test("HTML escapes text and wraps every non-plain token")
    func html() {
        #expect(
            SwiftHighlighter.html(#"if a < b && c > "d'e" {}"#)
                == #"<span class="hl-keyword">if</span> a &lt; b &amp;&amp; c &gt; <span class="hl-string">&quot;d&#39;e&quot;</span> {}"#
        )
        #expect(SwiftHighlighter.html("a\n\tb") == "a\n\tb")
        #expect(SwiftHighlighter.html("") == "")
    }

    @Test("the doc comment's example")
    func docExample() {
        #expect(
            SwiftHighlighter.html(#"let greeting = "Hi, \(name)!" // says hello"#)
                == #"<span class="hl-keyword">let</span> greeting = <span class="hl-string">&quot;Hi, </span><span class="hl-interpolation">\(</span>name<span class="hl-interpolation">)</span><span class="hl-string">!&quot;</span> <span class="hl-comment">// says hello</span>"#
        )
    }

    @Test("every kind but plain has its CSS class")
    func cssClasses() {
        let source = "@MainActor func f() { #if X\nlet n = \"\\(1)\" // c\n#endif }"
        let html = SwiftHighlighter.html(source)
        for kind in SwiftHighlighter.TokenKind.allCases {
            #expect(html.contains("class=\"hl-\(kind.rawValue)\"") == (kind != .plain), "\(kind)")
        }
    }

    // MARK: Properties

    @Test("tricky snippets round-trip", arguments: trickySnippets)
    func trickyRoundTrip(_ source: String) {
        checkInvariants(source)
    }

    @Test("every swift block in the kata READMEs round-trips")
    func readmeBlocks() throws {
        let katas = Fixtures.projectRoot.appendingPathComponent("Katas", isDirectory: true)
        let folders = try FileManager.default.contentsOfDirectory(atPath: katas.path).sorted()
        var blocks = 0
        for folder in folders {
            let readme = katas.appendingPathComponent(folder).appendingPathComponent("README.md")
            guard let markdown = try? String(contentsOf: readme, encoding: .utf8) else { continue }
            var block: [Substring]?
            for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
                let fence = line.trimmingCharacters(in: .whitespaces)
                if block == nil, fence.hasPrefix("```swift") {
                    block = []
                } else if let lines = block, fence == "```" {
                    checkInvariants(lines.joined(separator: "\n") + "\n")
                    blocks += 1
                    block = nil
                } else {
                    block?.append(line)
                }
            }
        }
        #expect(blocks > 0, "no ```swift blocks found under \(katas.path)")
    }

    @Test("random soups of delimiters round-trip and terminate")
    func randomInput() {
        let alphabet: [String] = [
            "\"", "\"\"\"", "#", "\\", "(", ")", "/", "*", "\n", "\r\n", " ", "`", "@", "a", "Z", "1", ".",
            "x", "p", "e", "-", "{", "}", ":", "é", "🚀", "\u{301}", "let", "get", "some", "if",
        ]
        // A fixed linear congruential generator, so that a failure can be reproduced.
        var seed: UInt64 = 0x5EED
        for _ in 0..<3_000 {
            var source = ""
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            for _ in 0..<Int(seed >> 59) * 2 {
                seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                source += alphabet[Int(seed >> 33) % alphabet.count]
            }
            checkInvariants(source)
        }
    }

    // MARK: Malformed input

    @Test(
        "malformed input never crashes and still round-trips",
        arguments: [
            "", "\"", "\"unterminated", "\"abc\nlet x", "/* open /* nested */", "/*", "/", "\\", "\"\\", "#",
            "##", "#\"raw", "##\"raw\"#", "\"\\(", "\"\\(((", ")))", "\"\\(a))\"", "`", "`open", "@", "@1",
            "héllo 🚀", "\"\"\"\nopen", "\"\"\"", "0x", "0b", "1e", "1e+", "0x1.", "\"\\u{", "\r\n", "\"\\#(x)",
            "#\"\\#(\"", "\"a\\\nb\"", "\u{301}\"\u{301}\"",
        ])
    func malformed(_ source: String) {
        checkInvariants(source)
    }

    @Test("unterminated literals and comments end sensibly")
    func unterminated() {
        // A single-line string stops at the end of its line, so the next line is still code.
        #expect(tokens("\"abc\nlet x") == [str("\"abc"), p("\n"), kw("let"), p(" x")])
        #expect(tokens("\"a\\\nlet") == [str("\"a\\"), p("\n"), kw("let")])
        #expect(tokens("/* a /* b */ let") == [com("/* a /* b */ let")])
        #expect(tokens("\"\\(a") == [str("\""), ip("\\("), p("a")])
        #expect(tokens("\"\"\"\nlet") == [str("\"\"\"\nlet")])
        #expect(tokens("x # y \\ z") == [p("x # y \\ z")])
        #expect(tokens("let héllo = \"🚀\"") == [kw("let"), p(" héllo = "), str("\"🚀\"")])
        // Deep nesting is counted, not recursed into, so it cannot overflow the stack.
        checkInvariants(String(repeating: "\"\\(", count: 5_000))
        checkInvariants(String(repeating: "/* ", count: 5_000))
    }

    @Test("highlighting about 20 KB takes well under a second")
    func performance() {
        var source = ""
        while source.utf8.count < 20_000 { source += trickySnippets.joined(separator: "\n") + "\n" }
        let clock = ContinuousClock()
        var html = ""
        let elapsed = clock.measure { html = SwiftHighlighter.html(source) }
        #expect(!html.isEmpty)
        // About 20 ms in a debug build; the bound is loose so that a busy machine never fails it.
        #expect(elapsed < .milliseconds(500), "took \(elapsed)")
    }
}
