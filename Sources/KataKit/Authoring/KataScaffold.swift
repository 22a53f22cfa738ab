import Foundation

/// The files of a new kata, as `kata new` writes them: a package whose starter builds and whose
/// test fails against it, a reference solution and an alternative that pass, one wrong solution
/// that the test catches, a README with the front matter and every section AUTHORING.md names,
/// and `SOLUTION.md`. The code is a placeholder (a function that answers wrongly in the starter
/// and rightly in the solutions), so every rule of `kata verify` holds from the first minute but
/// one: the kata needs four more wrong solutions, which only its author can write.
///
/// The files are plain data, keyed by their path in the repository, so tests can read them
/// without touching a disk:
///
/// ```swift
/// let scaffold = KataScaffold(metadata: metadata, languageMode: .v6)
/// scaffold.files["Katas/05-retry-without-waiting/README.md"]   // front matter, then the lesson's skeleton
/// scaffold.manifestEntry                                       // Kata("05-retry-without-waiting", .v6),
/// ```
public struct KataScaffold: Sendable, Equatable {
    /// The Swift language mode of the kata's package and of its line in the root `Package.swift`.
    public enum LanguageMode: String, Sendable, CaseIterable {
        case v5 = "5"
        case v6 = "6"

        /// How `Package.swift` spells it: `.v6`.
        public var manifestName: String { ".v" + rawValue }
    }

    public var metadata: KataMetadata
    public var languageMode: LanguageMode

    public init(metadata: KataMetadata, languageMode: LanguageMode) {
        self.metadata = metadata
        self.languageMode = languageMode
    }

    /// The hints a new kata starts with: the front matter needs two, and the README repeats them.
    public static let placeholderHints = [
        "TODO: a gentle nudge. What does the starter reach for by itself that a test would rather hand it?",
        "TODO: nearly the answer: the type, method or `init` label to write.",
    ]

    public var id: String { Kata.id(metadata.number) }
    /// `05-retry-without-waiting`
    public var folderName: String { "\(id)-\(metadata.slug)" }
    public var moduleName: String { "Kata\(id)" }
    public var kataFolder: String { "Katas/\(folderName)" }
    public var solutionFolder: String { "Solutions/\(folderName)" }

    /// The line `kata new` adds to the `katas` list of the root `Package.swift`.
    public var manifestEntry: String {
        let kind = metadata.kind == .tests ? ", kind: .tests" : ""
        return "Kata(\"\(folderName)\", \(languageMode.manifestName)\(kind)),"
    }

    /// Every file, by its path relative to the repository root.
    public var files: [String: String] {
        if metadata.kind == .tests { return testsKataFiles }
        let placeholder = "Sources/\(moduleName)/Placeholder.swift"
        return [
            "\(kataFolder)/Package.swift": package,
            "\(kataFolder)/README.md": readme,
            "\(kataFolder)/\(placeholder)": starter,
            "\(kataFolder)/Tests/\(moduleName)Tests/PlaceholderTests.swift": test,
            "\(solutionFolder)/\(placeholder)": solution,
            "\(solutionFolder)/Alternative/\(placeholder)": alternativeSolution,
            "\(solutionFolder)/Chaffs/\(Self.exampleWrongSolution).\(VersionChange.fileExtension)": Self.change(
                notes: wrongSolutionNotes, from: solution, to: wrongSolution, at: placeholder),
            "\(solutionFolder)/SOLUTION.md": solutionNotes,
            "\(solutionFolder)/\(EquivalentMutants.fileName)": equivalentMutants,
            "\(solutionFolder)/Alternative/\(EquivalentMutants.fileName)": alternativeEquivalentMutants,
        ]
    }

    /// The alternative's equivalent-mutants file: with it, `kata verify --mutants` holds the
    /// alternative's mutants to the rule too.
    var alternativeEquivalentMutants: String {
        """
        # Equivalent mutants of kata \(metadata.number), the alternative solution

        `kata mutate \(metadata.number) --alternative` runs the kata's tests against mutants of the
        alternative solution, where it differs from the starter: the same slips in a design the tests
        were not written beside. The rules are those of `../EQUIVALENT-MUTANTS.md`; at most one mutant
        in five of the two designs together belongs in the two files.

        """
    }

