import Foundation
import TestSupport
import Testing

@testable import KataKit

/// The engine against a tiny tests kata (`Tests/Fixtures/tests-repository`: a tap counter, its
/// shipped code, two correct versions and five buggy ones), built for real in a scratch copy.
@Suite("The one grading engine", .serialized)
struct GradingEngineTests {
    /// A suite in two XCTest classes and a Swift Testing suite, six tests in all. One test,
    /// in the second XCTest class, holds the counter to telling its count in the same work
    /// that counted: the correct version `dispatches-twice` tells it in a second dispatch.
    static let mixedSuite: [String: String] = [
        "Dispatchers.swift": """
        import Kata01

        final class ImmediateDispatcher: Dispatching {
            func dispatch(_ work: @escaping () -> Void) { work() }
        }

        final class HeldDispatcher: Dispatching {
            var held: [() -> Void] = []
            func dispatch(_ work: @escaping () -> Void) { held.append(work) }
        }

        """,
        "CountingTests.swift": """
        import Kata01
        import XCTest

        final class CountingTests: XCTestCase {
            func testOneTapCountsOne() {
                let counter = TapCounter(dispatcher: ImmediateDispatcher())
                counter.tap()
                XCTAssertEqual(counter.taps, 1)
            }

            func testNothingCountsBeforeTheWorkRuns() {
                let counter = TapCounter(dispatcher: HeldDispatcher())
                counter.tap()
                XCTAssertEqual(counter.taps, 0)
            }
        }

        """,
        "TellingTests.swift": """
        import Kata01
        import XCTest

        final class TellingTests: XCTestCase {
            func testTellsTheCount() {
                let counter = TapCounter(dispatcher: ImmediateDispatcher())
                var told: [Int] = []
                counter.onChange = { told.append($0) }
                counter.tap()
                XCTAssertEqual(told, [1])
            }

            func testTellsInTheWorkThatCounted() {
                let dispatcher = HeldDispatcher()
                let counter = TapCounter(dispatcher: dispatcher)
                var told: [Int] = []
                counter.onChange = { told.append($0) }
                counter.tap()
                dispatcher.held.first?()
                XCTAssertEqual(told, [1], "told in the same work")
            }
        }

        """,
        "StartTests.swift": """
        import Kata01
        import Testing

        @Suite struct StartTests {
            @Test func startsAtZero() {
                #expect(TapCounter(dispatcher: ImmediateDispatcher()).taps == 0)
            }

            @Test func twoTapsCountTwo() {
                let counter = TapCounter(dispatcher: ImmediateDispatcher())
                counter.tap()
                counter.tap()
                #expect(counter.taps == 2)
            }
        }

        """,
    ]

    static func kata() throws -> (Kata, KataRepository, URL) {
        let repository = KataRepository(root: try Fixtures.copy("tests-repository", purpose: "grading-engine"))
        let kata = try KataCatalog.load(from: repository).kata(named: "1")
        let suite = repository.root.appendingPathComponent("Suite/Kata01Tests", isDirectory: true)
        for (name, text) in mixedSuite {
            try Fixtures.write(text, to: suite.appendingPathComponent(name))
        }
        return (kata, repository, suite)
    }

    static func engine(_ repository: KataRepository) throws -> GradingEngine {
        let runner = CommandRunner(environment: ProcessInfo.processInfo.environment)
        return GradingEngine(repository: repository, runner: runner, swift: try runner.swiftExecutable())
    }

    /// The version `name` of `kata` with `TapCounter.tap()`'s body replaced by `body`.
    /// Rewrites the version's `tap()` body, and stores the version as its new change to the shipped code.
    static func breakVersion(_ name: String, of kata: Kata, tap body: String) throws {
        let version = try #require(kata.gradedVersions().first { $0.name == name })
        var files = try version.sourceFiles()
        let source = String(decoding: try #require(files["TapCounter.swift"]), as: UTF8.self)
        let start = try #require(source.range(of: "public func tap() {"))
        let end = try #require(source.range(of: "\n    }\n", range: start.upperBound..<source.endIndex))
        files["TapCounter.swift"] = Data(
            source.replacingCharacters(in: start.upperBound..<end.lowerBound, with: "\n" + body).utf8)
        let change = try #require(version.change)
        let diff = VersionChange.diff(module: kata.moduleName, from: try kata.shippedCode.sourceFiles(), to: files)
        try Fixtures.write(
            VersionChange(file: nil, notes: change.notes, diff: diff).text, to: try #require(change.file))
    }

    static func expectEverySixTestsCounted(_ grade: TestGrade) throws {
        #expect(grade.compiled)
        #expect(grade.testCount == 6, "every test of both XCTest classes and the Swift Testing suite runs")
        let shipped = try #require(grade.results.first)
        #expect(shipped.passed)
        #expect(shipped.summary.passedTests.count == 6)
        #expect(!grade.valid, "a test fails on a correct version")
        #expect(grade.rejected.map(\.version.name) == ["dispatches-twice"])
        #expect(
            grade.rejected.first?.summary.failedTests.contains { $0.hasSuffix("testTellsInTheWorkThatCounted") }
                == true)
        #expect(grade.results.count == kata(of: grade).gradedVersions().count)
    }

    static func kata(of grade: TestGrade) -> Kata { grade.kata }

    @Test(
        "two XCTest classes and a Swift Testing suite, one test failing on a correct version: not valid, all six tests counted, the fast way on Linux"
    )
    func mixedSuiteFastWay() throws {
        let (kata, repository, suite) = try Self.kata()
        let grade = try Self.engine(repository).grade(kata, tests: suite, stageName: "mixed")
        try Self.expectEverySixTestsCounted(grade)
        #if os(Linux)
            let shared = repository.workDirectory.appendingPathComponent(
                "grade/mixed-shared/.build/debug/\(SharedLibraryGrading.packageName)PackageTests.xctest")
            #expect(FileManager.default.fileExists(atPath: shared.path), "an XCTest suite builds the fast way")
            #expect(
                !FileManager.default.fileExists(
                    atPath: repository.workDirectory.appendingPathComponent("grade/mixed/Package.swift").path),
                "no version went the slow way")
        #endif
    }

