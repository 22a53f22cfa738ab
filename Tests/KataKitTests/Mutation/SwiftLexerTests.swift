import Foundation
import Testing

@testable import KataKit

@Suite("Swift source as tokens, for the mutation operators")
struct SwiftLexerTests {
    @Test("every Swift file the katas ship or solve with lexes into tokens that join back into the identical text")
    func roundTripsEveryKataFile() throws {
        var checked = 0
        for base in ["Solutions", "Katas"] {
            for kata in MutationFixtures.katas {
                let sources = MutationFixtures.repository.appendingPathComponent(base).appendingPathComponent(kata)
                    .appendingPathComponent("Sources")
                for (path, text) in MutationFixtures.swiftFiles(in: sources) {
                    let tokens = SwiftLexer.tokens(of: text)
                    #expect(tokens.map(\.text).joined() == text, "\(base)/\(kata)/\(path)")
                    var offset = 0
                    for token in tokens {
                        #expect(token.range.lowerBound == offset, "\(path): a gap before `\(token.text)`")
                        offset = token.range.upperBound
                    }
                    checked += 1
                }
            }
        }
        #expect(checked > 100, "found only \(checked) files: is the repository root right?")
    }

    @Test("a string literal is one token, interpolations, raw and multi-line strings included")
    func strings() {
        let source = ##"""
            let a = "x \(f("y)", ")")) z"
            let b = #"raw "quoted" \(not) \#(n)"#
            let c = """
                line "one"
                \(1 + 2)
                """
            """##
        let strings = SwiftLexer.tokens(of: source).filter { $0.kind == .string }.map(\.text)
        #expect(strings.count == 3)
        #expect(strings.first == #""x \(f("y)", ")")) z""#)
        #expect(strings.dropFirst().first == ##"#"raw "quoted" \(not) \#(n)"#"##)
        #expect(strings.last?.hasSuffix("\"\"\"") == true)
    }

    @Test("nested block comments, operators and generics lex apart")
    func commentsAndOperators() {
        let tokens = SwiftLexer.tokens(of: "/* a /* b */ c */ x<=y; let t: Task<Int, Never>? = nil // end")
        #expect(tokens.first?.kind == .comment && tokens.first?.text == "/* a /* b */ c */")
        #expect(tokens.contains { $0.kind == .operator && $0.text == "<=" })
        #expect(tokens.last?.kind == .comment)
        #expect(tokens.contains { $0.kind == .keyword && $0.text == "let" })
    }
}
