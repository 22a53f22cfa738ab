import Foundation
import Testing

extension EndToEnd {
    /// `kata new` end to end: the scaffold is a kata that `kata verify` passes and `kata site`
    /// publishes, and bad input is refused before anything is written. Also `kata verify` run
    /// side by side (`--jobs`) and as JSON.
    @Suite("kata new and parallel verify, end to end")
    struct NewCommandTests {
        static let kataFolder = "Katas/05-retry-without-waiting"

        @Test("scaffolds a kata that verifies but for its wrong solutions, and builds into the site")
        func scaffoldVerifySite() throws {
            let repository = try KataBinary.repository()
            let created = try KataBinary.run(
                ["new", "Retry without waiting", "--patterns", "virtual time,TestClock,testclock", "--minutes", "30"],
                in: repository)
            #expect(created.status == 0, "\(created.errors)")
            #expect(created.output.hasPrefix("Created Kata 05 · Retry without waiting\n"))
            let fileManager = FileManager.default
            for path in [
                "\(Self.kataFolder)/Package.swift", "\(Self.kataFolder)/README.md", "\(Self.kataFolder)/.shipped.json",
                "\(Self.kataFolder)/Sources/Kata05/Placeholder.swift",
                "\(Self.kataFolder)/Tests/Kata05Tests/PlaceholderTests.swift",
                "Solutions/05-retry-without-waiting/Sources/Kata05/Placeholder.swift",
                "Solutions/05-retry-without-waiting/Alternative/Sources/Kata05/Placeholder.swift",
                "Solutions/05-retry-without-waiting/Chaffs/answers-in-capitals.patch",
                "Solutions/05-retry-without-waiting/SOLUTION.md",
                "Solutions/05-retry-without-waiting/EQUIVALENT-MUTANTS.md",
                "Solutions/05-retry-without-waiting/Alternative/EQUIVALENT-MUTANTS.md",
            ] {
                #expect(
                    fileManager.fileExists(atPath: repository.appendingPathComponent(path).path), "\(path) is missing")
            }
            let readme = try String(
                contentsOf: repository.appendingPathComponent("\(Self.kataFolder)/README.md"), encoding: .utf8)
            #expect(
                readme.hasPrefix(
                    "---\nnumber: 5\ntitle: Retry without waiting\nslug: retry-without-waiting\npatterns: [virtual time, TestClock]\n"
                ))
            #expect(readme.contains("minutes: 30\ndifficulty: intermediate\n"))
            let manifest = try String(contentsOf: repository.appendingPathComponent("Package.swift"), encoding: .utf8)
            #expect(
                manifest.contains(
                    "    Kata(\"04-flaky-kata\", .v5),\n    Kata(\"05-retry-without-waiting\", .v6),\n]\n"))
            let table = try String(contentsOf: repository.appendingPathComponent("README.md"), encoding: .utf8)
            #expect(
                table.hasSuffix(
                    "| 04 | [Tame the flaky test](Katas/04-flaky-kata/README.md) | A tiny kata the end-to-end tests check. | fixture, greeting | 10 |\n"
                        + "| 05 | [Retry without waiting](Katas/05-retry-without-waiting/README.md) | TODO: one line that says what the learner does in this kata. | virtual time, TestClock | 30 |\n"
                ))
            #expect(created.output.contains("  README.md      + the kata's row in the kata table\n"))

            // Every rule holds at once but one: four more wrong solutions are the author's to write.
            let verify = try KataBinary.run(["verify", "5"], in: repository)
            #expect(verify.status == 1, "\(verify.output)")
            #expect(
                verify.output.contains(
                    """
                    Kata 05 · Retry without waiting  ✔ documents  ✔ starter builds  ✔ tests fail on starter  ✔ solution passes  ✔ alternative passes  ✘ wrong solutions caught 1/1
                        wrong solutions caught: Solutions/05-retry-without-waiting/Chaffs holds 1 of the 5 wrong solutions a kata needs at least (AUTHORING.md, "Wrong solutions")

                    """), "\(verify.output)")
            let solutionsOnly = try KataBinary.run(["verify", "5", "--solutions-only"], in: repository)
            #expect(solutionsOnly.status == 0, "\(solutionsOnly.output)")
            #expect(!solutionsOnly.output.contains("wrong solutions"))

            let site = try KataBinary.run(["site"], in: repository)
            #expect(site.status == 0, "\(site.errors)")
            #expect(site.output.hasPrefix("Wrote site/: 17 files"))
            let page = try String(
                contentsOf: repository.appendingPathComponent("site/katas/05-retry-without-waiting.html"),
                encoding: .utf8)
            #expect(page.contains("Retry without waiting"))
            #expect(
                fileManager.fileExists(
                    atPath: repository.appendingPathComponent("site/solutions/05-retry-without-waiting.html").path))
        }

        @Test(
            "refuses bad input with a message on standard error and exit 64, and writes nothing",
            arguments: [
                (["Fix the greeting", "--patterns", "fake"], "Kata 02 is already called 'Fix the greeting'."),
                (
                    ["Failing kata", "--patterns", "fake"],
                    "A kata with the slug 'failing-kata' exists already: Katas/02-failing-kata."
                ),
                (
                    ["Retry without waiting", "--patterns", "fake", "--number", "2"],
                    "Kata number 02 is taken by Katas/02-failing-kata.\nThe next free number is 05: leave out --number to take it."
                ),
                (["../../etc", "--patterns", "fake"], "The title '../../etc' contains '/'"),
                (["Retry without waiting", "--patterns", ""], "--patterns '' names no pattern."),
                (
                    ["Retry without waiting", "--patterns", "fake", "--minutes", "0"],
                    "--minutes 0 is out of range: a kata takes 5 to 240 minutes"
                ),
                (["", "--patterns", "fake"], "The title is empty."),
            ])
        func badInput(arguments: [String], message: String) throws {
            let repository = try KataBinary.repository()
            let manifest = try Data(contentsOf: repository.appendingPathComponent("Package.swift"))
            let readme = try Data(contentsOf: repository.appendingPathComponent("README.md"))
            let result = try KataBinary.run(["new"] + arguments, in: repository)
            #expect(result.status == 64)
            #expect(result.errors.contains("error: " + message), "\(result.errors)")
            #expect(result.output.isEmpty)
            #expect(try Data(contentsOf: repository.appendingPathComponent("Package.swift")) == manifest)
            #expect(try Data(contentsOf: repository.appendingPathComponent("README.md")) == readme)
            #expect(
                try FileManager.default.contentsOfDirectory(atPath: repository.appendingPathComponent("Katas").path)
                    .count == 4)
        }

        @Test("the same title twice: the second is refused and the first kata stays as it was")
        func duplicateTitle() throws {
            let repository = try KataBinary.repository()
            let first = try KataBinary.run(["new", "Retry without waiting", "--patterns", "fake"], in: repository)
            #expect(first.status == 0)
            let readme = try Data(contentsOf: repository.appendingPathComponent("\(Self.kataFolder)/README.md"))
            let second = try KataBinary.run(["new", "Retry without waiting", "--patterns", "fake"], in: repository)
            #expect(second.status == 64)
            #expect(
                second.errors.contains(
                    "error: A kata with the slug 'retry-without-waiting' exists already: Katas/05-retry-without-waiting."
                ))
            #expect(try Data(contentsOf: repository.appendingPathComponent("\(Self.kataFolder)/README.md")) == readme)
        }

        @Test("verify --jobs 2 prints the same lines, in the same order, as --jobs 1; --format json prints one object")
        func parallelVerify() throws {
            let repository = try KataBinary.repository()
            // Without the wrong solutions, which the JSON run below verifies: the order is what is
            // tested here, and each wrong solution is a build.
            let parallel = try KataBinary.run(
                ["verify", "1", "2", "3", "--jobs", "2", "--solutions-only"], in: repository)
            let serial = try KataBinary.run(
                ["verify", "1", "2", "3", "--jobs", "1", "--solutions-only"], in: repository)
            #expect(parallel.status == 1)
            #expect(parallel.output == serial.output)
            #expect(
                parallel.output.contains(
                    "Kata 01 · Already solved    ✔ documents  ✔ starter builds  ✘ tests fail on starter  ✔ solution passes  ✔ alternative passes\n    tests fail on starter: against the starter the tests should fail, but the run ended as 'passed'\n"
                        + "Kata 02 · Fix the greeting  ✔ documents"
                ), "\(parallel.output)")
            #expect(parallel.output.hasSuffix("\n2 of 3 katas verified, 1 broken.\n"))

            let json = try KataBinary.run(["verify", "1", "2", "--format", "json"], in: repository)
            #expect(json.status == 1)
            let object = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
            #expect(object["verified"] as? Int == 1)
            #expect(object["broken"] as? Int == 1)
            let katas = try #require(object["katas"] as? [[String: Any]])
            #expect(katas.map { $0["number"] as? Int } == [1, 2])
            #expect(katas.map { $0["slug"] as? String } == ["passing-kata", "failing-kata"])
            #expect(katas.map { $0["passed"] as? Bool } == [false, true])
            let rules = try #require(katas[0]["rules"] as? [[String: Any]])
            #expect(
                rules.map { $0["name"] as? String } == [
                    "documents", "starter builds", "tests fail on starter", "solution passes", "alternative passes",
                    "wrong solutions caught",
                ])
            let wrongSolutions = try #require(katas[1]["wrongSolutions"] as? [String: Any])
            #expect(wrongSolutions["caught"] as? Int == 5)
            #expect(wrongSolutions["total"] as? Int == 5)
            #expect((wrongSolutions["escaped"] as? [Any])?.isEmpty == true)
            #expect(wrongSolutions["seconds"] as? Double != nil)
            #expect(katas[1]["seconds"] as? Double != nil)
            #expect(rules[2]["passed"] as? Bool == false)
            #expect((rules[2]["detail"] as? String)?.contains("ended as 'passed'") == true)
            #expect(rules[0]["detail"] is NSNull)
            #expect(rules[0]["tally"] is NSNull, "a rule that counts nothing has a null tally")
            let caughtRule = try #require((katas[1]["rules"] as? [[String: Any]])?.last)
            #expect(caughtRule["tally"] as? String == "5/5", "\(caughtRule)")
        }

        @Test("--jobs outside 1…64 is refused")
        func badJobs() throws {
            let result = try KataBinary.run(["verify", "--jobs", "0"], in: try KataBinary.repository())
            #expect(result.status == 64)
            #expect(result.errors.contains("--jobs takes a number of katas to verify at once, from 1 to 64"))
        }

        @Test("--mutant-runs needs --mutants, and a number of runs from 1")
        func badMutantRuns() throws {
            let repository = try KataBinary.repository()
            let alone = try KataBinary.run(["verify", "--mutant-runs", "1"], in: repository)
            #expect(alone.status == 64)
            #expect(alone.errors.contains("--mutant-runs says how often each mutant runs: add --mutants"))
            let zero = try KataBinary.run(["verify", "--mutants", "--mutant-runs", "0"], in: repository)
            #expect(zero.status == 64)
            #expect(zero.errors.contains("--mutant-runs takes a number of runs from 1 to 10000"))
        }
    }
}
