import Foundation

/// Makes the bytes of one fuzz case: random bytes, a soup of the tokens front matter and markdown
/// are made of, front matter with fields of every wrong type, mutations of real kata READMEs, or
/// pathological shapes (deep nesting, long runs) that break recursive parsers.
struct FuzzInputGenerator {
    /// Real READMEs and SOLUTION.md files: mutations of valid input reach deeper than noise.
    let corpus: [[UInt8]]

    enum Kind: String, CaseIterable {
        case randomBytes = "random bytes"
        case tokenSoup = "token soup"
        case frontMatterFields = "front-matter fields"
        case mutatedCorpus = "mutated README"
        case pathological = "pathological shape"

        /// Mostly inputs that look like READMEs; a few huge ones, which cost the most to run.
        static func pick(using random: inout SplitMix64) -> Kind {
            switch Int.random(in: 0..<200, using: &random) {
            case 0..<30: .randomBytes
            case 30..<80: .tokenSoup
            case 80..<128: .frontMatterFields
            case 128..<199: .mutatedCorpus
            default: .pathological
            }
        }
    }

    static let tokens: [String] = [
        "---", "\n", "\n", "\n", ": ", "- ", "[", "]", "{", "}", ",", "\"", "'", "# ", "&a ", "*a", "!!str ",
        "!!binary ",
        "!!map ", "|", ">", "|-", ">-", "? ", "%YAML 1.2\n", "...", "\t", "  ", "    ", "~", "null", "true", "1e400",
        "0x1F",
        "-1", "99999999999999999999", "number", "title", "slug", "patterns", "seed", "minutes", "difficulty", "summary",
        "hints", "beginner", "stub-the-dispatcher", "\u{FEFF}", "\r\n", "\r", "\0", "\u{85}", "\u{2028}", "## ", "### ",
        "```swift\n", "```\n", "~~~\n", "`", "*", "**", "_", "~~", "> ", "1. ", "- [ ] ", "| a | b |\n|---|---|\n", "|",
        "[x](", ")", "![i](", "](", "<details>", "</details>", "<summary>", "</summary>", "<details open>",
        "<DETAILS OPEN onclick=x>", "<br/>", "<script>alert(1)</script>", "<img src=x onerror=alert(1)>",
        "<a href=\"javascript:alert(1)\">x</a>", "javascript:alert(1)", "JaVaScRiPt:alert(1)", "java\tscript:x",
        "<svg onload=alert(1)>", "<iframe src=//evil.example>", "<style>*{}</style>", "<!--", "-->", "<![CDATA[",
        "&amp;",
        "&#x3C;", "&#0;", "&", "<", ">", "\\", "https://swift.org", "http://example.com/a.png", "data:text/html,x",
        "../02-wrap-the-statics/README.md", "../../Solutions/01-x/SOLUTION.md", "#the-story", "www.example.com",
        "é", "👩‍💻", "\u{301}", "\u{1B}[31m", "\u{7F}", "\u{FFFD}", "\u{10FFFF}", "let x = \"\\(y)\"", "/* ", " */",
        "#\"", "\"#", "\"\"\"", "#if", "@MainActor", "0b1010", "1_000", "func f() {}",
    ]

    static let fieldNames = [
        "number", "title", "slug", "patterns", "seed", "minutes", "difficulty", "summary", "hints", "sanitizer",
        "kind",
    ]

    static let hostileTexts = [
        "<script>alert(1)</script>", "\"><img src=x onerror=alert(1)>", "' onmouseover='alert(1)",
        "</title><script>x</script>",
        "javascript:alert(1)", "&lt;b&gt;", "</script>", "<!--", "\u{2028}", "a: b", "- x", "{{x}}", "${x}",
    ]

