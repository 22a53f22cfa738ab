import Foundation
import KataKit
import TestSupport
import Testing

extension EndToEnd {
    /// End to end, with the built `kata` binary: export the learner edition of the fixture
    /// repository (with the project's own tool sources), prove its Package.swift resolves, run
    /// every learner command in it with `--root`, measure it with `kata progress`, and build a
    /// room page from that report beside synthetic and hostile ones.
    @Suite("kata workshop, end to end")
    struct WorkshopTests {
        /// The exported edition of a fresh copy of the fixture repository.
        static func edition() throws -> URL {
            let repository = try KataBinary.repository()
            let edition = ScratchFolder.make("learner-edition")
            let export = try KataBinary.run(
                ["workshop", "export", edition.path, "--tool-sources", Fixtures.projectRoot.path], in: repository)
            try #require(export.status == 0, "\(export.errors)")
            #expect(export.output.contains("Wrote the learner edition (4 katas"))
            return edition
        }

        /// What a learner does with the pushed edition: clone it, build its own `kata`, use it. The
        /// first build of the tool (swift-argument-parser, Yams, KataKit) takes a couple of minutes.
        @Test("a fresh clone of the learner edition builds its own kata tool, which lists and checks its katas")
        func freshCloneBuilds() throws {
            let edition = try Self.edition()
            let environment = ProcessInfo.processInfo.environment
            let runner = CommandRunner(environment: environment)
            let git = try #require(runner.executable(named: "git"))
            let swift = try #require(runner.executable(named: "swift"))
            let identity = ["-c", "user.name=Facilitator", "-c", "user.email=facilitator@example.com"]
            for arguments in [
                ["init", "-q", "-b", "main"], ["add", "-A"], identity + ["commit", "-q", "-m", "Workshop edition"],
            ] {
                let step = try runner.run(git, arguments, in: edition)
                try #require(step.succeeded, "git \(arguments.joined(separator: " ")): \(step.output)")
            }
            let clone = ScratchFolder.make("learner-clone")
            let cloned = try runner.run(git, ["clone", "-q", edition.path, clone.path], in: edition)
            try #require(cloned.succeeded, "\(cloned.output)")
            #expect(!FileManager.default.fileExists(atPath: clone.appendingPathComponent("Solutions").path))

            let build = try runner.run(swift, ["build", "--product", "kata", "--package-path", clone.path], in: clone)
            try #require(build.succeeded, "the edition's tool does not build:\n\(build.output.suffix(3000))")
            let kata = clone.appendingPathComponent(".build/debug/kata")
            let list = try KataBinary.run(["list"], in: clone, executable: kata)
            #expect(list.status == 0, "\(list.errors)")
            #expect(list.output.contains("0 of 4 passed"))
            let check = try KataBinary.run(["check", "1"], in: clone, executable: kata)
            #expect(check.status == 0, "\(check.output)")
            #expect(check.output.contains("✔ PASSED"))
        }