    @Test("the same suite the slow way (a manifest setting flags cannot carry): every XCTest class runs, not the first")
    func mixedSuiteSlowWay() throws {
        let (kata, repository, suite) = try Self.kata()
        let manifest = kata.directory.appendingPathComponent("Package.swift")
        try (try String(contentsOf: manifest, encoding: .utf8))
            .replacingOccurrences(
                of: #".target(name: "Kata01", path: "Sources/Kata01"),"#,
                with:
                    #".target(name: "Kata01", path: "Sources/Kata01", swiftSettings: [.define("GRADED", .when(platforms: [.linux, .macOS]))]),"#
            )
            .write(to: manifest, atomically: true, encoding: .utf8)
        let grade = try Self.engine(repository).grade(kata, tests: suite, stageName: "slow")
        try Self.expectEverySixTestsCounted(grade)
        #expect(
            FileManager.default.fileExists(
                atPath: repository.workDirectory.appendingPathComponent("grade/slow/Package.swift").path))
    }

    @Test("a version that does not build, one that hangs, one that crashes and one that prints megabytes: each said so")
    func brokenVersions() throws {
        let (kata, repository, suite) = try Self.kata()
        try Self.breakVersion("counts-two-per-tap", of: kata, tap: "        let broken: Int = \"tap\"")
        try Self.breakVersion("counts-outside-the-work", of: kata, tap: "        while taps >= 0 {}")
        try Self.breakVersion("tells-onchange-twice", of: kata, tap: "        fatalError(\"crashed on purpose\")")
        try Self.breakVersion(
            "tells-onchange-only-once", of: kata,
            tap: "        for _ in 0..<30_000 { print(String(repeating: \"x\", count: 100)) }")
        let grade = try Self.engine(repository).grade(
            kata, tests: suite, stageName: "broken", runLimit: .seconds(4))
        func result(_ name: String) throws -> TestGrade.VersionResult {
            try #require(grade.results.first { $0.version.name == name })
        }

        let notBuilt = try #require(grade.versionCompileErrors.first)
        #expect(grade.versionCompileErrors.count == 1)
        #expect(notBuilt.version.name == "counts-two-per-tap")
        let version = try #require(kata.gradedVersions().first { $0.name == "counts-two-per-tap" })
        #expect(notBuilt.errors.first?.file == version.editableFile("TapCounter.swift").path)
        #expect(!grade.results.contains { $0.version.name == "counts-two-per-tap" })

        guard case .hung(let limit, let tests) = try result("counts-outside-the-work").stop else {
            Issue.record("the version that loops was not stopped as hung: \(try result("counts-outside-the-work"))")
            return
        }
        #expect(limit == .seconds(4))
        #expect(tests.contains { $0.contains("CountingTests") || $0.contains("TellingTests") })

        let crashed = try result("tells-onchange-twice")
        #expect(crashed.summary.outcome == .crashed)
        #expect(!crashed.caught, "a crash is no catch")

        #expect(try result("tells-onchange-only-once").stop == .printedTooMuch(bytes: GradingEngine.outputLimit))

        // The versions that still build were graded as ever.
        #expect(try result("shipped").passed)
        #expect(try result("tells-onchange-before-counting").caught)
    }
}

@Suite("A graded run's environment")
struct GradingEnvironmentTests {
    @Test(
        "no backtrace for a crash; under ThreadSanitizer a stop at the first race and no pause at exit, beside options already set"
    )
    func environment() {
        let plain = GradingEngine.gradingEnvironment(["PATH": "/usr/bin"], sanitizer: nil)
        #expect(plain == ["PATH": "/usr/bin", "SWIFT_BACKTRACE": "enable=no"])
        let thread = GradingEngine.gradingEnvironment([:], sanitizer: .thread)
        #expect(thread["TSAN_OPTIONS"] == "halt_on_error=1:atexit_sleep_ms=0")
        let kept = GradingEngine.gradingEnvironment(["TSAN_OPTIONS": "history_size=7"], sanitizer: .thread)
        #expect(kept["TSAN_OPTIONS"] == "halt_on_error=1:atexit_sleep_ms=0:history_size=7")
        #expect(GradingEngine.gradingEnvironment([:], sanitizer: .address)["TSAN_OPTIONS"] == nil)
    }

    @Test("a learner's check under ThreadSanitizer skips the pause at exit, and reports every race")
    func learnersCheck() {
        #expect(
            Sanitizer.thread.runEnvironment(["PATH": "/usr/bin"]) == [
                "PATH": "/usr/bin", "TSAN_OPTIONS": "atexit_sleep_ms=0",
            ])
        #expect(
            Sanitizer.thread.runEnvironment(["TSAN_OPTIONS": "atexit_sleep_ms=500"])["TSAN_OPTIONS"]
                == "atexit_sleep_ms=0:atexit_sleep_ms=500")
        #expect(Sanitizer.address.runEnvironment(["PATH": "/usr/bin"]) == ["PATH": "/usr/bin"])
    }
}