    /// The equivalent-mutants file a new kata starts with: what belongs in it, and no entry.
    var equivalentMutants: String {
        """
        # Equivalent mutants of kata \(metadata.number)

        `kata mutate \(metadata.number)` runs the kata's tests against mutants of \(
            metadata.kind == .tests ? "the shipped code" : "the reference solution, where it differs from the starter"
        ). Every mutant must be killed by an assertion, or listed here: a heading with its id (as
        `kata mutate` prints it), then why no test can tell it apart. Either no behaviour differs (say
        why), or the README leaves the difference open (quote the sentence). At most one mutant in
        five belongs here; more means the tests or the README say too little (AUTHORING.md, "Mutants").

        """
    }

    /// A version as it is stored: its notes above the diff from `base` to `version`, one file's.
    static func change(notes: String, from base: String, to version: String, at path: String) -> String {
        VersionChange(
            file: nil, notes: notes,
            diff: UnifiedDiff.between([path: Data(base.utf8)], [path: Data(version.utf8)])
        ).text
    }

    var package: String {
        """
        // swift-tools-version:6.0
        import PackageDescription

        let package = Package(
            name: "\(moduleName)",
            targets: [
                .target(name: "\(moduleName)", path: "Sources/\(moduleName)"),
                .testTarget(name: "\(moduleName)Tests", dependencies: ["\(moduleName)"], \
        path: "Tests/\(moduleName)Tests"),
            ],
            swiftLanguageModes: [\(languageMode.manifestName)]
        )

        """
    }

    var starter: String {
        """
        /// A placeholder from `kata new`: the starter answers "starter", the test expects "solved",
        /// so the kata's test fails here as every kata's must. Replace this file with the kata's
        /// starter code: code that works but cannot be tested quickly and deterministically.
        func placeholderAnswer() -> String {
            "starter"
        }

        """
    }

    var solution: String {
        """
        /// A placeholder from `kata new`, the reference solution's twin of the starter's: it
        /// answers as the test expects. Replace this folder with the complete reference module.
        func placeholderAnswer() -> String {
            "solved"
        }

        """
    }

    var alternativeSolution: String {
        """
        /// A placeholder from `kata new`, for the second, differently built solution: it answers
        /// as the test expects, in another way. Replace this folder with a complete module that
        /// passes the kata's tests by a design the reference does not use (another storage,
        /// synchronisation or mechanism), so the tests are proved to hold a learner to the
        /// contract, not to one design.
        func placeholderAnswer() -> String {
            String("devlos".reversed())
        }

        """
    }

    /// The folder of the one wrong solution a new kata starts with, an example of the layout.
    static let exampleWrongSolution = "answers-in-capitals"

    var wrongSolution: String {
        """
        /// A placeholder from `kata new`: a wrong solution, one misconception away from a correct
        /// one, that the kata's tests must catch. Stored as a change to the reference: open it with
        /// `kata version edit`, make it one misconception a learner could bring, and write four more.
        func placeholderAnswer() -> String {
            "SOLVED"
        }

        """
    }

    var wrongSolutionNotes: String {
        """
        # Answers in capitals

        "TODO: the misconception, in the learner's own words: why a learner who half-understood the \
        lesson would write this. (A placeholder from `kata new`: \"an answer is an answer, whatever its case.\")"

        ## Breaks

        > `placeholderAnswer()` answers `"solved"`

        ## Caught by

        `the placeholder answers as the solution does`: TODO: how the test catches it, in a sentence.

        """
    }

