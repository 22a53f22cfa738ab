import Foundation
import TestSupport
import Testing

@testable import KataKit

@Suite("kata version edit and save")
struct VersionFrontendTests {
    struct Setup {
        var repository: KataRepository
        var captured = CapturedConsole()
        var frontend: VersionFrontend
        var chaffs: URL { repository.root.appendingPathComponent("Solutions/02-failing-kata/Chaffs") }
        var reference: URL { repository.root.appendingPathComponent("Solutions/02-failing-kata/Sources/Kata02") }

        init() throws {
            repository = try Fixtures.repositoryCopy()
            frontend = VersionFrontend(
                context: CommandContext(
                    workingDirectory: repository.root, environment: [:], console: captured.console()))
        }

        func kata() throws -> Kata { try KataCatalog.load(from: repository).kata(named: "2") }
    }

    @Test("edit opens a version as its base with the change applied and its notes; save writes the same file back")
    func roundTrip() throws {
        let setup = try Setup()
        let patch = setup.chaffs.appendingPathComponent("says-hi.patch")
        let stored = try String(contentsOf: patch, encoding: .utf8)
        #expect(try setup.frontend.edit(kata: "2", name: "says-hi", new: nil) == 0)
        let folder = setup.chaffs.appendingPathComponent("says-hi")
        let greeter = try String(
            contentsOf: folder.appendingPathComponent("Sources/Kata02/Greeter.swift"), encoding: .utf8)
        #expect(greeter.contains("\"Hi, \\(name)!\""))
        let notes = try String(contentsOf: folder.appendingPathComponent("CHAFF.md"), encoding: .utf8)
        #expect(notes.hasPrefix("# Says hi"))
        // An open version stops verify from vouching for the kata.
        #expect(try setup.kata().openVersionFolders() == [folder])

        #expect(try setup.frontend.save(kata: "2", name: "says-hi", keepFolder: false) == 0)
        #expect(try String(contentsOf: patch, encoding: .utf8) == stored)
        #expect(!FileManager.default.fileExists(atPath: folder.path))
        #expect(setup.captured.output.contains("Wrote Solutions/02-failing-kata/Chaffs/says-hi.patch (1 file changed)"))
    }

    @Test("an edit is saved as a diff against the reference, and the version builds from it")
    func savesAnEdit() throws {
        let setup = try Setup()
        _ = try setup.frontend.edit(kata: "2", name: "greets-a-stranger", new: .buggy)
        let folder = setup.chaffs.appendingPathComponent("greets-a-stranger")
        let greeter = folder.appendingPathComponent("Sources/Kata02/Greeter.swift")
        let base = try String(contentsOf: greeter, encoding: .utf8)
        try Fixtures.write(
            base.replacingOccurrences(of: "\"Hello, \\(name)!\"", with: "\"Hello, stranger!\""), to: greeter)
        try Fixtures.write("helper\n", to: folder.appendingPathComponent("Sources/Kata02/Extra.swift"))
        _ = try setup.frontend.save(kata: "2", name: "greets-a-stranger", keepFolder: false)

        let version = try #require(try setup.kata().wrongSolutions().first { $0.name == "greets-a-stranger" })
        let text = try #require(version.change?.text)
        #expect(text.hasPrefix("# TODO: the misconception"))
        #expect(text.contains("+    \"Hello, stranger!\""))
        #expect(text.contains("--- /dev/null\n+++ b/Sources/Kata02/Extra.swift"))
        let files = try version.sourceFiles()
        #expect(files["Extra.swift"] == Data("helper\n".utf8))
        #expect(String(decoding: try #require(files["Greeter.swift"]), as: UTF8.self).contains("stranger"))
    }

