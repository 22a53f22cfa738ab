import Foundation
import TestSupport
import Testing

@testable import KataKit

@Suite("kata workshop export")
struct WorkshopExporterTests {
    static func exporter() throws -> (WorkshopExporter, KataRepository) {
        let repository = try Fixtures.repositoryCopy()
        return (
            WorkshopExporter(catalog: try KataCatalog.load(from: repository), toolRoot: Fixtures.projectRoot),
            repository
        )
    }

    @Test(
        "a tests kata's versions are packed where kata check reads them: no readable version, no version name, nothing lost"
    )
    func packsVersions() throws {
        let repository = KataRepository(root: try Fixtures.copy("tests-repository", purpose: "export-pack"))
        let catalog = try KataCatalog.load(from: repository)
        let kata = try catalog.kata(named: "1")
        let files = try WorkshopExporter(catalog: catalog, toolRoot: Fixtures.projectRoot).files()
        let folder = "Katas/\(kata.folderName)/"
        #expect(!files.keys.contains { $0.hasPrefix(folder + "Wheats/") || $0.hasPrefix(folder + "Chaffs/") })
        let names = (kata.correctVersions() + kata.buggyVersions()).map(\.name)
        #expect(names.count == 7)
        for (path, data) in files where path.hasPrefix(folder) {
            let text = String(decoding: data, as: UTF8.self)
            for name in names { #expect(!text.contains(name), "\(path) names the version \(name)") }
            #expect(!text.contains("diff --git"), "\(path) holds a readable version")
        }
        let record = String(decoding: try #require(files[folder + ShippedRecord.fileName]), as: UTF8.self)
        #expect(record.contains("\(VersionPack.folderName)/\(VersionPack.fileName)"))

        // Written out, the edition's kata grades against the same versions, renamed.
        let edition = ScratchFolder.make("export-pack-edition")
        for (path, data) in files where path.hasPrefix(folder) {
            try FileManager.default.createDirectory(
                at: edition.appendingPathComponent(path).deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: edition.appendingPathComponent(path))
        }
        var packed = kata
        packed.directory = edition.appendingPathComponent(folder)
        #expect(packed.correctVersions().map(\.name) == ["correct-1", "correct-2"])
        #expect(packed.buggyVersions().map(\.name) == ["bug-1", "bug-2", "bug-3", "bug-4", "bug-5"])
        for (original, copy) in zip(
            kata.correctVersions() + kata.buggyVersions(), packed.correctVersions() + packed.buggyVersions())
        {
            #expect(try original.sourceFiles() == copy.sourceFiles(), "\(copy.name) is \(original.name)")
            #expect(VersionNotes.load(for: copy)?.nudge ?? "" == VersionNotes.load(for: original)?.nudge ?? "")
            if copy.isCorrect {
                // What it does differently is no spoiler: a learner whose test rejects it reads it.
                #expect(VersionNotes.load(for: copy)?.misconception == VersionNotes.load(for: original)?.misconception)
            } else {
                #expect(VersionNotes.load(for: copy)?.title == copy.name, "a bug's title would name it")
            }
        }
        #expect(try ShippedRecord.load(for: packed).differences(from: ShippedRecord.capture(packed)).isEmpty)
    }

    @Test("the edition has the katas and the tool, and no solution or wrong solution anywhere")
    func contents() throws {
        let files = try Self.exporter().0.files()
        #expect(files["Katas/02-failing-kata/.shipped.json"] != nil)
        #expect(files["Sources/KataKit/Workshop/WorkshopExporter.swift"] != nil)
        #expect(files["Sources/KataCLI/KataCommand.swift"] != nil)
        #expect(files["scripts/setup"] != nil)
        #expect(files[LearnerEdition.fileName] != nil)
        #expect(files["site/index.html"] != nil)
        #expect(!files.keys.contains { $0.hasPrefix("Solutions/") || $0.hasSuffix("SOLUTION.md") })
        // Wrong solutions are spoilers too: each is one misconception away from a solution.
        #expect(!files.keys.contains { $0.contains("Chaffs/") || $0.hasSuffix("CHAFF.md") })
        #expect(!files.keys.contains { $0.hasPrefix("site/solutions/") })
        #expect(!files.keys.contains { $0.contains(".build") || $0.hasSuffix("Package.resolved") })
        let kataPage = String(decoding: try #require(files["site/katas/01-passing-kata.html"]), as: UTF8.self)
        #expect(!kataPage.contains("solutions/"))
        let manifest = String(decoding: try #require(files["Package.swift"]), as: UTF8.self)
        #expect(!manifest.contains("Solutions"))
        #expect(!manifest.contains("OpenCombine"))
        let readme = String(decoding: try #require(files["README.md"]), as: UTF8.self)
        #expect(readme.contains("scripts/setup"))
        #expect(readme.contains("[Fix the greeting](Katas/02-failing-kata/README.md)"))
    }

    @Test("the Classroom workflow grades every kata of the catalog, worth its minutes")
    func classroomWorkflow() throws {
        let files = try Self.exporter().0.files()
        let yaml = String(decoding: try #require(files[".github/workflows/classroom.yml"]), as: UTF8.self)
        #expect(yaml.contains("name: Autograding Tests"))
        #expect(yaml.contains("run-autograding-tests:"))
        #expect(yaml.contains("image: swift:6.2"))
        for number in 1...4 {
            #expect(yaml.contains("command: .build/debug/kata check \(number) --timeout 540"))
            #expect(yaml.contains("KATA-0\(number)_RESULTS: \"${{ steps.kata-0\(number).outputs.result }}\""))
        }
        #expect(yaml.components(separatedBy: "max-score: 10").count == 5)
        #expect(yaml.contains("runners: kata-01,kata-02,kata-03,kata-04"))
        let progress = String(decoding: try #require(files[".github/workflows/progress.yml"]), as: UTF8.self)
        #expect(progress.contains("--format markdown --json-file progress.json >> \"$GITHUB_STEP_SUMMARY\""))
    }

    @Test("hidden files (an editor's swap file, .DS_Store, .swiftpm) are left out, but each kata's .shipped.json")
    func hiddenFiles() throws {
        let (exporter, _) = try Self.exporter()
        let kata = try #require(exporter.catalog.katas.first { $0.number == 2 })
        let sources = kata.directory.appendingPathComponent("Sources/Kata02")
        try Data("the answer, unsaved".utf8).write(to: sources.appendingPathComponent(".Greeting.swift.swp"))
        try Data().write(to: kata.directory.appendingPathComponent(".DS_Store"))
        let swiftpm = kata.directory.appendingPathComponent(".swiftpm/configuration")
        try FileManager.default.createDirectory(at: swiftpm, withIntermediateDirectories: true)
        try Data("{}".utf8).write(to: swiftpm.appendingPathComponent("settings.json"))
        let files = try exporter.files()
        #expect(!files.keys.contains { $0.hasPrefix("Katas/") && $0.contains("/.") && !$0.hasSuffix("/.shipped.json") })
        #expect(files["Katas/02-failing-kata/.shipped.json"] != nil)
    }

    @Test("a kata solved (or changed) in this checkout is not handed out as its starter")
    func refusesChangedStarters() throws {
        let (exporter, _) = try Self.exporter()
        let kata = try #require(exporter.catalog.katas.first { $0.number == 2 })
        let sources = kata.directory.appendingPathComponent("Sources/Kata02")
        let file = try #require(try FileManager.default.contentsOfDirectory(atPath: sources.path).sorted().first)
        try Data("// the facilitator's answer\n".utf8).write(to: sources.appendingPathComponent(file))
        try Data("let extra = 1\n".utf8).write(to: sources.appendingPathComponent("Extra.swift"))
        let error = try #require(throws: KataError.self) { try exporter.files() }
        #expect(
            error.message
                == "Kata 02 · Fix the greeting differs from the starter it shipped with (Sources/Kata02/Extra.swift added, Sources/Kata02/\(file) changed), and the edition would hand it out as the starter."
        )
        #expect(error.advice?.contains("`kata reset 2`") == true)
        let other = try #require(exporter.catalog.katas.first { $0.number == 1 })
        try FileManager.default.removeItem(at: other.directory.appendingPathComponent("Tests"))
        let both = try #require(throws: KataError.self) { try exporter.files() }
        #expect(both.message.hasPrefix("2 katas differ from the starter they shipped with"))
        #expect(both.message.contains("\n  Kata 01 · Already solved: Tests/"))
        let edition = ScratchFolder.make("edition")
        #expect(throws: KataError.self) { try exporter.export(into: edition) }
        #expect(!FileManager.default.fileExists(atPath: edition.path))
    }

    @Test("exporting twice writes the same bytes")
    func deterministic() throws {
        let (exporter, _) = try Self.exporter()
        let first = ScratchFolder.make("edition")
        let second = ScratchFolder.make("edition")
        try exporter.export(into: first)
        try exporter.export(into: second)
        #expect(Self.snapshot(first) == Self.snapshot(second))
        #expect(Self.snapshot(first).count == (try exporter.files()).count)
    }

    @Test("it refuses a folder that is not empty, and the repository itself")
    func refusals() throws {
        let (exporter, repository) = try Self.exporter()
        let full = ScratchFolder.make("full")
        try Fixtures.write("mine", to: full.appendingPathComponent("notes.txt"))
        #expect(throws: KataError.self) { try exporter.export(into: full) }
        #expect(try String(contentsOf: full.appendingPathComponent("notes.txt"), encoding: .utf8) == "mine")
        #expect(throws: KataError.self) { try exporter.export(into: repository.root.appendingPathComponent("edition")) }
        #expect(!FileManager.default.fileExists(atPath: repository.root.appendingPathComponent("edition").path))
    }

    @Test("in the edition, kata solution says where solutions come from and the authors' commands refuse")
    func editionBehaviour() throws {
        let (exporter, _) = try Self.exporter()
        let edition = ScratchFolder.make("edition")
        try exporter.export(into: edition)
        let captured = CapturedConsole()
        let context = CommandContext(
            workingDirectory: edition, environment: [:], console: captured.console())
        #expect(try SolutionFrontend(context: context).run(kata: "2", assumeYes: false, usePager: false) == 0)
        #expect(captured.output.contains("learner edition: it comes without reference solutions"))
        #expect(captured.output.contains("Your facilitator hands out the reference solutions after the workshop."))
        for command in ["verify", "new", "ship"] {
            #expect(throws: KataError.self) { try KataRepository(root: edition).requireFullRepository(for: command) }
        }
        #expect(throws: KataError.self) { try VerifyFrontend(context: context).run(katas: []) }
        #expect(KataRepository(root: Fixtures.projectRoot).edition == nil)
    }

    static func snapshot(_ folder: URL) -> [String: Data] {
        var files: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey])
        while let url = enumerator?.nextObject() as? URL {
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true else { continue }
            files[String(url.path.dropFirst(folder.path.count))] = FileManager.default.contents(atPath: url.path)
        }
        return files
    }
}
