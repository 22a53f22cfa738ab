import Foundation
import KataKit
import Testing

extension EndToEnd {
    /// End to end: the real `kata watch`, driven as a learner would (keys into its input, the fix
    /// written into the kata), against a copy of the fixture repository. Every wait is bounded, so
    /// a watch that misses a change fails its test instead of hanging it. One at a time: each
    /// builds a fixture kata, and the machine's cores are shared.
    @Suite("kata watch, end to end", .serialized)
    struct WatchTests {
        /// Writes the reference solution of kata 02 over the learner's code.
        func fixKata02(in repository: URL, atomically: Bool) throws {
            let solution = try String(
                contentsOf: repository.appendingPathComponent("Solutions/02-failing-kata/Sources/Kata02/Greeter.swift"),
                encoding: .utf8)
            try solution.write(
                to: repository.appendingPathComponent("Katas/02-failing-kata/Sources/Kata02/Greeter.swift"),
                atomically: atomically, encoding: .utf8)
        }

        @Test("--poll: checks at once, again when the code is fixed, and moves on to the next kata at n")
        func pollingLoop() throws {
            let repository = try KataBinary.repository()
            let kata = try RunningKata(["watch", "2", "--poll"], in: repository)
            defer { kata.stop() }
            try kata.require("✘ FAILED  Kata 02 · Fix the greeting: 1 of 2 tests failed.")
            try kata.require("\nWatching Katas/02-failing-kata for changes · r check again · h hint · q quit\n")

            try fixKata02(in: repository, atomically: false)
            try kata.require("✔ PASSED  Kata 02 · Fix the greeting: all 2 tests passed.")
            try kata.require("\n✔ Kata 02 passed · n next kata (Kata 03 · Build the seam) · q quit\n")

            kata.press("n")
            try kata.require("✘ FAILED  Kata 03 · Build the seam: the code does not compile yet.")
            try kata.require("\nWatching Katas/03-broken-kata for changes · r check again · h hint · q quit\n")
            kata.press("q")
            #expect(kata.waitForExit() == 0, "\(kata.transcript)")
            #expect(
                kata.output.components(separatedBy: "Checking Kata 02").count - 1 == 2,
                "once at the start, once after the fix: \(kata.transcript)")
            #expect(kata.errors.isEmpty, "\(kata.errors)")

            let list = try KataBinary.run(["list"], in: repository)
            #expect(list.output.contains("02  Fix the greeting     fixture, greeting  10 min  passed"))
            #expect(list.output.contains("03  Build the seam       fixture, greeting  10 min  failing"))
        }

        @Test(
            "without --poll, inotify tells of an editor's save (a new file renamed over the old)",
            .enabled(if: FileManager.default.fileExists(atPath: "/proc/sys/fs/inotify")))
        func notifiedLoop() throws {
            let repository = try KataBinary.repository()
            let kata = try RunningKata(["watch", "2"], in: repository)
            defer { kata.stop() }
            try kata.require("✘ FAILED  Kata 02 · Fix the greeting: 1 of 2 tests failed.")
            try kata.require("\nWatching Katas/02-failing-kata for changes")

            try fixKata02(in: repository, atomically: true)
            try kata.require("✔ PASSED  Kata 02 · Fix the greeting: all 2 tests passed.")
            try kata.require("\n✔ Kata 02 passed · n next kata (Kata 03 · Build the seam) · q quit\n")
            kata.press("q")
            #expect(kata.waitForExit() == 0, "\(kata.transcript)")
            #expect(!kata.errors.contains("note:"), "inotify gave way to polling: \(kata.errors)")
        }

        @Test("h prints the kata's first hint, from its front matter")
        func hint() throws {
            let repository = try KataBinary.repository()
            let kata = try RunningKata(["watch", "2", "--poll"], in: repository)
            defer { kata.stop() }
            try kata.require("\nWatching Katas/02-failing-kata for changes")
            kata.press("h")
            try kata.require("Hint 1 of 2 · Kata 02 · Fix the greeting\n")
            try kata.require("Look at `greeting(for:)`")
            kata.press("q")
            #expect(kata.waitForExit() == 0, "\(kata.transcript)")
        }

