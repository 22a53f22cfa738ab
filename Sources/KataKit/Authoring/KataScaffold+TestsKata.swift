/// `kata new --kind tests`: a kata where the learner writes the tests. The placeholder code is
/// correct (it answers "solved"); the starter test compiles, passes everywhere and catches no
/// bug; two correct versions put the answer together differently, and one buggy version answers
/// in capitals; the reference tests catch it. Every rule of `kata verify` holds from the first
/// minute but one: a tests kata needs four more buggy versions, which only its author can write.
extension KataScaffold {
    /// The folders of the correct versions a new tests kata starts with, and of its buggy one.
    static let exampleCorrectVersions = ["answers-backwards-reversed", "answers-in-pieces"]

    var testsKataFiles: [String: String] {
        let placeholder = "Sources/\(moduleName)/Placeholder.swift"
        let tests = "Tests/\(moduleName)Tests/PlaceholderTests.swift"
        let shipped = shippedCode(answer: #""solved""#)
        var files = [
            "\(kataFolder)/Package.swift": package,
            "\(kataFolder)/README.md": testsReadme,
            "\(kataFolder)/\(placeholder)": shipped,
            "\(kataFolder)/\(tests)": starterTests,
            "\(kataFolder)/Chaffs/\(Self.exampleWrongSolution).\(VersionChange.fileExtension)": Self.change(
                notes: buggyVersionNotes, from: shipped, to: shippedCode(answer: #""SOLVED""#), at: placeholder),
            "\(solutionFolder)/\(tests)": referenceTests,
            "\(solutionFolder)/SOLUTION.md": testsSolutionNotes,
            "\(solutionFolder)/\(EquivalentMutants.fileName)": equivalentMutants,
        ]
        let answers = [#"String("devlos".reversed())"#, #"["sol", "ved"].joined()"#]
        for (name, answer) in zip(Self.exampleCorrectVersions, answers) {
            let notes = correctVersionNotes(
                doing:
                    "It puts the answer together from "
                    + "\(name == "answers-in-pieces" ? "two pieces" : "its letters backwards")."
            )
            files["\(kataFolder)/Wheats/\(name).\(VersionChange.fileExtension)"] = Self.change(
                notes: notes, from: shipped, to: shippedCode(answer: answer), at: placeholder)
        }
        return files
    }

    func shippedCode(answer: String) -> String {
        """
        /// A placeholder from `kata new --kind tests`: the code under test, which the learner reads
        /// and tests but never changes. Replace it (and every version in Wheats/ and Chaffs/) with
        /// the kata's code: correct, and testable through public seams.
        public func placeholderAnswer() -> String {
            \(answer)
        }

        """
    }

    var starterTests: String {
        """
        import Testing
        import \(moduleName)

        /// A placeholder from `kata new --kind tests`: the learner's tests start here. This one
        /// passes on every version and catches no bug; the learner adds the tests that do.
        @Suite("Placeholder")
        struct PlaceholderTests {
            @Test("answers something")
            func answersSomething() {
                #expect(!placeholderAnswer().isEmpty)
            }
        }

        """
    }

    var referenceTests: String {
        """
        import Testing
        import \(moduleName)

        /// A placeholder from `kata new --kind tests`: the reference tests, valid on every correct
        /// version and failing on every buggy one. Replace them with the kata's own.
        @Suite("Placeholder")
        struct PlaceholderTests {
            @Test("answers solved, in small letters")
            func answersSolved() {
                #expect(placeholderAnswer() == "solved", "placeholderAnswer() should answer \\"solved\\".")
            }
        }

        """
    }

    func correctVersionNotes(doing difference: String) -> String {
        """
        # \(difference.dropFirst(3).prefix { $0 != "." }.capitalizedFirst)

        \(difference) TODO: what this correct version does differently, as a learner whose test rejected it \
        needs to hear it.

        ## Allowed by

        > Left open: how it puts the answer together.

        """
    }

    var buggyVersionNotes: String {
        """
        # Answers in capitals

        "TODO: the misconception, in the words of whoever wrote the bug. (A placeholder from `kata new`: \\
        \\"an answer is an answer, whatever its case.\\")"

        ## Breaks

        > `placeholderAnswer()` answers `"solved"`, in small letters.

        ## Nudge

        TODO: a question that points the learner at what to test, never at the bug. Does any test look at the \
        letters of the answer?

        ## Caught by

        `answers solved, in small letters`: TODO: how the reference test catches it.

        """
    }

    var testsReadme: String {
        let number = metadata.number
        return """
            \(frontMatter)

            # Kata \(id) · \(metadata.title)

            TODO: one paragraph: what the learner will be able to test after this kata.

            ## The story

            TODO: a short, realistic situation: the app, the team, and why these tests matter now.

            ## The code

            TODO: what `Sources/\(moduleName)` holds: the types, the seams, how a test builds the subject.
            For now it is a placeholder from `kata new --kind tests`: `placeholderAnswer()`.

            ## What the code promises

            - `placeholderAnswer()` answers `"solved"`, in small letters.

            Left open: how it puts the answer together.

            TODO: replace the placeholder promise with the kata's: one observable promise a bullet,
            each a sentence a test can check deterministically. Every buggy version in `Chaffs/`
            breaks one of them; every correct version in `Wheats/` takes a freedom "Left open" names.

            ## The technique

            TODO: the testing technique, with a small example, and why a sleep or a real queue fails.

            ## Your task

            Write tests in `Tests/\(moduleName)Tests` that pin down every promise above. `kata check \(number)`
            runs them against the shipped code, \(Self.exampleCorrectVersions.count) other correct versions \
            (`Wheats/`) and the buggy
            ones (`Chaffs/`): they must pass on every correct version in every run (valid), fail on every
            buggy one (thorough), and never wait on the real clock (fast). Leave `Sources/`, `Wheats/` and
            `Chaffs/` as they are, and use `import \(moduleName)`, not `@testable import`.

            ## Steps

            1. TODO: a numbered list of small steps, the first ones leaving a passing, valid suite.

            ## Check your work

            Run `swift run kata check \(number)` from the repository root. TODO: show what a pass looks like.

            ## Hints

            \(hintBlocks)

            ## Further reading

            TODO: the production-grade libraries that do the same job, and the topics of the articles
            the kata grew from.

            """
    }

    var testsSolutionNotes: String {
        """
        # Solution · \(metadata.title)

        ## What the tests check

        TODO: each promise, and the test that pins it down.

        ## Why they pass on every correct version

        TODO: what the tests do not assume, and which freedom each correct version takes.

        ## Which test catches which bug

        TODO: one line per buggy version.

        ## Trade-offs

        TODO: what these tests cost, and the alternatives they were weighed against.

        ## In a production codebase

        TODO: how teams test this in a real app, and the libraries that help.

        """
    }
}

extension Substring {
    /// `"puts the answer"` → `"Puts the answer"`.
    fileprivate var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
