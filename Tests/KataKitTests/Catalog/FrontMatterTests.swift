import Testing

@testable import KataKit

@Suite("Front matter")
struct FrontMatterTests {
    static let valid = """
        ---
        number: 3
        title: Conform the real queue
        slug: conform-the-real-queue
        patterns: [protocol, fake]
        seed: DispatchQueue conforming to a protocol
        minutes: 25
        difficulty: beginner
        summary: Make a screen testable.
        hints:
          - First hint with `code`.
          - Second hint.
        ---
        # Kata 03

        Body.
        """

    func metadata(_ text: String) throws -> KataMetadata {
        let document = try FrontMatter.split(text, file: "Katas/03-x/README.md")
        return try FrontMatter.metadata(from: document, file: "Katas/03-x/README.md")
    }

    func error(_ text: String) -> KataError? {
        do {
            _ = try metadata(text)
            return nil
        } catch let error as KataError {
            return error
        } catch {
            return nil
        }
    }

    @Test("reads every field")
    func readsEveryField() throws {
        let metadata = try metadata(Self.valid)
        #expect(
            metadata
                == KataMetadata(
                    number: 3, title: "Conform the real queue", slug: "conform-the-real-queue",
                    patterns: ["protocol", "fake"],
                    seed: "DispatchQueue conforming to a protocol", minutes: 25, difficulty: .beginner,
                    summary: "Make a screen testable.", hints: ["First hint with `code`.", "Second hint."]
                ))
    }

    @Test("keeps the front matter out of the body")
    func splitsTheBody() throws {
        let document = try FrontMatter.split(Self.valid, file: "README.md")
        #expect(document.body == "# Kata 03\n\nBody.")
        #expect(document.bodyFirstLine == 14)
        #expect(!document.body.contains("slug:"))
    }

    @Test("a README without front matter is an error on line 1")
    func missingFrontMatter() {
        let error = error("# Kata 03\n\nNo front matter.")
        #expect(error?.kind == .invalidCatalog)
        #expect(error?.message.hasPrefix("Katas/03-x/README.md:1:") == true)
        #expect(error?.message.contains("does not start with front matter") == true)
    }

    @Test("front matter that is never closed is an error")
    func unclosed() {
        #expect(error("---\nnumber: 3\n# Kata")?.message.contains("never closed") == true)
    }

    @Test("a missing field is named")
    func missingField() {
        let text = Self.valid.replacingOccurrences(of: "minutes: 25\n", with: "")
        let error = error(text)
        #expect(error?.message.contains("no 'minutes' field") == true)
        #expect(error?.exitCode == 65)
    }

    @Test("a wrongly typed field is named with its line")
    func wrongType() {
        let error = error(Self.valid.replacingOccurrences(of: "minutes: 25", with: "minutes: twenty"))
        #expect(
            error?.message
                == "Katas/03-x/README.md:7: front-matter field 'minutes' must be a whole number, not 'twenty'.")
    }

    @Test("hints must be a list")
    func hintsNotAList() {
        let text = Self.valid.replacingOccurrences(
            of: "hints:\n  - First hint with `code`.\n  - Second hint.", with: "hints: just one")
        let error = error(text)
        #expect(error?.message.contains("field 'hints' must be a list") == true)
        #expect(error?.message.contains("README.md:10:") == true)
    }

    @Test("YAML that does not parse points at its line")
    func malformedYAML() {
        let error = error(
            Self.valid.replacingOccurrences(of: "patterns: [protocol, fake]", with: "patterns: [protocol, fake"))
        #expect(error?.message.contains("not valid YAML") == true)
        #expect(error?.message.hasPrefix("Katas/03-x/README.md:") == true)
    }

    @Test("an unknown field is rejected, so typos do not pass silently")
    func unknownField() {
        let error = error(Self.valid.replacingOccurrences(of: "minutes: 25", with: "minutes: 25\nminuts: 30"))
        #expect(error?.message == "Katas/03-x/README.md:8: unknown front-matter field 'minuts'.")
    }

    @Test("difficulty is one of three words")
    func difficulty() {
        #expect(
            error(Self.valid.replacingOccurrences(of: "beginner", with: "easy"))?.message.contains(
                "beginner, intermediate, advanced") == true)
    }

    @Test("sanitizer may be left out, names a sanitizer when given, and nothing else")
    func sanitizer() throws {
        #expect(try metadata(Self.valid).sanitizer == nil)
        let thread = Self.valid.replacingOccurrences(of: "minutes: 25", with: "minutes: 25\nsanitizer: thread")
        #expect(try metadata(thread).sanitizer == .thread)
        #expect(
            error(thread.replacingOccurrences(of: "sanitizer: thread", with: "sanitizer: tsan"))?.message
                == "Katas/03-x/README.md:8: front-matter field 'sanitizer' must be one of thread, address, undefined, not 'tsan'."
        )
    }

    @Test("mutants is a share above 0 and at most 1, and only for a tests kata")
    func mutants() throws {
        #expect(try metadata(Self.valid).mutantShare == nil)
        let tests = Self.valid.replacingOccurrences(of: "minutes: 25", with: "minutes: 25\nkind: tests\nmutants: 0.8")
        #expect(try metadata(tests).mutantShare == 0.8)
        for bad in ["0", "1.5", "-0.2", "most", "80%"] {
            #expect(
                error(tests.replacingOccurrences(of: "mutants: 0.8", with: "mutants: \(bad)"))?.message.contains(
                    "'mutants' must be the share of mutants a learner's tests must kill, above 0 and at most 1")
                    == true,
                "mutants: \(bad)")
        }
        let codeKata = tests.replacingOccurrences(of: "kind: tests\n", with: "")
        #expect(error(codeKata)?.message.contains("belongs to a kata with `kind: tests`") == true)
    }

    @Test("mutants-at-least may be left out (the floor of 20), and is a whole number from 0 when given")
    func mutantFloor() throws {
        #expect(try metadata(Self.valid).mutantFloor == nil)
        let lowered = Self.valid.replacingOccurrences(of: "minutes: 25", with: "minutes: 25\nmutants-at-least: 8")
        #expect(try metadata(lowered).mutantFloor == 8)
        for bad in ["-1", "eight", "2.5"] {
            #expect(
                error(lowered.replacingOccurrences(of: "mutants-at-least: 8", with: "mutants-at-least: \(bad)"))?
                    .message.contains("front-matter field 'mutants-at-least' must be") == true,
                "mutants-at-least: \(bad)")
        }
    }

    @Test("a slug that could leave the Katas folder is rejected")
    func slugWithPath() {
        #expect(
            error(Self.valid.replacingOccurrences(of: "slug: conform-the-real-queue", with: "slug: ../../etc"))?.message
                .contains("'slug' must be lower-case") == true)
    }

    @Test(
        "slugs",
        arguments: [
            ("stub-the-dispatcher", true), ("a1", true), ("Stub", false), ("-a", false), ("a--b", false),
            ("a/b", false), ("", false),
        ])
    func slugs(text: String, valid: Bool) {
        #expect(Slug.isValid(text) == valid)
    }
}