        @Test(
            "a tests kata in the learner edition: its versions packed, the reference suite PASSED, the starter's bugs anonymous"
        )
        func packedVersions() throws {
            let repository = try KataBinary.repository("tests-repository")
            let edition = ScratchFolder.make("learner-edition-tests")
            let export = try KataBinary.run(
                ["workshop", "export", edition.path, "--tool-sources", Fixtures.projectRoot.path], in: repository)
            try #require(export.status == 0, "\(export.errors)")
            let kata = edition.appendingPathComponent("Katas/01-count-the-taps")
            let fileManager = FileManager.default
            #expect(!fileManager.fileExists(atPath: kata.appendingPathComponent("Chaffs").path))
            #expect(!fileManager.fileExists(atPath: kata.appendingPathComponent("Wheats").path))
            #expect(fileManager.fileExists(atPath: kata.appendingPathComponent(".versions/versions.pack").path))

            let starter = try KataBinary.run(["check", "1", "--root", edition.path], in: edition)
            #expect(starter.status == 1)
            #expect(starter.output.contains("✘ thorough  your tests catch 0 of 5 bugs; 5 are still at large:"))
            let names = try fileManager.contentsOfDirectory(
                atPath: repository.appendingPathComponent("Katas/01-count-the-taps/Chaffs").path
            ).map { String($0.dropLast(".patch".count)) }
            for name in names { #expect(!starter.output.contains(name), "the check names \(name)") }
            let json = try KataBinary.run(["check", "1", "--format", "json", "--root", edition.path], in: edition)
            for name in names { #expect(!json.output.contains(name), "the JSON names \(name)") }
            #expect(json.output.contains("\"bug 5\""), "\(json.output)")

            let tests = kata.appendingPathComponent("Tests/Kata01Tests")
            try fileManager.removeItem(at: tests)
            try fileManager.copyItem(
                at: repository.appendingPathComponent("Solutions/01-count-the-taps/Tests/Kata01Tests"), to: tests)
            let solved = try KataBinary.run(["check", "1", "--root", edition.path], in: edition)
            #expect(solved.status == 0, "\(solved.output)")
            #expect(solved.output.contains("✔ thorough  your tests catch all 5 bugs"))
            #expect(solved.output.contains("✔ PASSED"))
        }

        @Test("the learner edition resolves, and every learner command works there without solutions")
        func learnerEdition() throws {
            let edition = try Self.edition()
            #expect(!FileManager.default.fileExists(atPath: edition.appendingPathComponent("Solutions").path))

            let swift = try #require(
                CommandRunner(environment: ProcessInfo.processInfo.environment).executable(named: "swift"))
            let dump = try CommandRunner(environment: ProcessInfo.processInfo.environment).run(
                swift, ["package", "dump-package", "--package-path", edition.path], in: edition)
            #expect(dump.succeeded, "\(dump.output)")
            #expect(dump.output.contains("\"KataCLI\""))
            #expect(!dump.output.contains("Solutions"))

            func kata(_ arguments: [String], input: String? = nil) throws -> KataBinary.Result {
                try KataBinary.run(arguments + ["--root", edition.path], in: edition, input: input)
            }
            #expect(try kata(["list"]).output.contains("0 of 4 passed"))
            #expect(try kata(["show", "2"]).output.contains("Kata 02 · Fix the greeting"))
            #expect(try kata(["hint", "2"]).output.contains("Hint 1 of 2 · Kata 02"))
            let lastHint = try kata(["hint", "2"]).output
            #expect(lastHint.contains("That was the last hint. Your facilitator hands out the reference solutions"))
            #expect(!lastHint.contains("kata solution"), "the edition has no solutions to point to")
            let passed = try kata(["check", "1"])
            #expect(passed.status == 0, "\(passed.output)")
            #expect(passed.output.contains("✔ PASSED"))
            #expect(!passed.output.contains("SOLUTION.md"))
            let failed = try kata(["check", "2"])
            #expect(failed.status == 1)
            let solution = try kata(["solution", "2"])
            #expect(solution.status == 0)
            #expect(solution.output.contains("it comes without reference solutions"))
            #expect(solution.output.contains("Your facilitator hands out the reference solutions after the workshop."))
            let greeter = edition.appendingPathComponent("Katas/02-failing-kata/Sources/Kata02/Greeter.swift")
            let shipped = try Data(contentsOf: greeter)
            try Data("// my attempt\n".utf8).write(to: greeter)
            let reset = try kata(["reset", "2", "--yes"])
            #expect(reset.status == 0, "\(reset.errors)")
            #expect(try Data(contentsOf: greeter) == shipped)
            let watch = try kata(["watch", "1", "--poll"], input: "q")
            #expect(watch.status == 0, "\(watch.errors)")
            #expect(!watch.output.contains("SOLUTION.md"))
            // The edition's site is the export's: without solution pages, and up to date.
            let site = try kata(["site", "--check"])
            #expect(site.status == 0, "\(site.errors)")
            for command in [["verify"], ["ship"], ["new", "A kata", "--patterns", "a"]] {
                let refused = try kata(command)
                #expect(refused.status == 64)
                #expect(refused.errors.contains("needs the full repository"), "\(command): \(refused.errors)")
            }

            // kata progress measures by running the tests, not by reading .kata/state.json.
            let progress = try kata(["progress", "--jobs", "2", "--format", "json", "--learner", "tester"])
            #expect(progress.status == 0, "\(progress.errors)")
            let report = try JSONDecoder().decode(ProgressReport.self, from: Data(progress.output.utf8))
            #expect(report.schema == "dispatch-katas/progress")
            #expect(report.version == 1)
            #expect(report.learner == "tester")
            #expect(report.katas.map(\.outcome) == ["passed", "testsFailed", "buildFailed", "passed"])
            #expect(report.katas[1].failedTests == ["greets by name"])
            #expect(report.katas[1].firstFailure?.message.contains("Hello, Ada!") == true)
            #expect(report.katas[1].started == false)
            // What the progress workflow runs: the table for the job summary, the JSON for the artifact.
            let jsonFile = edition.appendingPathComponent("progress.json")
            let markdown = try kata(["progress", "1", "--format", "markdown", "--json-file", jsonFile.path])
            #expect(markdown.output.contains("| 01 · Already solved | ✅ passed | 2 of 2 |"))
            let written = try JSONDecoder().decode(ProgressReport.self, from: Data(contentsOf: jsonFile))
            #expect(written.katas.map(\.outcome) == ["passed"])

            // The room: this report beside the synthetic and hostile fixture reports.
            let reports = ScratchFolder.make("room-reports")
            try FileManager.default.copyItem(at: Fixtures.folder.appendingPathComponent("room-reports"), to: reports)
            try Fixtures.write(progress.output, to: reports.appendingPathComponent("tester/progress.json"))
            var huge = ProgressReport(
                learner: "megabytes", commit: nil,
                katas: [
                    .init(
                        number: 2, slug: "failing-kata", title: "x", outcome: "testsFailed", started: true,
                        passedTests: [], failedTests: ["t"],
                        firstFailure: .init(test: "t", message: String(repeating: "<m>", count: 1_000_000)), seconds: 1)
                ])
            huge.total = 1
            try Fixtures.write(huge.json(), to: reports.appendingPathComponent("megabytes/progress.json"))
            let page = reports.appendingPathComponent("room.html")
            let room = try kata(["workshop", "room", reports.path, "--html", page.path])
            #expect(room.status == 0, "\(room.errors)")
            #expect(room.output.contains("tester"))
            #expect(room.output.contains("Where the room is stuck"))
            for unreadable in [
                "truncated/progress.json", "not-json/progress.json", "from-the-future/progress.json",
                "other-katas/progress.json", "ada-again/progress.json",
            ] {
                #expect(room.output.contains(unreadable), "\(unreadable) is not on the could-not-read list")
            }
            let html = try String(contentsOf: page, encoding: .utf8)
            #expect(!html.contains("<script"))
            #expect(!html.contains("<img"))
            #expect(!html.contains("<m>"))
            #expect(html.contains("tester"))
            #expect(html.count < 200_000)
        }

        @Test("the room runs learners' clones only when told it executes their code")
        func clonesNeedTheFlag() throws {
            let edition = try Self.edition()
            let result = try KataBinary.run(
                ["workshop", "room", "--clones", edition.deletingLastPathComponent().path, "--root", edition.path],
                in: edition)
            #expect(result.status == 64)
            #expect(result.errors.contains("--run-learner-code"))
        }

        @Test("the room runs each kata of each clone, and names a clone with no katas")
        func clones() throws {
            let edition = try Self.edition()
            let clones = ScratchFolder.make("clones")
            try FileManager.default.createDirectory(
                at: clones.appendingPathComponent("empty-clone"), withIntermediateDirectories: true)
            try FileManager.default.createDirectory(
                at: clones.appendingPathComponent("ada"), withIntermediateDirectories: true)
            for file in ["Package.swift", "Katas"] {
                try FileManager.default.copyItem(
                    at: edition.appendingPathComponent(file), to: clones.appendingPathComponent("ada/\(file)"))
            }
            let result = try KataBinary.run(
                [
                    "workshop", "room", "--clones", clones.path, "--run-learner-code", "--jobs", "2", "--timeout",
                    "300",
                    "--root", edition.path,
                ],
                in: edition)
            #expect(result.status == 0, "\(result.errors)")
            // Kata 01 and 04 pass as shipped; 02 and 03 are the untouched starter: not started.
            let line = result.output.split(separator: "\n").first { $0.hasPrefix("ada ") }
            #expect(line?.hasSuffix("✔  ·  ·  ✔   2 of 4") == true, "\(result.output)")
            #expect(result.output.contains("empty-clone: a clone with no katas"))
        }

        @Test("a clone's kata that hangs is stopped at --timeout and shown as hung, with the rest of the room")
        func hungClone() throws {
            let edition = try Self.edition()
            let clones = ScratchFolder.make("clones")
            let learner = clones.appendingPathComponent("hung-learner")
            try FileManager.default.createDirectory(at: clones, withIntermediateDirectories: true)
            try FileManager.default.copyItem(
                at: Fixtures.folder.appendingPathComponent("hanging-repository"), to: learner)
            // The learner's own change (so the kata counts as started), which hangs like the starter.
            let source = learner.appendingPathComponent("Katas/01-hanging-kata/Sources/Kata01/Greeter.swift")
            try (String(contentsOf: source, encoding: .utf8) + "\n// my attempt\n").write(
                to: source, atomically: true, encoding: .utf8)
            let hanging = try KataCatalog.load(from: KataRepository(root: learner))
            let started = ContinuousClock.now
            let result = try KataBinary.run(
                [
                    "workshop", "room", "--clones", clones.path, "--run-learner-code", "--timeout", "45",
                    "--root", learner.path,
                ],
                in: edition)
            #expect(ContinuousClock.now - started < .seconds(240))
            #expect(result.status == 0, "\(result.errors)")
            let line = result.output.split(separator: "\n").first { $0.hasPrefix("hung-learner") }
            #expect(line?.contains("H ") == true, "\(result.output)")
            #expect(result.output.contains("\(hanging.katas[0].heading): 1 stuck"), "\(result.output)")
            #expect(
                KataBinary.processes(mentioning: learner.path).isEmpty,
                "\(KataBinary.processes(mentioning: learner.path))")
        }

