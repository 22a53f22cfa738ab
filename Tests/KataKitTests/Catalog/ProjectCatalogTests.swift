import Foundation
import TestSupport
import Testing

@testable import KataKit

/// The project's own katas keep the layout AUTHORING.md describes. The build-and-run rules
/// (starter builds, tests fail, solution passes) are `kata verify`'s, which CI runs.
@Suite("The project's katas")
struct ProjectCatalogTests {
    let catalog: KataCatalog

    init() throws {
        catalog = try KataCatalog.load(from: KataRepository(root: Fixtures.projectRoot))
    }

    @Test("are all readable and numbered 1, 2, 3, … with no gap")
    func numbering() {
        #expect(catalog.problems.isEmpty, "\(catalog.problems.map(\.error.description))")
        #expect(!catalog.katas.isEmpty)
        #expect(catalog.katas.map(\.number) == Array(1...catalog.katas.count))
    }

    @Test("each repeats its front-matter hints in the README and has a SOLUTION.md")
    func documents() {
        let verifier = KataVerifier(
            repository: catalog.repository, runner: CommandRunner(environment: [:]), swift: URL(fileURLWithPath: "/"))
        for kata in catalog.katas {
            let rule = verifier.checkDocuments(kata)
            #expect(rule.passed, "\(kata.heading): \(rule.detail ?? "")")
            #expect((2...5).contains(kata.metadata.hints.count), "\(kata.heading) should have two to five hints")
        }
    }

    @Test(
        "each has at least five wrong (or buggy) versions, a tests kata two more correct ones, and their notes quote its contract"
    )
    func versions() {
        for kata in catalog.katas {
            let tests = kata.metadata.kind == .tests
            let wrong = tests ? kata.buggyVersions() : kata.wrongSolutions()
            let correct = tests ? kata.correctVersions() : []
            #expect(
                wrong.count >= KataVerifier.minimumWrongSolutions,
                "\(kata.heading) has \(wrong.count) wrong or buggy versions")
            if tests {
                #expect(
                    correct.count >= KataVerifier.minimumCorrectVersions,
                    "\(kata.heading) has \(correct.count) correct versions in Wheats/")
            }
            for version in wrong + correct {
                let problems =
                    VersionNotes.load(for: version)?.problems(for: version, of: kata)
                    ?? ["\(version.notesFile.lastPathComponent) is missing"]
                #expect(problems.isEmpty, "\(version.label): \(problems.joined(separator: "; "))")
            }
        }
    }

    @Test("each has its package, starter, tests and solution where the root package expects them")
    func layout() throws {
        let manifest = try String(
            contentsOf: catalog.repository.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        for kata in catalog.katas {
            let fileManager = FileManager.default
            #expect(
                fileManager.fileExists(atPath: kata.sourcesDirectory.path),
                "\(kata.heading): no \(kata.sourcesDirectory.path)")
            #expect(
                fileManager.fileExists(atPath: kata.testsDirectory.path),
                "\(kata.heading): no \(kata.testsDirectory.path)")
            // The solution of a tests kata is its reference tests; of any other, its code.
            let solution =
                kata.metadata.kind == .tests ? kata.referenceTestsDirectory : kata.referenceSolution.sourcesDirectory
            #expect(fileManager.fileExists(atPath: solution.path), "\(kata.heading): no \(solution.path)")
            let package = try String(
                contentsOf: kata.directory.appendingPathComponent("Package.swift"), encoding: .utf8)
            #expect(
                package.contains("name: \"\(kata.moduleName)\""),
                "\(kata.heading): its Package.swift should name the module \(kata.moduleName)")
            #expect(
                manifest.contains("Kata(\"\(kata.folderName)\""),
                "the root Package.swift should list \(kata.folderName)")
        }
    }
}

extension ProjectCatalogTests {
    @Test("each is listed in the README's kata table")
    func listedInReadme() throws {
        let readme = try String(
            contentsOf: catalog.repository.root.appendingPathComponent("README.md"), encoding: .utf8)
        for kata in catalog.katas {
            #expect(
                readme.contains("| \(kata.id) | [\(kata.title)](Katas/\(kata.folderName)/README.md) |"),
                "README.md should list \(kata.heading)")
        }
    }
}