extension FrontMatterTests {
    @Test("a hint with ': ' in it that YAML reads as a mapping gets advice to quote it")
    func hintReadAsMapping() {
        let text = Self.valid.replacingOccurrences(of: "  - Second hint.", with: "  - Call `resume(with: result)`.")
        let error = error(text)
        #expect(
            error?.message
                == "Katas/03-x/README.md:12: item 2 of 'hints' reads as `key: value` because it contains ': '.")
        #expect(error?.advice?.contains("double quotes") == true)
    }
}

extension FrontMatterTests {
    @Test("a value YAML reads as null is explained, not reported missing", arguments: ["null", "~", "Null"])
    func nullValue(written: String) {
        let error = error(Self.valid.replacingOccurrences(of: "slug: conform-the-real-queue", with: "slug: \(written)"))
        #expect(
            error?.message
                == "Katas/03-x/README.md:4: front-matter field 'slug' reads as nothing: YAML takes `\(written)` for null."
        )
        #expect(error?.advice == "Write the value in double quotes, `slug: \"\(written)\"`, if you mean the word.")
    }

    @Test(
        "a title with an escape or a line break in it is refused: it would reach the terminal",
        arguments: ["\"Queue\\e[2J\"", "\"Two\\nlines\""])
    func controlCharacterInTitle(written: String) {
        let error = error(
            Self.valid.replacingOccurrences(of: "title: Conform the real queue", with: "title: \(written)"))
        #expect(
            error?.message
                == "Katas/03-x/README.md:3: front-matter field 'title' must be a single line of text without control characters (a line break, a tab or an escape)."
        )
    }

    @Test("a hint may span lines but holds no escape")
    func controlCharacterInHint() throws {
        let multiline = Self.valid.replacingOccurrences(of: "  - Second hint.", with: "  - \"Second\\nhint.\"")
        #expect(try metadata(multiline).hints[1] == "Second\nhint.")
        let escaped = Self.valid.replacingOccurrences(of: "  - Second hint.", with: "  - \"Second \\e[31mhint.\"")
        #expect(
            error(escaped)?.message
                == "Katas/03-x/README.md:12: item 2 of 'hints' contains a control character such as an escape.")
    }
}
