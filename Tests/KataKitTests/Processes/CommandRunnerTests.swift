import Foundation
import Testing

@testable import KataKit

@Suite("Running a command")
struct CommandRunnerTests {
    /// The descriptors this process has open, or nil where the system does not list them.
    static func openDescriptors() -> Int? {
        for folder in ["/proc/self/fd", "/dev/fd"] {
            if let names = try? FileManager.default.contentsOfDirectory(atPath: folder) { return names.count }
        }
        return nil
    }

    /// `kata verify --repeat 200` runs thousands of short commands, each with a time limit of
    /// minutes: a limit's timer that held on to its command kept the command's pipe open until
    /// the deadline, and the tool ran out of descriptors (Foundation's `Process.run()` crashed).
    @Test("a quick command with a long time limit leaves no descriptor open behind it")
    func noDescriptorOutlivesACommand() throws {
        let runner = CommandRunner(environment: ProcessInfo.processInfo.environment, timeout: .seconds(600))
        let executable = URL(fileURLWithPath: "/bin/sh")
        let directory = FileManager.default.temporaryDirectory
        _ = try runner.run(executable, ["-c", "echo warm"], in: directory)
        let before = try #require(Self.openDescriptors())
        for index in 0..<100 {
            let result = try runner.run(executable, ["-c", "echo \(index)"], in: directory)
            #expect(result.output == "\(index)\n")
        }
        let after = try #require(Self.openDescriptors())
        // Other tests run beside this one and open a few of their own; a leak is one a command.
        #expect(after - before < 50, "\(after - before) more descriptors open after 100 commands")
    }

    /// A crashed test's `swift-backtrace` outlived the test process, adopted by init, in its
    /// process group and holding its output open: kata read on, waiting for an end that never came.
    @Test("an orphan left in the command's group holding its output is killed at the time limit, and the result read")
    func orphanHoldingTheOutput() throws {
        var runner = CommandRunner(environment: ProcessInfo.processInfo.environment, timeout: .seconds(1))
        runner.killsLeftovers = true
        let clock = ContinuousClock()
        let started = clock.now
        let result = try runner.run(
            URL(fileURLWithPath: "/bin/sh"), ["-c", "sleep 30 & echo started; exit 3"],
            in: FileManager.default.temporaryDirectory)
        #expect(clock.now - started < .seconds(10), "the orphan's 30 s were waited out")
        #expect(result.output == "started\n")
        #expect(result.exitCode == 3)
        #expect(!result.timedOut, "the command itself ended in time")
    }
}