        @Test(
            "Ctrl-C during kata workshop room --run-learner-code stops every learner's test process",
            .enabled(if: FileManager.default.fileExists(atPath: "/proc/self/cmdline")))
        func interruptRoom() throws {
            let clones = ScratchFolder.make("clones")
            let learner = clones.appendingPathComponent("learner")
            try FileManager.default.createDirectory(at: clones, withIntermediateDirectories: true)
            try FileManager.default.copyItem(
                at: Fixtures.folder.appendingPathComponent("hanging-repository"), to: learner)
            let kata = Process()
            kata.executableURL = KataBinary.url
            kata.arguments = [
                "workshop", "room", "--clones", clones.path, "--run-learner-code", "--root", learner.path,
            ]
            kata.currentDirectoryURL = clones
            kata.standardOutput = FileHandle.nullDevice
            kata.standardError = FileHandle.nullDevice
            try kata.run()
            #expect(KataBinary.waitForTestBinary(in: learner), "the learner's test process never started")
            kill(kata.processIdentifier, SIGINT)
            kata.waitUntilExit()
            #expect(kata.terminationStatus == 130)
            #expect(
                KataBinary.processes(mentioning: learner.path).isEmpty,
                "\(KataBinary.processes(mentioning: learner.path))")
        }

        @Test(
            "Ctrl-C during kata progress stops every test process it started",
            .enabled(if: FileManager.default.fileExists(atPath: "/proc/self/cmdline")))
        func interruptProgress() throws {
            let repository = try KataBinary.repository("hanging-repository")
            let kata = Process()
            kata.executableURL = KataBinary.url
            kata.arguments = ["progress"]
            kata.currentDirectoryURL = repository
            kata.standardOutput = FileHandle.nullDevice
            kata.standardError = FileHandle.nullDevice
            try kata.run()
            #expect(KataBinary.waitForTestBinary(in: repository), "the fixture's test process never started")
            kill(kata.processIdentifier, SIGINT)
            kata.waitUntilExit()
            #expect(kata.terminationStatus == 130)
            #expect(
                KataBinary.processes(mentioning: repository.path).isEmpty,
                "\(KataBinary.processes(mentioning: repository.path))")
        }
    }
}