    var test: String {
        """
        import Testing
        @testable import \(moduleName)

        /// A placeholder from `kata new`: it fails against the starter and passes against the
        /// reference solution, the two rules `kata verify` checks. Replace it with the kata's tests.
        @Suite("Placeholder")
        struct PlaceholderTests {
            @Test("the placeholder answers as the solution does")
            func placeholder() {
                #expect(placeholderAnswer() == "solved", "A placeholder from `kata new`: replace it with the kata's \
        own tests and starter.")
            }
        }

        """
    }

    /// The README's front matter, `---` lines included.
    var frontMatter: String {
        let kind = metadata.kind == .tests ? "kind: tests\n" : ""
        let patterns = metadata.patterns.map { YAMLText.scalar($0, inFlowSequence: true) }.joined(separator: ", ")
        return """
            ---
            number: \(metadata.number)
            title: \(YAMLText.scalar(metadata.title))
            slug: \(YAMLText.scalar(metadata.slug))
            \(kind)patterns: [\(patterns)]
            seed: \(YAMLText.scalar(metadata.seed))
            minutes: \(metadata.minutes)
            difficulty: \(metadata.difficulty.rawValue)
            summary: \(YAMLText.scalar(metadata.summary))
            hints:
            \(metadata.hints.map { "  - " + YAMLText.scalar($0) }.joined(separator: "\n"))
            ---
            """
    }

    /// The README's `## Hints` section body: one `<details>` block per hint.
    var hintBlocks: String {
        metadata.hints.enumerated().map { index, hint in
            "<details><summary>Hint \(index + 1)</summary>\n\n\(hint)\n\n</details>"
        }.joined(separator: "\n")
    }

    var readme: String {
        let number = metadata.number
        return """
            \(frontMatter)

            # Kata \(id) · \(metadata.title)

            TODO: one paragraph: what the learner will be able to do after this kata.

            ## The story

            TODO: a short, realistic situation: the app, the team, the code as shipped, and why it
            matters now.

            ## Why this code is hard to test

            TODO: the starter's problem in plain words, and the test one would otherwise write (slow,
            flaky or impossible) as a code block, with what goes wrong when it runs.

            ## The pattern

            TODO: the idea, with a small diagram (ASCII in a code block) or a table of the roles
            involved.

            ## Your task

            TODO: what to build, naming the seam exactly: the type names, method signatures and
            `init` labels the tests use. Say what may be designed freely.

            For now the kata is a placeholder from `kata new`: `placeholderAnswer()` answers `"solved"`.
            Replace it with the kata:

            - `Sources/\(moduleName)/Placeholder.swift`: the starter, which answers wrongly;
            - `Tests/\(moduleName)Tests/PlaceholderTests.swift`: the test, which expects the right answer;
            - `\(solutionFolder)/Sources/\(moduleName)`: the reference solution, which gives it;
            - `\(solutionFolder)/Alternative/Sources/\(moduleName)`: a second solution, built differently;
            - `\(solutionFolder)/Chaffs/<name>`: at least five wrong solutions, one misconception each, with
              a `CHAFF.md` that quotes the sentence of this section it breaks (see \
            `Chaffs/\(Self.exampleWrongSolution)`).

            Then run `kata ship \(number)` and `kata verify \(number)`.

            ## Steps

            1. TODO: a numbered list of small steps, each leaving the code compiling where possible.

            ## Check your work

            Run `swift run kata check \(number)` from the repository root, or `swift test` in this folder.
            TODO: show what a pass looks like, and how long it takes.

            ## Hints

            \(hintBlocks)

            ## Further reading

            TODO: the production-grade libraries that do the same job, and the topics of the articles
            the kata grew from.

            """
    }

    var solutionNotes: String {
        """
        # Solution · \(metadata.title)

        ## What changed

        TODO: the files the solution adds or changes, and what each change does.

        ## Why it works

        TODO: why the tests now pass in milliseconds, without sleeping, every time.

        ## Trade-offs

        TODO: what this design costs, and the alternatives it was weighed against.

        ## In a production codebase

        TODO: how teams do this in a real app, and the libraries that do the same job.

        ## The alternative solution

        TODO: how `Alternative/` is built differently, and why the tests accept both.

        """
    }
}
