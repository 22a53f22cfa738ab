import Foundation
import TestSupport
import Testing

@testable import KataKit

/// `kata verify`'s first two rules, from one build of the kata's own package: where the errors
/// are says which rule broke.
@Suite("The starter builds, and the kata's tests fail against it")
struct StarterRulesTests {
    struct Setup {
        var repository: KataRepository
        var verifier: KataVerifier
        var starter: URL {
            repository.root.appendingPathComponent("Katas/02-failing-kata/Sources/Kata02/Greeter.swift")
        }

        init() throws {
            repository = try Fixtures.repositoryCopy()
            let runner = CommandRunner(environment: ProcessInfo.processInfo.environment)
            verifier = KataVerifier(repository: repository, runner: runner, swift: try runner.swiftExecutable())
        }

        func rules() throws -> [String: KataVerifier.Rule] {
            let kata = try KataCatalog.load(from: repository).kata(named: "2")
            let rules = try verifier.starterRules(kata, options: TestRunOptions())
            return Dictionary(uniqueKeysWithValues: rules.map { ($0.name, $0) })
        }
    }

    @Test("a starter that builds and fails an expectation keeps both rules, and the kata's own .build is untouched")
    func failsAnExpectation() throws {
        let setup = try Setup()
        let rules = try setup.rules()
        #expect(rules["starter builds"]?.passed == true)
        #expect(rules["tests fail on starter"]?.passed == true)
        let ownBuild = setup.repository.root.appendingPathComponent("Katas/02-failing-kata/.build")
        #expect(!FileManager.default.fileExists(atPath: ownBuild.path), "verify builds in a scratch folder of its own")
    }

    @Test("tests that do not compile against the starter are the second rule kept, not the first broken")
    func testsDoNotCompile() throws {
        let setup = try Setup()
        try Fixtures.write(
            "public func salutation(for name: String) -> String {\n    \"Hello!\"\n}\n", to: setup.starter)
        let rules = try setup.rules()
        #expect(rules["starter builds"]?.passed == true)
        #expect(rules["tests fail on starter"]?.passed == true)
    }

    @Test("a starter that does not compile breaks the first rule, naming its file and line")
    func starterDoesNotCompile() throws {
        let setup = try Setup()
        try Fixtures.write(
            "public func greeting(for name: String) -> String {\n    \"Hello!\" +\n}\n", to: setup.starter)
        let rules = try setup.rules()
        #expect(rules["starter builds"]?.passed == false)
        let detail = rules["starter builds"]?.detail ?? ""
        #expect(detail.contains("the starter module Kata02 does not compile"))
        #expect(detail.contains("Katas/02-failing-kata/Sources/Kata02/Greeter.swift:"), "\(detail)")
    }
}
