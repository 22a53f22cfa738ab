import Foundation
import TestSupport
import Testing

@testable import KataKit

@Suite("Catalog and repository")
struct CatalogTests {
    @Test("loads the katas in order with their folders")
    func loads() throws {
        let repository = try Fixtures.repositoryCopy()
        let catalog = try KataCatalog.load(from: repository)
        #expect(
            catalog.katas.map(\.folderName) == [
                "01-passing-kata", "02-failing-kata", "03-broken-kata", "04-flaky-kata",
            ])
        let kata = catalog.katas[1]
        #expect(kata.moduleName == "Kata02")
        #expect(kata.heading == "Kata 02 · Fix the greeting")
        #expect(kata.testsDirectory.path.hasSuffix("Katas/02-failing-kata/Tests/Kata02Tests"))
        #expect(kata.referenceSolution.sourcesDirectory.path.hasSuffix("Solutions/02-failing-kata/Sources/Kata02"))
        #expect(!kata.instructions.contains("slug:"))
    }

    @Test(
        "finds a kata by number, padded number, slug or folder",
        arguments: ["2", "02", "failing-kata", "02-failing-kata", " 2 "])
    func findsByReference(reference: String) throws {
        let catalog = try KataCatalog.load(from: Fixtures.repositoryCopy())
        #expect(try catalog.kata(named: reference).number == 2)
    }

    @Test("an unknown kata is a usage error that says which katas exist")
    func unknownKata() throws {
        let catalog = try KataCatalog.load(from: Fixtures.repositoryCopy())
        let error = #expect(throws: KataError.self) { try catalog.kata(named: "17") }
        #expect(error?.kind == .usage)
        #expect(error?.message == "There is no kata '17'. The katas are 01 to 04.")
        #expect(error?.advice?.contains("kata list") == true)
    }

    @Test("folders that are not katas are skipped")
    func skipsOtherFolders() throws {
        let repository = try Fixtures.repositoryCopy()
        try FileManager.default.createDirectory(
            at: repository.katasDirectory.appendingPathComponent("scratch"), withIntermediateDirectories: true)
        #expect(try KataCatalog.load(from: repository).katas.count == 4)
    }

    @Test("a folder whose name disagrees with its front matter is an error")
    func folderMismatch() throws {
        let repository = try Fixtures.repositoryCopy()
        try FileManager.default.moveItem(
            at: repository.katasDirectory.appendingPathComponent("02-failing-kata"),
            to: repository.katasDirectory.appendingPathComponent("02-renamed-kata")
        )
        let problems = try KataCatalog.load(from: repository).problems
        #expect(problems.count == 1)
        #expect(problems.first?.error.message.contains("the folder should be Katas/02-failing-kata") == true)
    }

    @Test("two katas with one number: the second is set aside as a problem")
    func duplicateNumbers() throws {
        let repository = try Fixtures.repositoryCopy()
        let copy = repository.katasDirectory.appendingPathComponent("02-failing-copy")
        try FileManager.default.copyItem(
            at: repository.katasDirectory.appendingPathComponent("02-failing-kata"), to: copy)
        let readme = copy.appendingPathComponent("README.md")
        let text = try String(contentsOf: readme, encoding: .utf8).replacingOccurrences(
            of: "slug: failing-kata", with: "slug: failing-copy")
        try Fixtures.write(text, to: readme)
        let catalog = try KataCatalog.load(from: repository)
        #expect(catalog.katas.count == 4)
        #expect(
            catalog.problems.map(\.error.message) == [
                "Katas/02-failing-copy and Katas/02-failing-kata both have the number 02."
            ])
    }

    @Test("a broken kata folder does not stop work on the others, but naming it reports why")
    func missingReadme() throws {
        let repository = try Fixtures.repositoryCopy()
        try FileManager.default.removeItem(
            at: repository.katasDirectory.appendingPathComponent("03-broken-kata/README.md"))
        let catalog = try KataCatalog.load(from: repository)
        #expect(catalog.katas.map(\.number) == [1, 2, 4])
        #expect(try catalog.kata(named: "1").number == 1)
        for reference in ["3", "03", "broken-kata", "03-broken-kata"] {
            let error = #expect(throws: KataError.self) { try catalog.kata(named: reference) }
            #expect(error?.message == "Katas/03-broken-kata has no README.md.")
            #expect(error?.exitCode == 65)
        }
    }

    @Test("the repository is found from a folder deep inside it")
    func locatesFromInside() throws {
        let repository = try Fixtures.repositoryCopy()
        let inside = repository.root.appendingPathComponent("Katas/02-failing-kata/Sources/Kata02")
        #expect(try KataRepository.locate(from: inside) == repository)
    }

    @Test("no repository above a folder is an error with advice")
    func notFound() throws {
        let empty = ScratchFolder.make("no-katas")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let error = #expect(throws: KataError.self) { try KataRepository.locate(from: empty) }
        #expect(error?.kind == .repositoryNotFound)
        #expect(error?.exitCode == 66)
        #expect(error?.advice?.contains("--root") == true)
    }

    @Test("--root must name a kata repository")
    func explicitRoot() throws {
        let empty = ScratchFolder.make("no-katas")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let error = #expect(throws: KataError.self) { try KataRepository.locate(from: empty, explicitRoot: empty) }
        #expect(error?.message.contains("is not a kata repository") == true)
    }

    @Test("paths inside the repository are shown relative to it")
    func relativePaths() {
        let repository = KataRepository(root: URL(fileURLWithPath: "/work/katas"))
        #expect(repository.relativePath("/work/katas/Katas/01-x/A.swift") == "Katas/01-x/A.swift")
        #expect(repository.relativePath("/elsewhere/A.swift") == "/elsewhere/A.swift")
    }

    @Test("katas(named:) gives every kata for no reference, and each named kata once, in the order named")
    func katasNamed() throws {
        let catalog = try KataCatalog.load(from: Fixtures.repositoryCopy())
        #expect(try catalog.katas(named: []).map(\.number) == catalog.katas.map(\.number))
        #expect(try catalog.katas(named: ["2", "1", "02", "passing-kata"]).map(\.number) == [2, 1])
        #expect(throws: KataError.self) { try catalog.katas(named: ["99"]) }
    }
}
