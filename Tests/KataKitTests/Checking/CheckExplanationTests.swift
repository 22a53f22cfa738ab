import TestSupport
import Testing

@testable import KataKit

@Suite("Explaining a build that failed")
struct CheckExplanationTests {
    private func error(_ message: String) -> TestRunSummary.Diagnostic {
        TestRunSummary.Diagnostic(file: "/k/Tests/Kata09Tests/FeedTests.swift", line: 3, column: 5, message: message)
    }

    @Test("names the missing types and the missing members the tests use, each once, in order")
    func missingNames() {
        let names = CheckExplanation.missingNames(in: [
            error("cannot find type 'Dispatching' in scope"),
            error("value of type 'FeedScreen' has no member 'currentProfile'"),
            error("cannot find 'ImmediateDispatcher' in scope"),
            error("type 'FeedScreen' has no member 'recentPosts'"),
            error("value of type 'FeedScreen' has no member 'currentProfile'"),
            error("extra argument 'dispatcher' in call"),
        ])
        #expect(names == ["Dispatching", "FeedScreen.currentProfile", "ImmediateDispatcher", "FeedScreen.recentPosts"])
    }
}

@Suite("A kata that needs a newer Swift")
struct ToolsVersionTests {
    @Test("SwiftPM's refusal to load it becomes what to install, not a broken manifest")
    func newerSwift() throws {
        let repository = try Fixtures.repositoryCopy()
        let kata = try KataCatalog.load(from: repository).kata(named: "2")
        let output = """
            error: '02-failing-kata': package '02-failing-kata' is using Swift tools version 6.2.0 but the installed version is 6.0.3 in /x/Katas/02-failing-kata
            """
        let error = try #require(KataPackageLayout.manifestError(in: output, of: kata))
        #expect(error.kind == .toolUnavailable)
        #expect(error.message == "Kata 02 · Fix the greeting needs Swift 6.2 or newer; this toolchain is Swift 6.0.3.")
        #expect(error.advice?.contains("Xcode 26") == true)
    }
}
