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
}
