import Foundation
import TestSupport
import Testing

extension EndToEnd {
    /// A tests kata end to end: `kata check` grades the learner's tests against the shipped code,
    /// two other correct versions and five buggy ones, in the fixture `tests-repository`. One
    /// repository copy per test keeps the grading package's build warm between the steps.
    @Suite("Grading a learner's tests, end to end")
    struct GradingTests {
        static let tests = "Katas/01-count-the-taps/Tests/Kata01Tests"

        func write(_ text: String, to name: String, in repository: URL) throws {
            try Fixtures.write(text, to: repository.appendingPathComponent("\(Self.tests)/\(name)"))
        }

        @Test("the starter catches no bug; a coupled test is invalid; the reference tests pass; JSON says it all")
        func grades() throws {
            let repository = try KataBinary.repository("tests-repository")

            let shipped = try KataBinary.run(["check", "1"], in: repository)
            #expect(shipped.status == 1, "\(shipped.output)")
            #expect(
                shipped.output.contains(
                    "Your tests, against the shipped code and 7 other versions of it (2 correct, 5 buggy)"))
            #expect(
                shipped.output.contains(
                    "✔ valid     your tests pass on the shipped code and on 2 other correct versions, 3 runs each"))
            #expect(shipped.output.contains("✘ thorough  your tests catch 0 of 5 bugs; 5 are still at large:"))
            #expect(shipped.output.contains("· bug 4: Does any test tap more than once?"))
            #expect(!shipped.output.contains("tells-onchange-only-once"), "a bug at large is named by number and nudge")
            let starterJSON = try KataBinary.run(["check", "1", "--format", "json"], in: repository)
            let starterObject = try #require(
                try JSONSerialization.jsonObject(with: Data(starterJSON.output.utf8)) as? [String: Any])
            #expect(starterObject["outcome"] as? String == "notThorough", "every test passes; bugs escape")
            let atLarge = (starterObject["grade"] as? [String: Any])?["bugs"] as? [String: Any]
            #expect(
                (atLarge?["atLarge"] as? [[String: Any]])?.compactMap { $0["name"] as? String }
                    == ["bug 1", "bug 2", "bug 3", "bug 4", "bug 5"])
            #expect(!starterJSON.output.contains("tells-onchange-only-once"))

            // The same starter test in XCTest: a suite with no Swift Testing test in it is graded too
            // (Swift Testing's run of it matches no test, which is no failure).
            let starter = try String(
                contentsOf: repository.appendingPathComponent("\(Self.tests)/TapCounterTests.swift"), encoding: .utf8)
            try write(
                """
                import Kata01
                import XCTest

                struct ImmediateDispatcher: Dispatching {
                    func dispatch(_ work: @escaping () -> Void) { work() }
                }

                final class TapCounterTests: XCTestCase {
                    func testStartsAtZero() {
                        XCTAssertEqual(TapCounter(dispatcher: ImmediateDispatcher()).taps, 0)
                    }
                }

                """, to: "TapCounterTests.swift", in: repository)
            let xctest = try KataBinary.run(["check", "1"], in: repository)
            #expect(
                xctest.output.contains(
                    "✔ valid     your tests pass on the shipped code and on 2 other correct versions, 3 runs each"),
                "\(xctest.output)")
            try write(starter, to: "TapCounterTests.swift", in: repository)

            // A test that asserts what the contract leaves open fails on a correct version.
            try write(
                """
                import Kata01
                import Testing

                final class CountingDispatcher: Dispatching {
                    var count = 0
                    func dispatch(_ work: @escaping () -> Void) {
                        count += 1
                        work()
                    }
                }

                @Test("one piece of work per tap")
                func onePiece() {
                    let dispatcher = CountingDispatcher()
                    TapCounter(dispatcher: dispatcher).tap()
                    #expect(dispatcher.count == 1)
                }

                """, to: "CoupledTests.swift", in: repository)
            let coupled = try KataBinary.run(["check", "1"], in: repository)
            #expect(coupled.status == 1)
            #expect(
                coupled.output.contains("✘ valid     your tests fail on correct version 1 (1 test):"))
            #expect(!coupled.output.contains("dispatches-twice"), "a correct version is named by number")
            #expect(coupled.output.contains("\(Self.tests)/CoupledTests.swift:16"), "\(coupled.output)")
            #expect(
                coupled.output.contains(
                    "The README allows it: \"Left open: how many pieces of work a tap hands the dispatcher\""))
            try FileManager.default.removeItem(
                at: repository.appendingPathComponent("\(Self.tests)/CoupledTests.swift"))

            // The reference tests, as a learner who solved it would write them.
            try FileManager.default.removeItem(at: repository.appendingPathComponent(Self.tests))
            try FileManager.default.copyItem(
                at: repository.appendingPathComponent("Solutions/01-count-the-taps/Tests/Kata01Tests"),
                to: repository.appendingPathComponent(Self.tests))
            let solved = try KataBinary.run(["check", "1"], in: repository)
            #expect(solved.status == 0, "\(solved.output)")
            #expect(solved.output.contains("✔ thorough  your tests catch all 5 bugs"))
            #expect(
                solved.output.contains(
                    "✔ PASSED  Kata 01 · Count the taps: valid, thorough and fast: all 5 bugs caught."))

            let json = try KataBinary.run(["check", "1", "--format", "json"], in: repository)
            let object = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
            #expect(object["outcome"] as? String == "passed")
            let grade = try #require(object["grade"] as? [String: Any])
            #expect(grade["valid"] as? Bool == true)
            #expect(grade["thorough"] as? Bool == true)
            #expect((grade["bugs"] as? [String: Any])?["caught"] as? Int == 5)
            #expect((grade["correctVersions"] as? [String: Any])?["total"] as? Int == 3)
        }

        @Test("untrusted tests: printing without end, starting a process and hanging are stopped, and nothing is left")
        func untrusted() throws {
            let repository = try KataBinary.repository("tests-repository")
            try write(
                """
                import Foundation
                import Kata01
                import Testing

                @Test("prints without end")
                func prints() {
                    for _ in 0..<100_000 { print(String(repeating: "x", count: 100)) }
                }

                @Test("starts a process and leaves it running")
                func starts() throws {
                    let sleeper = Process()
                    sleeper.executableURL = URL(fileURLWithPath: "/bin/sleep")
                    sleeper.arguments = ["3127"]
                    try sleeper.run()
                }

                """, to: "HostileTests.swift", in: repository)
            let printed = try KataBinary.run(["check", "1"], in: repository, timeLimit: 600)
            #expect(printed.status == 1)
            #expect(
                printed.output.contains("your tests printed more than 1 MB on the shipped code and were stopped"),
                "\(printed.output)")
            #expect(KataBinary.processes(mentioning: "sleep 3127").isEmpty, "a process a test started outlived it")

            try write(
                """
                import Kata01
                import Testing

                @Test("waits an hour")
                func waits() async throws {
                    try await Task.sleep(for: .seconds(3600))
                }

                """, to: "HostileTests.swift", in: repository)
            let hung = try KataBinary.run(["check", "1"], in: repository, timeLimit: 600)
            #expect(hung.status == 1)
            #expect(
                hung.output.contains(
                    "your tests were still running on the shipped code after 10 s and were stopped (still running: `waits an hour`)"
                ), "\(hung.output)")
            // Only this repository's: the other end-to-end parts, run beside this one, compile
            // packages of the same names in theirs (a compiler of another part's was seen here).
            for name in ["KataGradingPackageTests", "KataGradingSharedPackageTests"] {
                let left = KataBinary.processes(mentioning: name).filter { $0.contains(repository.path) }
                #expect(left.isEmpty, "\(left)")
            }
        }

        @Test(
            "the tests compile once and run on each version's library; a version that cannot stand in for the shipped code gets them compiled against its own, and is graded the same"
        )
        func sharedLibraries() throws {
            let repository = try KataBinary.repository("tests-repository")
            // The same source, another binary interface: `tap()` compiled against the shipped
            // code is a symbol this version does not have.
            let opened = try KataBinary.run(
                ["version", "edit", "1", "taps-with-a-default-count", "--new", "--correct"], in: repository)
            #expect(opened.status == 0, "\(opened.errors)")
            let wheat = repository.appendingPathComponent("Katas/01-count-the-taps/Wheats/taps-with-a-default-count")
            let shipped = try String(
                contentsOf: repository.appendingPathComponent(
                    "Katas/01-count-the-taps/Sources/Kata01/TapCounter.swift"),
                encoding: .utf8)
            let variant = shipped.replacingOccurrences(of: "func tap()", with: "func tap(count: Int = 1)")
                .replacingOccurrences(of: "self.taps += 1", with: "self.taps += count")
            try #require(variant.contains("tap(count: Int = 1)") && variant.contains("+= count"))
            try Fixtures.write(variant, to: wheat.appendingPathComponent("Sources/Kata01/TapCounter.swift"))
            let saved = try KataBinary.run(["version", "save", "1", "taps-with-a-default-count"], in: repository)
            #expect(saved.status == 0, "\(saved.errors)")
            try FileManager.default.removeItem(at: repository.appendingPathComponent(Self.tests))
            try FileManager.default.copyItem(
                at: repository.appendingPathComponent("Solutions/01-count-the-taps/Tests/Kata01Tests"),
                to: repository.appendingPathComponent(Self.tests))

            let solved = try KataBinary.run(["check", "1"], in: repository)
            #expect(solved.status == 0, "\(solved.output)")
            #expect(
                solved.output.contains(
                    "✔ valid     your tests pass on the shipped code and on 3 other correct versions, 3 runs each"),
                "\(solved.output)")
            #expect(solved.output.contains("✔ thorough  your tests catch all 5 bugs"))

            let grade = repository.appendingPathComponent(".build/kata/grade")
            let fileManager = FileManager.default
            for version in 0...8 {
                #expect(
                    fileManager.fileExists(
                        atPath: grade.appendingPathComponent(
                            "01-count-the-taps-shared/Libraries/v\(version)/libKata01.so"
                        )
                        .path), "version \(version) has no library")
            }
            // The new version (the third correct one, version 3) is the base of a second suite;
            // no version went the slow way.
            #expect(
                fileManager.fileExists(
                    atPath: grade.appendingPathComponent("01-count-the-taps-shared/Bases/v3/Package.swift").path))
            #expect(!fileManager.fileExists(atPath: grade.appendingPathComponent("01-count-the-taps").path))

            // A suite that does not compile is built against the shipped code alone, once, and
            // its error is shown in the learner's file; no package of every version is made.
            let testFile = try #require(
                try fileManager.contentsOfDirectory(atPath: repository.appendingPathComponent(Self.tests).path)
                    .sorted().first)
            let original = try String(
                contentsOf: repository.appendingPathComponent("\(Self.tests)/\(testFile)"), encoding: .utf8)
            try write(original + "\nlet notACount: Int = \"many\"\n", to: testFile, in: repository)
            let broken = try KataBinary.run(["check", "1"], in: repository)
            #expect(broken.status == 1, "\(broken.output)")
            #expect(broken.output.contains("your tests do not compile yet"), "\(broken.output)")
            let line = original.split(separator: "\n", omittingEmptySubsequences: false).count + 1
            #expect(broken.output.contains("\(Self.tests)/\(testFile):\(line):"), "\(broken.output)")
            #expect(
                try fileManager.contentsOfDirectory(
                    atPath: grade.appendingPathComponent("01-count-the-taps-shipped/Versions").path) == ["v0"])
            #expect(!fileManager.fileExists(atPath: grade.appendingPathComponent("01-count-the-taps").path))
            try write(original, to: testFile, in: repository)
            let mended = try KataBinary.run(["check", "1"], in: repository)
            #expect(mended.status == 0, "\(mended.output)")
        }

        @Test("a kata that grades mutants: counted beside the bugs, needed to pass, shown after a pass, in JSON too")
        func mutants() throws {
            let repository = try KataBinary.repository("tests-repository")
            let readme = repository.appendingPathComponent("Katas/01-count-the-taps/README.md")
            let original = try String(contentsOf: readme, encoding: .utf8)
            try Fixtures.write(
                original.replacingOccurrences(of: "kind: tests\n", with: "kind: tests\nmutants: 0.8\n"), to: readme)

            let starter = try KataBinary.run(["check", "1", "--mutants"], in: repository)
            #expect(starter.status == 1, "\(starter.output)")
            #expect(starter.output.contains("(2 correct, 5 buggy), and its mutants"))
            #expect(starter.output.contains("mutants (the kata asks for 8); 5 bugs are still at large:"))
            #expect(starter.output.contains("`--mutants` shows the mutants your tests let through once they pass"))
            #expect(!starter.output.contains("delete-call"), "no mutant is shown before a pass")

            try write(
                try String(
                    contentsOf: repository.appendingPathComponent(
                        "Solutions/01-count-the-taps/Tests/Kata01Tests/TapCounterTests.swift"), encoding: .utf8),
                to: "TapCounterTests.swift", in: repository)
            let solved = try KataBinary.run(["check", "1", "--mutants"], in: repository)
            #expect(solved.status == 0, "\(solved.output)")
            #expect(solved.output.contains("✔ thorough  your tests catch all 5 bugs and kill 9 of 9 mutants"))
            #expect(solved.output.contains("all 5 bugs caught, 9 of 9 mutants killed."))
            #expect(solved.output.contains("Your tests kill every one of the 9 mutants."))
            let json = try KataBinary.run(["check", "1", "--mutants", "--format", "json"], in: repository)
            let object = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
            let mutants = try #require((object["grade"] as? [String: Any])?["mutants"] as? [String: Any])
            #expect(mutants["killed"] as? Int == 9 && mutants["total"] as? Int == 9 && mutants["required"] as? Int == 8)
            #expect((mutants["survivors"] as? [Any])?.isEmpty == true, "\(json.output)")

            let progress = try KataBinary.run(["progress", "--format", "json"], in: repository)
            #expect(progress.output.contains(#""mutants":{"killed":9,"required":8,"total":9}"#), "\(progress.output)")

            try Fixtures.write(original, to: readme)
            let none = try KataBinary.run(["check", "1", "--mutants"], in: repository)
            #expect(none.status == 64)
            #expect(none.errors.contains("grades your tests on its named bugs only"), "\(none.errors)")
        }

        @Test("verify grades a tests kata's buggy versions under the sanitizer the kata declares, as check does")
        func verifyUnderTheDeclaredSanitizer() throws {
            let repository = try KataBinary.repository("tests-repository")
            let kata = repository.appendingPathComponent("Katas/01-count-the-taps")
            let readme = kata.appendingPathComponent("README.md")
            let promise = "- Nothing but the work a tap hands the dispatcher touches `taps`."
            try Fixtures.write(
                String(contentsOf: readme, encoding: .utf8)
                    .replacingOccurrences(of: "kind: tests\n", with: "kind: tests\nsanitizer: thread\n")
                    .replacingOccurrences(
                        of: "after each tap, once.\n", with: "after each tap, once.\n" + promise + "\n"),
                to: readme)
            // A bug no assertion sees: a write on a thread of its own, which only the sanitizer reports.
            try Fixtures.write(
                """
                # Writes from another thread

                "Warming the count up on a thread of its own adds nothing."

                ## Breaks

                > Nothing but the work a tap hands the dispatcher touches `taps`.

                ## Nudge

                Do your tests read `taps` in a run that ThreadSanitizer watches?

                ## Caught by

                `counts only when the dispatcher runs the work`: ThreadSanitizer reports the write.

                diff --git a/Sources/Kata01/TapCounter.swift b/Sources/Kata01/TapCounter.swift
                --- a/Sources/Kata01/TapCounter.swift
                +++ b/Sources/Kata01/TapCounter.swift
                @@ -1,3 +1,5 @@
                +import Foundation
                +
                 /// Runs work somewhere: on a queue in the app, at once in a test.
                 public protocol Dispatching {
                     func dispatch(_ work: @escaping () -> Void)
                @@ -14,6 +16,9 @@ public final class TapCounter {
                     }
                 
                     public func tap() {
                +        // Warms the count up on a thread of its own: it adds nothing.
                +        nonisolated(unsafe) let counter = self
                +        Thread { counter.taps += 0 }.start()
                         dispatcher.dispatch {
                             self.taps += 1
                             self.onChange?(self.taps)

                """, to: kata.appendingPathComponent("Chaffs/writes-from-another-thread.patch"))
            let shipped = try KataBinary.run(["ship", "1"], in: repository)
            #expect(shipped.status == 0, "\(shipped.output)\(shipped.errors)")

            let verified = try KataBinary.run(["verify", "1"], in: repository)

            #expect(verified.status == 0, "\(verified.output)")
            #expect(verified.output.contains("✔ reference tests thorough 6/6"), "\(verified.output)")
        }

        @Test("verify passes a tests kata whose reference tests are valid and thorough")
        func verify() throws {
            let repository = try KataBinary.repository("tests-repository")
            let verified = try KataBinary.run(["verify", "1"], in: repository)
            #expect(verified.status == 0, "\(verified.output)")
            #expect(
                verified.output.contains(
                    "Kata 01 · Count the taps  ✔ documents  ✔ code builds  ✔ starter tests catch no bug  ✔ reference tests valid 3/3  ✔ reference tests thorough 5/5"
                ))
        }
    }
}
