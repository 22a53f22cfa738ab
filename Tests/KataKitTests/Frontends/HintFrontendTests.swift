import Foundation
import TestSupport
import Testing

@testable import KataKit

@Suite("kata hint")
struct HintFrontendTests {
    /// A frontend on a fresh copy of the fixture repository, and what it says.
    private func frontend() throws -> (HintFrontend, KataRepository, CapturedConsole) {
        let repository = try Fixtures.repositoryCopy()
        let captured = CapturedConsole()
        let context = CommandContext(workingDirectory: repository.root, environment: [:], console: captured.console())
        return (HintFrontend(context: context), repository, captured)
    }

    @Test("counts the hints shown, one per call, and stops counting after the last")
    func counting() throws {
        let (frontend, repository, captured) = try frontend()
        let catalog = try KataCatalog.load(from: repository)
        var kata = catalog.katas[0]
        kata.metadata.hints = ["First, `a`.", "Second.", "Third."]
        let store = ProgressStore(file: repository.stateFile)

        for expected in 1...3 {
            #expect(frontend.run(kata: kata, in: repository, all: false) == ExitStatus.success)
            #expect(store.load().progress.hintsShown(of: kata) == expected)
        }
        #expect(
            captured.output.contains(
                "Hint 1 of 3 · Kata 01 · Already solved\nFirst, `a`.\n\n2 hints left: `kata hint 1` shows the next"))
        #expect(captured.output.contains("Hint 2 of 3 · Kata 01 · Already solved\nSecond.\n\n1 hint left:"))
        #expect(
            captured.output.contains(
                "Hint 3 of 3 · Kata 01 · Already solved\nThird.\n\nThat was the last hint. Once the kata passes, `kata solution 1`"
            ))

        #expect(frontend.run(kata: kata, in: repository, all: false) == ExitStatus.success)
        #expect(store.load().progress.hintsShown(of: kata) == 3)
        #expect(captured.output.contains("You have seen all 3 hints of Kata 01 · Already solved. Here they are again:"))
        #expect(store.load().progress.status(of: kata) == .notStarted)
        #expect(captured.errors.isEmpty)
    }

    @Test("--all shows every hint and records them all; a passed kata points straight at its solution")
    func all() throws {
        let (frontend, repository, captured) = try frontend()
        let kata = try KataCatalog.load(from: repository).katas[1]
        let store = ProgressStore(file: repository.stateFile)
        try store.record(.passed, for: kata)
        #expect(frontend.run(kata: kata, in: repository, all: true) == ExitStatus.success)
        #expect(
            captured.output.hasPrefix(
                "Here are all 2 hints of Kata 02 · Fix the greeting:\n\nHint 1 of 2\nLook at `greeting(for:)`.\n\nHint 2 of 2\n"
            ))
        #expect(captured.output.hasSuffix("\n`kata solution 2` shows the reference solution.\n"))
        #expect(store.load().progress.hintsShown(of: kata) == 2)
        #expect(store.load().progress.status(of: kata) == .passed)
    }

    @Test("in the learner edition, the last hint says where solutions come from, not `kata solution`")
    func learnerEdition() throws {
        let (frontend, repository, captured) = try frontend()
        let edition = LearnerEdition(solutions: "Ask Grace for the solutions on Friday.")
        try Data(edition.json().utf8).write(to: repository.root.appendingPathComponent(LearnerEdition.fileName))
        let kata = try KataCatalog.load(from: repository).katas[1]
        #expect(frontend.run(kata: kata, in: repository, all: true) == ExitStatus.success)
        #expect(captured.output.hasSuffix("\nAsk Grace for the solutions on Friday.\n"))
        #expect(!captured.output.contains("kata solution"))
    }

    @Test("a count larger than the hints (an author removed one) shows them all without going further")
    func fewerHintsThanCounted() throws {
        let (frontend, repository, captured) = try frontend()
        let kata = try KataCatalog.load(from: repository).katas[0]
        try ProgressStore(file: repository.stateFile).recordHintsShown(5, for: kata)
        #expect(frontend.run(kata: kata, in: repository, all: false) == ExitStatus.success)
        #expect(captured.output.hasPrefix("You have seen all 2 hints of Kata 01 · Already solved."))
    }

    @Test("a kata without hints says so and points at its instructions")
    func noHints() throws {
        let (frontend, repository, captured) = try frontend()
        var kata = try KataCatalog.load(from: repository).katas[0]
        kata.metadata.hints = []
        #expect(frontend.run(kata: kata, in: repository, all: false) == ExitStatus.success)
        #expect(
            captured.output
                == "Kata 01 · Already solved has no hints. `kata show 1` has the whole story: the pattern, your task and the steps.\n"
        )
        #expect(!FileManager.default.fileExists(atPath: repository.stateFile.path), "nothing to remember")
    }

    @Test("a progress file that cannot be written still shows the hint, with a warning")
    func unwritable() throws {
        let (frontend, repository, captured) = try frontend()
        try Fixtures.write("in the way", to: repository.root.appendingPathComponent(".kata"))
        #expect(try frontend.run(kata: "1") == ExitStatus.success)
        #expect(captured.output.hasPrefix("Hint 1 of 2 · Kata 01 · Already solved\nLook at `greeting(for:)`."))
        #expect(captured.errors.hasPrefix("warning: Could not save your progress"))
    }
}
