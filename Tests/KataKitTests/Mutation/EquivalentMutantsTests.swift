import Foundation
import TestSupport
import Testing

@testable import KataKit

@Suite("The equivalent-mutants file: each listed mutant with its reason")
struct EquivalentMutantsTests {
    @Test("each `## \\`id\\`` heading lists a mutant, and the text below it, trimmed, is its reason")
    func reads() throws {
        let file = try EquivalentMutants.parse(
            """
            # Equivalent mutants

            Mutants no test can tell from the reference solution.

            ## `swap-statements:Inbox.swift:refresh:3f2a9c`

            No behaviour differs: both statements only set flags
            the next turn of the main queue reads.

            ## `off-by-one:Retrier.swift:retry:81be02`

            > how many times it retries is yours to choose
            """)
        #expect(
            file.entries.map(\.id) == [
                "swap-statements:Inbox.swift:refresh:3f2a9c", "off-by-one:Retrier.swift:retry:81be02",
            ])
        #expect(
            file.reason(for: "swap-statements:Inbox.swift:refresh:3f2a9c")
                == "No behaviour differs: both statements only set flags\nthe next turn of the main queue reads.")
        #expect(
            file.reason(for: "off-by-one:Retrier.swift:retry:81be02")
                == "> how many times it retries is yours to choose")
        #expect(file.reason(for: "delete-call:Inbox.swift:refresh:000000") == nil)
    }

    @Test("the learner edition, which has no Solutions/, reads the ids from the tests kata's version pack")
    func fromThePack() throws {
        let repository = KataRepository(root: try Fixtures.copy("tests-repository", purpose: "equivalents-pack"))
        let kata = try KataCatalog.load(from: repository).kata(named: "1")
        let file = EquivalentMutants.url(for: kata)
        try Data(
            """
            ## `delete-call:TapCounter.swift:TapCounter.tap:0a1b2c3d`

            No behaviour differs: nobody listens.

            ## Not mutated: `LiveClock`

            It reads the wall clock, which no test may.
            """.utf8
        ).write(to: file)
        let pack = try VersionPack(kata: kata)
        #expect(pack.equivalentMutants == ["delete-call:TapCounter.swift:TapCounter.tap:0a1b2c3d"])
        #expect(pack.notMutated == ["LiveClock"])
        let packed = kata.directory.appendingPathComponent("\(VersionPack.folderName)/\(VersionPack.fileName)")
        try FileManager.default.createDirectory(
            at: packed.deletingLastPathComponent(), withIntermediateDirectories: true)
        try pack.encoded().write(to: packed)
        try FileManager.default.removeItem(at: kata.solutionDirectory)
        let read = try EquivalentMutants.load(for: kata)
        #expect(read.entries.map(\.id) == ["delete-call:TapCounter.swift:TapCounter.tap:0a1b2c3d"])
        #expect(read.exclusion(covering: "LiveClock.now")?.declaration == "LiveClock")
    }

    @Test("a heading without an id in backticks, an entry without a reason, or one listed twice: refused, by line")
    func refuses() {
        #expect(throws: EquivalentMutants.Problem.self) {
            try EquivalentMutants.parse("## swap-statements\n\nreason\n")
        }
        do {
            _ = try EquivalentMutants.parse("# E\n\n## `a`\n\n## `b`\n\nfine\n")
            Issue.record("an entry without a reason was read")
        } catch let problem as EquivalentMutants.Problem {
            #expect(problem.line == 3)
            #expect(problem.reason == "`a` has no reason below it")
        } catch {
            Issue.record("unexpected \(error)")
        }
        do {
            _ = try EquivalentMutants.parse("## `a`\none\n## `a`\ntwo\n")
            Issue.record("a mutant listed twice was read")
        } catch let problem as EquivalentMutants.Problem {
            #expect(problem.line == 3)
            #expect(problem.reason == "`a` is listed twice")
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test("`## Not mutated: \\`Declaration\\`` leaves a declaration out, with its members, and says why")
    func exclusions() throws {
        let file = try EquivalentMutants.parse(
            "## Not mutated: `HTTPCatalogue`\n\nThe live catalogue: the README keeps tests off the network.\n\n## `a`\n\nsame\n"
        )
        #expect(
            file.exclusions == [
                .init(
                    declaration: "HTTPCatalogue", reason: "The live catalogue: the README keeps tests off the network.")
            ])
        #expect(file.entries.map(\.id) == ["a"])
        #expect(file.exclusion(covering: "HTTPCatalogue.product")?.declaration == "HTTPCatalogue")
        #expect(file.exclusion(covering: "HTTPCatalogue") != nil)
        #expect(file.exclusion(covering: "HTTPCatalogueTests.product") == nil, "a longer name is another declaration")
        #expect(throws: EquivalentMutants.Problem.self) {
            try EquivalentMutants.parse("## Not mutated: HTTPCatalogue\n\nwhy\n")
        }
    }

    @Test("no file: nothing listed")
    func none() throws {
        #expect(try EquivalentMutants.parse("").entries.isEmpty)
    }
}
