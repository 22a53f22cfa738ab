import Foundation
import Testing

@testable import KataKit

@Suite("The scaffold of a new kata")
struct KataScaffoldTests {
    static func metadata(
        title: String = "Retry without waiting", patterns: [String] = ["virtual time", "fake"],
        summary: String = "Retry a failed upload on virtual time.", seed: String = "Retry with backoff"
    ) -> KataMetadata {
        KataMetadata(
            number: 5, title: title, slug: Slug.make(from: title), patterns: patterns, seed: seed,
            minutes: 30, difficulty: .intermediate, summary: summary, hints: KataScaffold.placeholderHints
        )
    }

    @Test(
        "has the kata's package, README, starter and test, both solutions, a wrong solution, SOLUTION.md and the equivalent-mutants file"
    )
    func files() throws {
        let scaffold = KataScaffold(metadata: Self.metadata(), languageMode: .v6)
        #expect(
            scaffold.files.keys.sorted() == [
                "Katas/05-retry-without-waiting/Package.swift",
                "Katas/05-retry-without-waiting/README.md",
                "Katas/05-retry-without-waiting/Sources/Kata05/Placeholder.swift",
                "Katas/05-retry-without-waiting/Tests/Kata05Tests/PlaceholderTests.swift",
                "Solutions/05-retry-without-waiting/Alternative/EQUIVALENT-MUTANTS.md",
                "Solutions/05-retry-without-waiting/Alternative/Sources/Kata05/Placeholder.swift",
                "Solutions/05-retry-without-waiting/Chaffs/answers-in-capitals.patch",
                "Solutions/05-retry-without-waiting/EQUIVALENT-MUTANTS.md",
                "Solutions/05-retry-without-waiting/SOLUTION.md",
                "Solutions/05-retry-without-waiting/Sources/Kata05/Placeholder.swift",
            ])
        #expect(scaffold.manifestEntry == #"Kata("05-retry-without-waiting", .v6),"#)
        let equivalents = scaffold.files["Solutions/05-retry-without-waiting/EQUIVALENT-MUTANTS.md"] ?? ""
        #expect(equivalents.contains("`kata mutate 5`"))
        #expect(try EquivalentMutants.parse(equivalents).entries.isEmpty, "a new kata lists no mutant, and reads")
        // The alternative's own file: with it, kata verify --mutants holds the alternative too.
        let alternative = scaffold.files["Solutions/05-retry-without-waiting/Alternative/EQUIVALENT-MUTANTS.md"] ?? ""
        #expect(alternative.contains("`kata mutate 5 --alternative`"))
        #expect(try EquivalentMutants.parse(alternative).entries.isEmpty)
        #expect(
            scaffold.files["Katas/05-retry-without-waiting/Package.swift"]?.contains("swiftLanguageModes: [.v6]")
                == true)
        #expect(KataScaffold(metadata: Self.metadata(), languageMode: .v5).manifestEntry.hasSuffix(".v5),"))
    }

    @Test("the starter answers wrongly and the solution rightly, so the test fails on one and passes on the other")
    func placeholderCode() {
        let files = KataScaffold(metadata: Self.metadata(), languageMode: .v6).files
        #expect(
            files["Katas/05-retry-without-waiting/Sources/Kata05/Placeholder.swift"]?.contains(#""starter""#) == true)
        #expect(
            files["Solutions/05-retry-without-waiting/Sources/Kata05/Placeholder.swift"]?.contains(#""solved""#) == true
        )
        #expect(
            files["Katas/05-retry-without-waiting/Tests/Kata05Tests/PlaceholderTests.swift"]?.contains(
                #"#expect(placeholderAnswer() == "solved""#) == true)
    }

    @Test(
        "the README's front matter reads back as the same metadata, however odd the text",
        arguments: [
            metadata(),
            metadata(
                title: #"Say "hi": then #wait \ or not"#, patterns: ["[list]", "a: b", "@unchecked sendable", "null"],
                summary: "true", seed: "- 42"),
            metadata(title: "Null", patterns: ["yes"], summary: "Ça marche, déjà.", seed: "{}"),
        ])
    func frontMatterRoundTrip(metadata: KataMetadata) throws {
        let scaffold = KataScaffold(metadata: metadata, languageMode: .v6)
        let readme = try #require(scaffold.files["\(scaffold.kataFolder)/README.md"])
        let document = try FrontMatter.split(readme, file: "README.md")
        #expect(try FrontMatter.metadata(from: document, file: "README.md") == metadata)
    }

    @Test("the README has every section AUTHORING.md names, and repeats the hints as `kata verify` reads them")
    func readmeSections() throws {
        let scaffold = KataScaffold(metadata: Self.metadata(), languageMode: .v6)
        let readme = try #require(scaffold.files["Katas/05-retry-without-waiting/README.md"])
        let body = try FrontMatter.split(readme, file: "README.md").body
        let headings = body.split(separator: "\n").filter { $0.hasPrefix("#") }
        #expect(
            headings == [
                "# Kata 05 · Retry without waiting", "## The story", "## Why this code is hard to test",
                "## The pattern",
                "## Your task", "## Steps", "## Check your work", "## Hints", "## Further reading",
            ])
        #expect(HintsSection.hints(in: body) == KataScaffold.placeholderHints)
        #expect(body.contains("Placeholder.swift"), "the README tells the author what to replace")
        let notes = try #require(scaffold.files["Solutions/05-retry-without-waiting/SOLUTION.md"])
        #expect(
            notes.split(separator: "\n").filter { $0.hasPrefix("#") } == [
                "# Solution · Retry without waiting", "## What changed", "## Why it works", "## Trade-offs",
                "## In a production codebase", "## The alternative solution",
            ])
    }
}

@Suite("Slugs made from titles")
struct SlugMakingTests {
    @Test(
        "words in lower case, joined by dashes; nothing else survives",
        arguments: [
            ("Retry without waiting", "retry-without-waiting"),
            ("  Don't block the Main Queue!  ", "dont-block-the-main-queue"),
            ("Café crème", "cafe-creme"),
            ("../../etc", "etc"),
            ("a/../b\u{0}c", "a-b-c"),
            ("Async/await, with a clock", "async-await-with-a-clock"),
            ("日本語", ""),
            ("...", ""),
        ])
    func make(title: String, slug: String) {
        #expect(Slug.make(from: title) == slug)
        if !slug.isEmpty { #expect(Slug.isValid(slug)) }
    }

    @Test("a long title is cut at a word boundary")
    func long() {
        let slug = Slug.make(from: String(repeating: "wait for it ", count: 10))
        #expect(slug.count <= Slug.maximumLength)
        #expect(Slug.isValid(slug))
        #expect(slug.hasSuffix("it") || slug.hasSuffix("for") || slug.hasSuffix("wait"))
        #expect(Slug.make(from: String(repeating: "x", count: 80)).count == Slug.maximumLength)
    }
}
