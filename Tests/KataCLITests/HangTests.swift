import Foundation
import Testing

extension EndToEnd {
    /// A deadlocked kata test must not hang `kata check`, and stopping kata must stop everything it
    /// started. The fixture kata waits on a semaphore nobody signals.
    @Suite("kata check, hangs and interrupts", .serialized, .enabled(if: FileManager.default.fileExists(atPath: "/proc/self/cmdline")))
    struct HangTests {
        /// The fixture built ahead, so the time limit in the test measures the hang, not the build.
        func builtRepository() throws -> URL {
            let repository = try KataBinary.repository("hanging-repository")
            let build = Process()
            build.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            build.arguments = ["swift", "build", "--build-tests", "--package-path", repository.appendingPathComponent("Katas/01-hanging-kata").path]
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
            #expect(result.output.contains("✘ FAILED  Kata 01 · Wait forever: the tests did not finish within 8 s and were stopped."))
            // Which test hung cannot be named here: `swift test` holds back the test output when it
            // writes to a pipe, and what it held back is lost with it.
            #expect(result.output.contains("`DispatchQueue.main.sync`"))
            #expect(KataBinary.processes(mentioning: repository.path).isEmpty, "\(KataBinary.processes(mentioning: repository.path))")
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
            // Wait (a bounded poll; this is the tool's test, not a kata's) until the test process runs.
            var waited = 0
            while KataBinary.processes(mentioning: "Kata01PackageTests").filter({ $0.contains(repository.path) }).isEmpty, waited < 600 {
                usleep(100_000)
                waited += 1
            }
            #expect(waited < 600, "the fixture's test process never started")
            kill(kata.processIdentifier, SIGINT)
            let errorText = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            kata.waitUntilExit()
            #expect(kata.terminationStatus == 130)
            #expect(errorText.contains("Interrupted; the tests were stopped and nothing was recorded."))
            #expect(KataBinary.processes(mentioning: repository.path).isEmpty, "\(KataBinary.processes(mentioning: repository.path))")
            #expect(!FileManager.default.fileExists(atPath: repository.appendingPathComponent(".kata/state.json").path))
        }
    }
}
