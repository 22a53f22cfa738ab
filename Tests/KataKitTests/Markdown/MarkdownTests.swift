import Foundation
import Testing

@testable import KataKit

@Suite("Markdown")
struct MarkdownTests {
    let plain = TerminalMarkdownRenderer(style: TextStyle(enabled: false))

    @Test("headings, emphasis, inline code and links read well as plain text")
    func inlines() {
        let text = plain.render(
            MarkdownDocument(
                parsing: "# Title\n\n## Part\n\nSome *soft* and **strong** `code`, see [docs](https://swift.org)."))
        #expect(
            text == "Title\n=====\n\nPart\n----\n\nSome _soft_ and **strong** `code`, see docs (https://swift.org).\n")
    }

    @Test("code blocks are indented and kept verbatim")
    func codeBlocks() {
        let text = plain.render(MarkdownDocument(parsing: "```swift\nlet x = 1\n  indented\n```"))
        #expect(text == "    let x = 1\n      indented\n")
    }

    @Test("lists are numbered or bulleted")
    func lists() {
        let text = plain.render(MarkdownDocument(parsing: "1. one\n2. two\n\n- a\n- b"))
        #expect(text == "1. one\n2. two\n\n• a\n• b\n")
    }

    @Test("tables line up")
    func tables() {
        let text = plain.render(MarkdownDocument(parsing: "| role | type |\n|---|---|\n| stub | ImmediateDispatcher |"))
        #expect(text == "role  type\n────  ───────────────────\nstub  ImmediateDispatcher\n")
    }

    @Test("hint blocks lose their HTML and keep their text")
    func details() {
        let text = plain.render(
            MarkdownDocument(parsing: "<details><summary>Hint 1</summary>\n\nTry a protocol.\n\n</details>"))
        #expect(text == "▸ Hint 1\n\nTry a protocol.\n")
    }

    @Test("styled output uses ANSI escapes only when styling is on")
    func styled() {
        let styled = TerminalMarkdownRenderer(style: TextStyle(enabled: true)).render(
            MarkdownDocument(parsing: "**bold**"))
        #expect(styled.contains("\u{1B}[1m"))
        #expect(!plain.render(MarkdownDocument(parsing: "**bold**")).contains("\u{1B}"))
    }

    @Test("an escape sequence written into a README never reaches the terminal")
    func controlCharacters() {
        let markdown =
            "Text \u{1B}]0;owned\u{07} and `code \u{1B}[2J`\n\n```\nlet a = 1\u{1B}[31m\n```\n\n<b>\u{1B}[5m</b> [link](https://x.org/\u{1B}[8m)"
        for enabled in [false, true] {
            let text = TerminalMarkdownRenderer(style: TextStyle(enabled: enabled)).render(
                MarkdownDocument(parsing: markdown))
            #expect(
                !text.contains("\u{1B}]") && !text.contains("\u{1B}[2J") && !text.contains("\u{1B}[5m")
                    && !text.contains("\u{1B}[8m"), "\(text.debugDescription)")
            #expect(text.contains("Text \u{FFFD}]0;owned\u{FFFD} and"))
            #expect(text.contains("let a = 1\u{FFFD}[31m"))
        }
    }

    @Test("parsed on many threads at once, every document keeps its strikethrough, autolinks and tables")
    func concurrentParsing() {
        let markdown = "~~gone~~ https://swift.org\n\n| a | b |\n|---|---|\n| ~~c~~ | www.swift.org |\n"
        let expected = MarkdownDocument(parsing: markdown).html
        #expect(expected.contains("<del>gone</del>") && expected.contains("<table>"))
        let wrong = Locked(0)
        DispatchQueue.concurrentPerform(iterations: 400) { _ in
            if MarkdownDocument(parsing: markdown).html != expected { wrong.withLock { $0 += 1 } }
        }
        #expect(wrong.value == 0, "\(wrong.value) of 400 parses lost an extension")
    }

    @Test("GFM extensions are on and <script> is disarmed in HTML")
    func html() {
        let document = MarkdownDocument(parsing: "~~gone~~ https://swift.org\n\n<script>alert(1)</script>")
        #expect(document.html.contains("<del>gone</del>"))
        #expect(document.html.contains("<a href=\"https://swift.org\">"))
        #expect(!document.html.contains("<script>"))
    }

    @Test("the hints section is read one <details> block at a time")
    func hintsSection() {
        let markdown = """
            ## Hints
            <details><summary>Hint 1</summary>

            Look at `greeting(for:)`,
            then at the test.

            </details>
            <details><summary>Hint 2</summary>

            Second.

            </details>

            ## Further reading
            <details><summary>Not a hint</summary>

            Nope.

            </details>
            """
        #expect(HintsSection.hints(in: markdown) == ["Look at `greeting(for:)`, then at the test.", "Second."])
    }
}

@Suite("The renderer's version")
struct RendererVersionTests {
    /// `kata site --check` explains a stale site by the renderer's version when it differs from
    /// the one the committed site/ is generated with; on Debian 12, where CI runs, they must agree.
    @Test(
        "on Debian 12 the installed libcmark-gfm is the version site/ is generated with",
        .enabled(if: (try? String(contentsOfFile: "/etc/debian_version", encoding: .utf8))?.hasPrefix("12") == true))
    func debianVersion() {
        #expect(Cmark.version == Cmark.siteVersion)
    }
}
