import Foundation
import TestSupport
import Testing

@testable import KataKit

@Suite("Wrong solutions: their notes, and what counts as caught")
struct WrongSolutionTests {
    static let notes = """
        # Forgets the exclamation mark

        "The name is the point;
        punctuation is decoration."

        ## Breaks

        > then the name,   then
        > `!`

        ## Caught by

        `greets by name`: "Hello, Ada" lacks the "!".
        """

    static func fixtureKata() throws -> Kata {
        try KataCatalog.load(from: try Fixtures.repositoryCopy()).kata(named: "2")
    }

    static func wrong(of kata: Kata) -> KataVersion {
        kata.wrongSolutions()[0]
    }

    @Test("CHAFF.md reads as a title, the misconception, the quoted sentence and the catching test")
    func parses() {
        let notes = VersionNotes(parsing: Self.notes)
        #expect(notes.title == "Forgets the exclamation mark")
        #expect(notes.misconception == #""The name is the point; punctuation is decoration.""#)
        #expect(notes.brokenSentence == "then the name, then `!`")
        #expect(notes.catchingTest == "greets by name")
    }

    @Test("a quote reflowed over other lines matches Your task; a quote with another word does not")
    func quoteMustStandInYourTask() throws {
        let kata = try Self.fixtureKata()
        #expect(VersionNotes(parsing: Self.notes).problems(for: Self.wrong(of: kata), of: kata).isEmpty)

        let changed = Self.notes.replacingOccurrences(of: "then the name,", with: "then their name,")
        #expect(
            VersionNotes(parsing: changed).problems(for: Self.wrong(of: kata), of: kata) == [
                #"the sentence it quotes is not in the README's "Your task": "then their name, then `!`""#
            ])
    }

    @Test("a sentence quoted from outside Your task does not count")
    func quoteFromAnotherSection() throws {
        let kata = try Self.fixtureKata()
        // "A fixture kata." stands in the README's introduction, above "Your task".
        let elsewhere = Self.notes.replacingOccurrences(of: "> then the name,   then\n> `!`", with: "> A fixture kata.")
        #expect(VersionNotes(parsing: elsewhere).problems(for: Self.wrong(of: kata), of: kata).count == 1)
    }

    @Test("notes without a title, misconception, quote or test say what is missing; a TODO names no test")
    func incompleteNotes() throws {
        let kata = try Self.fixtureKata()
        let problems = VersionNotes(parsing: "## Breaks\n\nnothing quoted\n\n## Caught by\n\n`TODO`\n")
            .problems(for: Self.wrong(of: kata), of: kata)
        #expect(
            problems == [
                "it has no `# title` naming the version",
                "it does not say the misconception under its title, in the learner's words",
                "its `## Breaks` section quotes no sentence of \"Your task\" (a `> ` block quote)",
                "its `## Caught by` section names no test in backticks",
            ])
    }

    @Test("a kata's wrong solutions are the .patch files of Chaffs, by name; other files and folders are not")
    func findsWrongSolutions() throws {
        let kata = try Self.fixtureKata()
        let chaffs = kata.wrongSolutionsDirectory
        try Fixtures.write("notes", to: chaffs.appendingPathComponent("README.md"))
        try FileManager.default.createDirectory(
            at: chaffs.appendingPathComponent(".hidden"), withIntermediateDirectories: true)
        try Fixtures.write("diff", to: chaffs.appendingPathComponent(".hidden.patch"))
        try FileManager.default.createDirectory(
            at: chaffs.appendingPathComponent("open-for-editing"), withIntermediateDirectories: true)
        let versions = kata.wrongSolutions()
        #expect(
            versions.map(\.name) == [
                "forgets-the-exclamation", "greets-a-friend", "greets-twice", "says-hi", "shouts-the-name",
            ])
        #expect(versions.allSatisfy { $0.role == .wrong && !$0.isCorrect })
        #expect(versions[0].label == "Solutions/02-failing-kata/Chaffs/forgets-the-exclamation")
        #expect(versions[0].change?.file?.lastPathComponent == "forgets-the-exclamation.patch")
        #expect(versions[0].notesFile.lastPathComponent == "forgets-the-exclamation.patch")
        let greeter = try #require(try versions[0].sourceFiles()["Greeter.swift"])
        #expect(!String(decoding: greeter, as: UTF8.self).contains("!\""), "the change drops the exclamation mark")
        #expect(kata.referenceSolution.label == "Solutions/02-failing-kata")
        #expect(kata.alternativeSolution.label == "Solutions/02-failing-kata/Alternative")
        #expect(kata.referenceSolution.isCorrect && kata.alternativeSolution.isCorrect)
    }

    static func failing(_ message: String) -> TestRunSummary {
        TestRunSummary(
            outcome: .testsFailed, failedTests: ["greets by name"],
            failures: [.init(test: "greets by name", file: "GreeterTests.swift", line: 7, message: message)])
    }

    @Test("caught: the tests failed by an assertion within the deadline")
    func caught() {
        #expect(KataVerifier.escape(of: Self.failing("Expectation failed: …"), elapsed: .milliseconds(300)) == nil)
    }

    @Test(
        "escaped: a failure only by a time limit, from Swift Testing or XCTest, names no misconception",
        arguments: [
            "Time limit was exceeded: 60.000 seconds",
            "Asynchronous wait failed - Exceeded timeout of 1.0 seconds, with unfulfilled expectations: \"done\"",
            "Asynchronous wait failed - Interrupted by timeout of containing waiter",
        ])
    func onlyByTimeLimit(message: String) throws {
        let escape = try #require(KataVerifier.escape(of: Self.failing(message), elapsed: .milliseconds(300)))
        #expect(escape.hasPrefix("it failed only by a time limit (`greets by name`: "))
    }

    @Test("escaped: an assertion beside a time limit still counts, but only within the deadline")
    func slow() throws {
        var report = Self.failing("Time limit was exceeded: 60.000 seconds")
        report.failures.append(.init(test: "b", file: "B.swift", line: 1, message: "Expectation failed: x"))
        #expect(KataVerifier.escape(of: report, elapsed: .seconds(2)) == nil)
        #expect(
            KataVerifier.escape(of: report, elapsed: .milliseconds(6_200))
                == "the first test failed only after 6.2 s; a wrong solution must be caught within 5 s")
    }

    @Test("escaped: passing, hanging and crashing runs say so")
    func otherOutcomes() {
        #expect(KataVerifier.escape(of: TestRunSummary(outcome: .passed), elapsed: .zero) == "it passed every test")
        let hung = TestRunSummary(
            outcome: .timedOut, unfinishedTests: [.init(name: "waits for the reply", file: "T.swift", line: 3)])
        #expect(
            KataVerifier.escape(of: hung, elapsed: .seconds(15))
                == "the run hung and was stopped after 15 s (still running: `waits for the reply`)")
        let crashed = TestRunSummary(outcome: .crashed, otherErrors: ["Fatal error: resumed twice"])
        #expect(
            KataVerifier.escape(of: crashed, elapsed: .zero)
                == "the test process crashed before an assertion caught it: Fatal error: resumed twice")
    }
}
