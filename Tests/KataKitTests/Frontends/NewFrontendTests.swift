import Foundation
import TestSupport
import Testing

@testable import KataKit

@Suite("kata new")
struct NewFrontendTests {
    static let existing = ExistingKatas(
        folders: [
            .init(number: 1, slug: "stub-the-dispatcher", path: "Katas/01-stub-the-dispatcher"),
            .init(number: 1, slug: "stub-the-dispatcher", path: "Solutions/01-stub-the-dispatcher"),
            .init(number: 3, slug: "orphan", path: "Solutions/03-orphan"),
        ],
        titles: [(1, "Stub the dispatcher")]
    )

    func refusal(_ request: NewFrontend.Request) -> KataError? {
        do {
            _ = try NewFrontend.scaffold(for: request, existing: Self.existing)
            return nil
        } catch {
            return error as? KataError
        }
    }

    @Test("takes the next free number after every folder, even a solution without its kata")
    func nextNumber() throws {
        let scaffold = try NewFrontend.scaffold(
            for: .init(title: "Retry without waiting", patterns: " Virtual time, TestClock,, testclock "),
            existing: Self.existing
        )
        #expect(scaffold.folderName == "04-retry-without-waiting")
        // Spelled as typed, as in the Swift world; named twice in any case, kept once.
        #expect(scaffold.metadata.patterns == ["Virtual time", "TestClock"])
        #expect(scaffold.metadata.minutes == 30)
        #expect(scaffold.metadata.difficulty == .intermediate)
        #expect(scaffold.languageMode == .v6)
        #expect(scaffold.metadata.summary.hasPrefix("TODO"))
        let chosen = try NewFrontend.scaffold(
            for: .init(title: "Retry", patterns: "fake", number: 2, languageMode: .v5), existing: Self.existing)
        #expect(chosen.folderName == "02-retry")
        #expect(chosen.manifestEntry == #"Kata("02-retry", .v5),"#)
    }

    @Test(
        "refuses bad input with a usage error that names the value",
        arguments: [
            (NewFrontend.Request(title: "  ", patterns: "fake"), "The title is empty."),
            (NewFrontend.Request(title: "../../etc", patterns: "fake"), "The title '../../etc' contains '/'"),
            (NewFrontend.Request(title: "a\u{0}b", patterns: "fake"), "The title contains a control character"),
            (NewFrontend.Request(title: "日本語", patterns: "fake"), "gives no slug"),
            (
                NewFrontend.Request(title: "Stub the Dispatcher!", patterns: "fake"),
                "A kata with the slug 'stub-the-dispatcher' exists already: Katas/01-stub-the-dispatcher."
            ),
            (NewFrontend.Request(title: "Orphan", patterns: "fake"), "exists already: Solutions/03-orphan"),
            (NewFrontend.Request(title: "Retry", patterns: " , "), "--patterns ' , ' names no pattern."),
            (NewFrontend.Request(title: "Retry", patterns: "fake", minutes: 0), "--minutes 0 is out of range"),
            (NewFrontend.Request(title: "Retry", patterns: "fake", minutes: 241), "--minutes 241 is out of range"),
            (
                NewFrontend.Request(title: "Retry", patterns: "fake", number: 3),
                "Kata number 03 is taken by Solutions/03-orphan."
            ),
            (NewFrontend.Request(title: "Retry", patterns: "fake", number: 100), "--number 100 is out of range"),
            (NewFrontend.Request(title: "Retry", patterns: "fake", summary: " "), "--summary is empty."),
        ])
    func refusals(request: NewFrontend.Request, message: String) throws {
        let error = try #require(refusal(request))
        #expect(error.kind == .usage)
        #expect(error.message.contains(message), "\(error.message)")
        #expect(error.advice?.isEmpty == false)
    }

