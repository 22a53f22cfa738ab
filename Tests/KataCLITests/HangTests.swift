import Foundation
import Testing

extension EndToEnd {
    /// A deadlocked kata test must not hang `kata check`, and stopping kata must stop everything it
    /// started. The fixture kata waits on a semaphore nobody signals.
    @Suite(
        "kata check, hangs and interrupts", .serialized,
        .enabled(if: FileManager.default.fileExists(atPath: "/proc/self/cmdline")))
    struct HangTests {
        /// The fixture built ahead, so the time limit in the test measures the hang, not the build.
        func builtRepository() throws -> URL {
            let repository = try KataBinary.repository("hanging-repository")
            let build = Process()
            build.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            build.arguments = [
                "swift", "build", "--build-tests", "--package-path",
                repository.appendingPathComponent("Katas/01-hanging-kata").path,
            ]
            build.standardOutput = FileHandle.nullDevice
            build.standardError = FileHandle.nullDevice
            try build.run()
            build.waitUntilExit()
            return repository
        }

        @Test("a hanging test is stopped at the time limit and explained, with no process left")
        func timeout() throws {
            let repository = try builtRepository()
            let result = try KataBinary.run(["check", "1", "--timeout", "8"], in: repository, timeLimit: 120)
            #expect(result.status == 1)
            #expect(
                result.output.contains(
                    "✘ FAILED  Kata 01 · Wait forever: the tests did not finish within 8 s and were stopped."))
            // Named from Swift Testing's event stream: the console output, held back in a pipe, is lost with the stop.
            #expect(
                result.output.contains(
                    "Still running when stopped:\n  'waits forever'  Katas/01-hanging-kata/Tests/Kata01Tests/HangingTests.swift:9\n"
                ))
            #expect(result.output.contains("`DispatchQueue.main.sync`"))
            #expect(
                KataBinary.processes(mentioning: repository.path).isEmpty,
                "\(KataBinary.processes(mentioning: repository.path))")
        }

        @Test("Ctrl-C stops the tests and every process they started, and records nothing")
        func interrupt() throws {
            let repository = try builtRepository()
            let kata = Process()
            kata.executableURL = KataBinary.url
            kata.arguments = ["check", "1"]
            kata.currentDirectoryURL = repository
            let errors = Pipe()
            kata.standardOutput = FileHandle.nullDevice
            kata.standardError = errors
            try kata.run()
            #expect(KataBinary.waitForTestBinary(in: repository), "the fixture's test process never started")
            kill(kata.processIdentifier, SIGINT)
            let errorText = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            kata.waitUntilExit()
            #expect(kata.terminationStatus == 130)
            #expect(errorText.contains("Interrupted; the tests were stopped and nothing was recorded."))
            #expect(
                KataBinary.processes(mentioning: repository.path).isEmpty,
                "\(KataBinary.processes(mentioning: repository.path))")
            #expect(!FileManager.default.fileExists(atPath: repository.appendingPathComponent(".kata/state.json").path))
        }

        @Test("Ctrl-C while kata site writes keeps the previous site whole and removes the half-written one")
        func interruptSite() throws {
            let repository = try KataBinary.repository()
            #expect(try KataBinary.run(["site"], in: repository).status == 0)
            let site = repository.appendingPathComponent("site")
            let old = KataBinary.snapshot(site)
            // A README of a few megabytes makes the new site slow enough to write that the interrupt
            // lands while site.new is being filled.
            let readme = repository.appendingPathComponent("Katas/02-failing-kata/README.md")
            let part = "Some *words* about `queues` and [a link](https://swift.org), repeated to make the page long. "
            let sections = (0..<6_000).map { "## Part \($0)\n\n" + String(repeating: part, count: 6) }.joined(
                separator: "\n\n")
            try Data((try String(contentsOf: readme, encoding: .utf8) + "\n" + sections + "\n").utf8).write(to: readme)
            // What a complete new site looks like, built in a copy.
            let reference = try KataBinary.repository()
            try FileManager.default.removeItem(at: reference.appendingPathComponent("Katas"))
            try FileManager.default.copyItem(
                at: repository.appendingPathComponent("Katas"), to: reference.appendingPathComponent("Katas"))
            #expect(try KataBinary.run(["site"], in: reference, timeLimit: 300).status == 0)
            let new = KataBinary.snapshot(reference.appendingPathComponent("site"))

            let kata = Process()
            kata.executableURL = KataBinary.url
            kata.arguments = ["site"]
            kata.currentDirectoryURL = repository
            let errors = Pipe()
            kata.standardOutput = FileHandle.nullDevice
            kata.standardError = errors
            try kata.run()
            // A bounded poll (this is the tool's test) until the new site is being written; then kata
            // is stopped in its tracks, so the test can see that site/ is still the old one, and
            // interrupted: the Ctrl-C lands while site.new is half written.
            let staging = repository.appendingPathComponent("site.new").path
            var waited = 0
            while !FileManager.default.fileExists(atPath: staging), kata.isRunning, waited < 600_000 {
                usleep(100)
                waited += 1
            }
            kill(kata.processIdentifier, SIGSTOP)
            var stopping = 0
            while let state = KataBinary.state(of: kata.processIdentifier), state != "T", stopping < 5_000 {
                usleep(1_000)
                stopping += 1
            }
            let whileWriting = KataBinary.snapshot(site)
            kill(kata.processIdentifier, SIGINT)
            kill(kata.processIdentifier, SIGCONT)
            let errorText = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            kata.waitUntilExit()

            let after = KataBinary.snapshot(site)
            #expect(whileWriting == old, "stopped before the swap (the fixture must make writing slow enough)")
            #expect(kata.terminationStatus == 130, "\(errorText)")
            #expect(errorText.contains("Interrupted; site/ was left as it was."), "\(errorText)")
            #expect(after == old, "site/ is the previous site, whole")
            #expect(after != new)
            #expect(!FileManager.default.fileExists(atPath: staging), "the half-written site is removed")
            #expect(!FileManager.default.fileExists(atPath: repository.appendingPathComponent("site.old").path))
            #expect(
                !FileManager.default.fileExists(atPath: repository.appendingPathComponent(".kata").path),
                "no progress was touched")
            #expect(KataBinary.processes(mentioning: repository.path).isEmpty)

            // And the next run builds the new site as if nothing had happened.
            #expect(try KataBinary.run(["site"], in: repository, timeLimit: 300).status == 0)
            #expect(KataBinary.snapshot(site) == new)
        }
    }
}