        @Test(
            "Ctrl-C during a check stops it and every process it started, exits 130 and records nothing",
            .enabled(if: FileManager.default.fileExists(atPath: "/proc/self/cmdline")))
        func interrupt() throws {
            let repository = try KataBinary.repository("hanging-repository")
            let kata = try RunningKata(["watch", "1"], in: repository)
            defer { kata.stop() }
            // The fixture's test waits for ever; once its process runs, the check is well under way.
            try #require(
                KataBinary.waitForTestBinary(in: repository),
                "the fixture's test process never started: \(kata.transcript)")
            kill(kata.process.processIdentifier, SIGINT)
            #expect(kata.waitForExit() == 130, "\(kata.transcript)")
            #expect(kata.errors.contains("Interrupted; the tests were stopped and nothing was recorded."))
            #expect(
                KataBinary.processes(mentioning: repository.path).isEmpty,
                "\(KataBinary.processes(mentioning: repository.path))")
            #expect(!FileManager.default.fileExists(atPath: repository.appendingPathComponent(".kata/state.json").path))
        }

        enum Quitting: CaseIterable, CustomTestStringConvertible {
            case q, controlC

            var key: String { self == .q ? "q" : "\u{03}" }
            var status: Int32 { self == .q ? 0 : 130 }
            var testDescription: String { self == .q ? "q" : "Ctrl-C" }
        }

        @Test(
            "on a terminal a key counts without Enter, the screen is cleared, and the terminal is put back on quitting",
            .enabled(if: TerminalScript.isAvailable),
            arguments: Quitting.allCases
        )
        func terminal(quitting: Quitting) throws {
            let repository = try KataBinary.repository()
            // `script` gives kata a terminal, and reports the terminal's settings once kata has ended.
            // The trap keeps the shell alive through Ctrl-C to report kata's status: dash, the
            // usual /bin/sh, dies of the terminal's SIGINT while it waits, where bash does not.
            let command = "trap : INT; '\(KataBinary.url.path)' watch 2 --poll; echo \"status=$?\"; stty -a"
            let kata = try RunningKata(
                TerminalScript.arguments(running: command), in: repository, executable: TerminalScript.executable)
            defer { kata.stop() }
            try kata.require("Watching Katas/02-failing-kata for changes")
            kata.press(quitting.key)
            try kata.require("status=\(quitting.status)")
            #expect(kata.waitForExit() == 0, "\(kata.transcript)")
            let output = kata.output
            #expect(output.contains("\u{1B}[2J\u{1B}[H"), "the screen is cleared before a check")
            let settings = output.components(separatedBy: "status=").last ?? ""
            #expect(settings.contains(" icanon"), "line editing is back: \(settings)")
            #expect(settings.contains(" echo "), "echo is back: \(settings)")
        }

        @Test("an unknown kata is the same usage error as for check")
        func unknownKata() throws {
            let result = try KataBinary.run(["watch", "17", "--poll"], in: try KataBinary.repository())
            #expect(result.status == 64)
            #expect(result.errors.contains("error: There is no kata '17'. The katas are 01 to 04."))
            #expect(result.output.isEmpty)
        }

        @Test("--help explains watch, its keys, and gives examples")
        func help() throws {
            let result = try KataBinary.run(["watch", "--help"], in: try KataBinary.repository())
            #expect(result.status == 0)
            #expect(result.output.contains("Examples:"))
            #expect(result.output.contains("kata watch 3"))
            #expect(result.output.contains("--poll"))
            #expect(result.output.contains("n  next kata"))
        }
    }
}

/// A `kata` process left running, with its input a pipe the test writes keys into, and its
/// output collected as it comes so a test can wait for a line.
final class RunningKata: @unchecked Sendable {
    let process = Process()
    private let input = Pipe()
    private let condition = NSCondition()
    // Bytes, decoded when read: a chunk may end inside a character such as ✘ or ·.
    private var outputData = Data()
    private var errorData = Data()
    /// Set when standard output reaches its end: no text will come any more.
    private var outputEnded = false
    private let exited = DispatchSemaphore(value: 0)

    init(_ arguments: [String], in directory: URL, executable: URL = KataBinary.url) throws {
        // A key pressed after kata ended must fail the test, not kill the test runner.
        signal(SIGPIPE, SIG_IGN)
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.environment = environment
        let output = Pipe()
        let errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        let exited = exited
        process.terminationHandler = { _ in exited.signal() }
        try process.run()
        collect(output.fileHandleForReading, onEnd: { $0.outputEnded = true }, into: { $0.outputData += $1 })
        collect(errors.fileHandleForReading, onEnd: { _ in }, into: { $0.errorData += $1 })
    }

    var output: String { condition.withLock { outputText } }
    var errors: String { condition.withLock { String(decoding: errorData, as: UTF8.self) } }
    var transcript: String { "output:\n\(output)\nerrors:\n\(errors)" }

    /// Call with the condition's lock held.
    private var outputText: String { String(decoding: outputData, as: UTF8.self) }

    /// Waits until the output contains `text`; a test stops at the first one that never comes,
    /// at once when the output has ended without it.
    func require(_ text: String, within seconds: Double = 240, sourceLocation: SourceLocation = #_sourceLocation) throws
    {
        let deadline = Date(timeIntervalSinceNow: seconds)
        let seen = condition.withLock {
            while !outputText.contains(text), !outputEnded {
                guard condition.wait(until: deadline) else { return outputText.contains(text) }
            }
            return outputText.contains(text)
        }
        let wait = condition.withLock { outputEnded } ? "the output ended without" : "waited \(Int(seconds)) s for"
        try #require(seen, "\(wait) \(text.debugDescription); \(transcript)", sourceLocation: sourceLocation)
    }

    func press(_ keys: String) {
        try? input.fileHandleForWriting.write(contentsOf: Data(keys.utf8))
    }

    /// The exit status, or nil when kata was still running after `seconds`.
    func waitForExit(within seconds: Double = 120) -> Int32? {
        guard exited.wait(timeout: .now() + seconds) == .success else { return nil }
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// Stops kata and everything it started, if it still runs (a test that failed half-way).
    func stop() {
        if process.isRunning { ProcessTree.stop([process.processIdentifier]) }
    }

    private func collect(
        _ handle: FileHandle,
        onEnd: @escaping @Sendable (RunningKata) -> Void,
        into append: @escaping @Sendable (RunningKata, Data) -> Void
    ) {
        let thread = Thread { [self] in
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty {
                    condition.withLock {
                        onEnd(self)
                        condition.broadcast()
                    }
                    return
                }
                condition.withLock {
                    append(self, chunk)
                    condition.broadcast()
                }
            }
        }
        thread.start()
    }
}
