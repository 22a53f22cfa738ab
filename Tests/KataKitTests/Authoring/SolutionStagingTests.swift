import Foundation
import TestSupport
import Testing

@testable import KataKit

@Suite("Staging a solution for kata verify")
struct SolutionStagingTests {
    @Test("a solution file that changed is staged with a new modification time, even if the copy's was older")
    func changedFileIsNewer() throws {
        let repository = try Fixtures.repositoryCopy()
        let kata = try KataCatalog.load(from: repository).kata(named: "2")
        let verifier = KataVerifier(
            repository: repository, runner: CommandRunner(environment: [:]), swift: URL(fileURLWithPath: "/"))
        let module = kata.referenceSolution.sourcesDirectory
        let solutionFile = try #require(
            FileManager.default.enumerator(at: module, includingPropertiesForKeys: nil)?
                .compactMap { $0 as? URL }.first { $0.pathExtension == "swift" })
        let stage = try verifier.stageSolution(of: kata)
        let staged = stage.appendingPathComponent("Sources/\(kata.moduleName)/\(solutionFile.lastPathComponent)")

        // The author edits the solution, and the file ends up with an old time (a checkout, a copy).
        let longAgo = Date(timeIntervalSince1970: 1_000_000_000)
        try (try String(contentsOf: solutionFile, encoding: .utf8) + "\n// edited\n").write(
            to: solutionFile, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.modificationDate: longAgo], ofItemAtPath: solutionFile.path)
        let stagedAgain = try verifier.stageSolution(of: kata)
        #expect(stagedAgain == stage)
        let time = try #require(
            try FileManager.default.attributesOfItem(atPath: staged.path)[.modificationDate] as? Date)
        #expect(time > Date(timeIntervalSinceNow: -60), "the changed file must look new to the Swift driver")
        #expect(try String(contentsOf: staged, encoding: .utf8).hasSuffix("// edited\n"))
    }
}