    @Test("a base that moved on: the parts that still apply are applied, the rest left in REJECTED.diff")
    func rejects() throws {
        let setup = try Setup()
        let greeter = setup.reference.appendingPathComponent("Greeter.swift")
        try Fixtures.write("public func greeting(for name: String) -> String {\n    \"Good day\"\n}\n", to: greeter)
        let version = try #require(try setup.kata().wrongSolutions().first { $0.name == "says-hi" })
        let failure = try #require(throws: KataError.self) { try version.sourceFiles() }
        #expect(failure.message.contains("Solutions/02-failing-kata/Chaffs/says-hi (says-hi.patch) no longer applies"))
        #expect(failure.message.contains("Sources/Kata02/Greeter.swift, the change at line 1"))
        #expect(failure.advice?.contains("kata version edit 2 says-hi") == true)

        _ = try setup.frontend.edit(kata: "2", name: "says-hi", new: nil)
        let rejected = setup.chaffs.appendingPathComponent("says-hi/\(VersionFrontend.rejectedFileName)")
        #expect(try String(contentsOf: rejected, encoding: .utf8).contains("+    \"Hi, \\(name)!\""))
        #expect(setup.captured.output.contains("1 part of the change no longer applies"))
    }

    @Test("refuses what it cannot do, and loses nothing")
    func refusals() throws {
        let setup = try Setup()
        #expect(throws: KataError.self) { try setup.frontend.edit(kata: "2", name: "no-such-version", new: nil) }
        #expect(throws: KataError.self) { try setup.frontend.edit(kata: "2", name: "../../etc", new: .buggy) }
        #expect(throws: KataError.self) { try setup.frontend.edit(kata: "2", name: "says-hi", new: .buggy) }
        let notOpen = try #require(throws: KataError.self) {
            try setup.frontend.save(kata: "2", name: "says-hi", keepFolder: false)
        }
        #expect(notOpen.message.contains("is not open"))
        #expect(throws: KataError.self) { try setup.frontend.edit(kata: "2", name: "fine-wheat", new: .correct) }

        // Opened and not changed: there is nothing to save.
        _ = try setup.frontend.edit(kata: "2", name: "unchanged", new: .buggy)
        let unchanged = try #require(throws: KataError.self) {
            try setup.frontend.save(kata: "2", name: "unchanged", keepFolder: false)
        }
        #expect(unchanged.message.contains("the version changes nothing"))

        // Opened twice: the second leaves the author's edits alone.
        _ = try setup.frontend.edit(kata: "2", name: "says-hi", new: nil)
        let greeter = setup.chaffs.appendingPathComponent("says-hi/Sources/Kata02/Greeter.swift")
        try Fixtures.write("public func greeting(for name: String) -> String { \"Yo\" }\n", to: greeter)
        _ = try setup.frontend.edit(kata: "2", name: "says-hi", new: nil)
        #expect(try String(contentsOf: greeter, encoding: .utf8).contains("Yo"))

        // A file a version does not keep keeps the folder.
        try Fixtures.write("draft", to: setup.chaffs.appendingPathComponent("says-hi/notes-to-self.txt"))
        _ = try setup.frontend.save(kata: "2", name: "says-hi", keepFolder: false)
        #expect(FileManager.default.fileExists(atPath: setup.chaffs.appendingPathComponent("says-hi").path))
        #expect(setup.captured.output.contains("holds files a version does not keep: notes-to-self.txt"))
    }

    @Test("kata verify names an open version and a change that no longer applies, and grades nothing")
    func verifyRefuses() throws {
        let setup = try Setup()
        let verifier = KataVerifier(
            repository: setup.repository, runner: CommandRunner(environment: [:]), swift: URL(fileURLWithPath: "/"))
        #expect(verifier.versionsProblem(try setup.kata()) == nil)
        _ = try setup.frontend.edit(kata: "2", name: "says-hi", new: nil)
        try Fixtures.write(
            "public func greeting(for name: String) -> String {\n    \"Good day\"\n}\n",
            to: setup.reference.appendingPathComponent("Greeter.swift"))
        let rule = try #require(verifier.versionsProblem(try setup.kata()))
        #expect(rule.name == KataVerifier.versionsRuleName)
        let detail = rule.detail ?? ""
        #expect(detail.contains("Solutions/02-failing-kata/Chaffs/says-hi/ is open for editing"))
        #expect(detail.contains("Chaffs/greets-twice (greets-twice.patch) no longer applies"))
        #expect(detail.contains("Sources/Kata02/Greeter.swift, the change at line"))
    }
}