    @Test("writes a kata whose documents, shipped record and example wrong solution already pass verify's rules")
    func writes() throws {
        let repository = try Fixtures.repositoryCopy()
        let captured = CapturedConsole()
        let context = CommandContext(workingDirectory: repository.root, environment: [:], console: captured.console())
        let status = try NewFrontend(context: context).run(
            .init(title: "Retry without waiting", patterns: "virtual time,fake"))
        #expect(status == 0)
        #expect(captured.output.contains("Created Kata 05 · Retry without waiting"))
        let catalog = try KataCatalog.load(from: repository)
        let kata = try catalog.kata(named: "5")
        #expect(kata.metadata.patterns == ["virtual time", "fake"])
        let verifier = KataVerifier(
            repository: repository, runner: CommandRunner(environment: [:]), swift: URL(fileURLWithPath: "/"))
        let documents = verifier.checkDocuments(kata)
        #expect(documents.passed, "\(documents.detail ?? "")")
        let wrongSolutions = kata.wrongSolutions()
        #expect(wrongSolutions.map(\.name) == ["answers-in-capitals"])
        // Stored as a change to the reference, which applies and changes it.
        #expect(try wrongSolutions[0].sourceFiles() != kata.referenceSolution.sourceFiles())
        let notes = try #require(VersionNotes.load(for: wrongSolutions[0]))
        #expect(
            notes.problems(for: wrongSolutions[0], of: kata).isEmpty,
            "the example CHAFF.md quotes the scaffold's Your task")
        #expect(notes.catchingTest == "the placeholder answers as the solution does")
        let manifest = try String(contentsOf: repository.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        #expect(manifest.contains("    Kata(\"04-flaky-kata\", .v5),\n    Kata(\"05-retry-without-waiting\", .v6),\n]"))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: repository.katasDirectory.path).filter {
            $0.hasPrefix(".")
        }
        #expect(leftovers.isEmpty)
    }

    @Test(
        "writes a tests kata: its code, two correct versions, a buggy one and the reference tests, notes that quote its promises"
    )
    func writesATestsKata() throws {
        let repository = try Fixtures.repositoryCopy()
        let context = CommandContext(
            workingDirectory: repository.root, environment: [:], console: CapturedConsole().console())
        let status = try NewFrontend(context: context).run(
            .init(title: "Catch it with a stub", patterns: "synchronous stub", kind: .tests))
        #expect(status == 0)
        let kata = try KataCatalog.load(from: repository).kata(named: "5")
        #expect(kata.metadata.kind == .tests)
        #expect(kata.correctVersions().map(\.name) == ["answers-backwards-reversed", "answers-in-pieces"])
        #expect(kata.buggyVersions().map(\.name) == ["answers-in-capitals"])
        for version in kata.correctVersions() + kata.buggyVersions() {
            #expect(try version.sourceFiles() != kata.shippedCode.sourceFiles(), "\(version.label) changes the code")
            let notes = try #require(VersionNotes.load(for: version))
            #expect(notes.problems(for: version, of: kata).isEmpty, "\(version.label)")
        }
        #expect(
            FileManager.default.fileExists(
                atPath: kata.referenceTestsDirectory.appendingPathComponent("PlaceholderTests.swift").path))
        let verifier = KataVerifier(
            repository: repository, runner: CommandRunner(environment: [:]), swift: URL(fileURLWithPath: "/"))
        #expect(verifier.checkDocuments(kata).passed)
        let manifest = try String(contentsOf: repository.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        #expect(manifest.contains(#"Kata("05-catch-it-with-a-stub", .v6, kind: .tests),"#))
        #expect(
            try ShippedRecord.load(for: kata).files.keys.contains(
                "Wheats/answers-in-pieces.patch"))
    }

    @Test("a manifest without the katas list creates nothing and says which line to add")
    func noList() throws {
        let repository = try Fixtures.repositoryCopy()
        let manifestURL = repository.root.appendingPathComponent("Package.swift")
        try "import PackageDescription\nlet package = Package(name: \"P\")\n".write(
            to: manifestURL, atomically: true, encoding: .utf8)
        let context = CommandContext(
            workingDirectory: repository.root, environment: [:], console: CapturedConsole().console())
        let error = try #require(throws: KataError.self) {
            try NewFrontend(context: context).run(.init(title: "Retry", patterns: "fake"))
        }
        #expect(error.kind == .invalidCatalog)
        #expect(error.message.contains(#"`Kata("05-retry", .v6),`"#))
        #expect(
            !FileManager.default.fileExists(atPath: repository.katasDirectory.appendingPathComponent("05-retry").path))
    }

    @Test("when writing fails halfway, what this run wrote is removed and everything else is untouched")
    func rollsBack() throws {
        let repository = try Fixtures.repositoryCopy()
        let scaffold = try NewFrontend.scaffold(
            for: .init(title: "Retry", patterns: "fake"), existing: ExistingKatas(repository: repository))
        // The solution's folder appears after the checks: the kata's folder is already in place then.
        let intruder = repository.solutionsDirectory.appendingPathComponent(scaffold.folderName)
        try Fixtures.write("someone else's", to: intruder.appendingPathComponent("keep.txt"))
        let manifestURL = repository.root.appendingPathComponent("Package.swift")
        let manifestBefore = try Data(contentsOf: manifestURL)
        #expect(throws: KataError.self) {
            try ScaffoldInstaller(repository: repository).install(scaffold, manifest: "changed")
        }
        #expect(
            !FileManager.default.fileExists(
                atPath: repository.katasDirectory.appendingPathComponent(scaffold.folderName).path))
        #expect(
            try String(contentsOf: intruder.appendingPathComponent("keep.txt"), encoding: .utf8) == "someone else's")
        #expect(try FileManager.default.contentsOfDirectory(atPath: intruder.path) == ["keep.txt"])
        #expect(try Data(contentsOf: manifestURL) == manifestBefore)
        for folder in [repository.katasDirectory, repository.solutionsDirectory] {
            #expect(
                try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix(".") }.isEmpty)
        }
    }
}