    func make(_ kind: Kind, using random: inout SplitMix64) -> [UInt8] {
        switch kind {
        case .randomBytes:
            return (0..<Int.random(in: 0...512, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
        case .tokenSoup:
            let frontMatter = Bool.random(using: &random)
            var text = frontMatter ? "---\n" : ""
            text += soup(Int.random(in: 0...60, using: &random), using: &random)
            if frontMatter, Int.random(in: 0..<4, using: &random) > 0 { text += "\n---\n" }
            text += soup(Int.random(in: 0...120, using: &random), using: &random)
            return Array(text.utf8)
        case .frontMatterFields:
            return Array(fields(using: &random).utf8)
        case .mutatedCorpus:
            var bytes = window(of: corpus.randomElement(using: &random) ?? [], using: &random)
            for _ in 0..<Int.random(in: 1...8, using: &random) { mutate(&bytes, using: &random) }
            return bytes
        case .pathological:
            return Array(pathological(using: &random).utf8)
        }
    }

    private func soup(_ count: Int, using random: inout SplitMix64) -> String {
        var text = ""
        for _ in 0..<count {
            if Int.random(in: 0..<5, using: &random) == 0 {
                text += String(UnicodeScalar(UInt8.random(in: 32...126, using: &random)))
            } else {
                text += Self.tokens.randomElement(using: &random)!
            }
        }
        return text
    }

    /// Front matter whose fields are there or not, known or not, of the right type or not.
    private func fields(using random: inout SplitMix64) -> String {
        var lines = ["---"]
        var names = Self.fieldNames.filter { _ in Int.random(in: 0..<8, using: &random) > 0 }
        if Bool.random(using: &random) {
            names.append(["extra", "Title", "number", "hints", ""].randomElement(using: &random)!)
        }
        names.shuffle(using: &random)
        for name in names {
            lines.append("\(name):" + value(for: name, using: &random))
        }
        if Int.random(in: 0..<6, using: &random) > 0 { lines.append("---") }
        lines.append(soup(Int.random(in: 0...80, using: &random), using: &random))
        return lines.joined(separator: "\n")
    }

    private func value(for name: String, using random: inout SplitMix64) -> String {
        let hostile = Self.hostileTexts.randomElement(using: &random)!
        let right: String =
            switch name {
            case "number": " \(Int.random(in: 1...99, using: &random))"
            case "minutes": " \(Int.random(in: 1...240, using: &random))"
            case "slug": " stub-the-dispatcher"
            case "difficulty": " beginner"
            case "sanitizer": " thread"
            case "kind": " tests"
            case "patterns", "hints": "\n  - one\n  - \"\(hostile.replacingOccurrences(of: "\"", with: "\\\""))\""
            default: " \"\(hostile.replacingOccurrences(of: "\"", with: "\\\""))\""
            }
        let choices = [
            right, right, right, " ", " ~", " null", " 12", " -3", " 1e400", " 99999999999999999999", " true",
            " [a, b]",
            " []", " {a: b}", "\n  - a\n  -\n  - b: c", " |\n  block\n  text", " >-\n  folded", " \"unterminated",
            " 'it''s'", " &anchor value", " *anchor", " !!binary aGVsbG8=", " \(hostile)", " [\(hostile)]",
            "\n  - [nested, list]", " \"\\u0000\\uD800\"", " -", " :", " @", " `x`",
        ]
        return choices.randomElement(using: &random)!
    }

    /// The front matter and up to 20 lines of the body, so a case stays small enough for 100,000.
    private func window(of bytes: [UInt8], using random: inout SplitMix64) -> [UInt8] {
        let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        guard lines.count > 80 else { return bytes }
        let closing = lines.dropFirst().firstIndex { $0.elementsEqual("---".utf8) } ?? 0
        let head = lines[...min(closing, 30)]
        let start = Int.random(in: (closing + 1)...(lines.count - 1), using: &random)
        let body = lines[start..<min(lines.count, start + Int.random(in: 1...20, using: &random))]
        return Array((head + body).joined(separator: [UInt8(ascii: "\n")]))
    }

    private func mutate(_ bytes: inout [UInt8], using random: inout SplitMix64) {
        let count = bytes.count
        let position = count == 0 ? 0 : Int.random(in: 0..<count, using: &random)
        switch Int.random(in: 0..<8, using: &random) {
        case 0 where count > 0:
            bytes[position] ^= UInt8(1) << UInt8.random(in: 0...7, using: &random)
        case 1:
            bytes.insert(contentsOf: Array(Self.tokens.randomElement(using: &random)!.utf8), at: position)
        case 2 where count > 0:
            let end = min(count, position + Int.random(in: 1...64, using: &random))
            bytes.removeSubrange(position..<end)
        case 3 where count > 0:
            let end = min(count, position + Int.random(in: 1...64, using: &random))
            bytes.insert(contentsOf: Array(bytes[position..<end]), at: Int.random(in: 0...count, using: &random))
        case 4:
            bytes = Array(bytes.prefix(position))
        case 5:
            bytes.insert(UInt8.random(in: 0...255, using: &random), at: position)
        case 6:
            let token = Self.hostileTexts.randomElement(using: &random)!
            bytes.insert(contentsOf: Array(token.utf8), at: position)
        default:
            bytes.insert(contentsOf: Array(Self.tokens.randomElement(using: &random)!.utf8), at: position)
        }
    }

    /// Shapes that a recursive parser or renderer may not survive: deep nesting, long runs,
    /// many aliases. Sizes stay below what a real README could ever need, and well above it.
    private func pathological(using random: inout SplitMix64) -> String {
        let depth = Int.random(in: 100...8_000, using: &random)
        let frontMatter =
            "---\nnumber: 1\ntitle: T\nslug: t\npatterns: [a]\nseed: s\nminutes: 5\n"
            + "difficulty: beginner\nsummary: s\nhints: [h]\n---\n"
        switch Int.random(in: 0..<12, using: &random) {
        case 0: return frontMatter + String(repeating: "> ", count: depth) + "deep"
        case 1:
            return frontMatter
                + (0..<min(depth, 400)).map { String(repeating: "  ", count: $0) + "- item" }.joined(separator: "\n")
        case 2: return frontMatter + String(repeating: "*", count: depth) + "x" + String(repeating: "*", count: depth)
        case 3:
            return frontMatter + String(repeating: "[", count: depth) + "x" + String(repeating: "](#a)", count: depth)
        case 4: return frontMatter + String(repeating: "<details>", count: depth)
        case 5:
            return "---\ntitle: " + String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
                + "\n---\n"
        case 6:
            return "---\ntitle: " + String(repeating: "{a: ", count: depth) + String(repeating: "}", count: depth)
                + "\n---\n"
        case 7:
            // A "billion laughs": each alias doubles the one before.
            var lines = ["---", "a0: &a0 [lol, lol]"]
            for level in 1..<min(40, depth) { lines.append("a\(level): &a\(level) [*a\(level - 1), *a\(level - 1)]") }
            return (lines + ["---", "body"]).joined(separator: "\n")
        case 8: return frontMatter + String(repeating: "`", count: depth)
        case 9:
            return frontMatter + "| " + String(repeating: "a | ", count: min(depth, 5_000)) + "\n|"
                + String(repeating: "---|", count: min(depth, 5_000))
        case 10: return frontMatter + "```swift\n" + String(repeating: "(\"\\(", count: depth) + "\n```"
        default: return "---\n" + String(repeating: "- ", count: depth) + "x\n---\n"
        }
    }
}
