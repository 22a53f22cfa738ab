import Foundation
import Testing

@testable import KataKit

@Suite("Stopping a process tree")
struct ProcessTreeTests {
    /// The way a build escaped a Ctrl-C: a process that starts one more child on its way out.
    /// Asked to end with SIGTERM, it would leave that child behind, adopted by init; frozen and
    /// killed, it never gets to start it.
    @Test(
        "a process that starts a child as it is told to end leaves no child behind",
        .enabled(if: FileManager.default.fileExists(atPath: "/proc/self/stat")))
    func childStartedOnTheWayOut() throws {
        let marker = "process-tree-\(UUID().uuidString)"
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        // $0 is the marker, so the late child carries it on its command line.
        shell.arguments = [
            "-c", "trap 'sh -c \"sleep 600; : $0\" & exit 0' TERM INT; sleep 600 & echo ready; wait", marker,
        ]
        let output = Pipe()
        shell.standardOutput = output
        shell.standardError = FileHandle.nullDevice
        try shell.run()
        let ready = output.fileHandleForReading.readData(ofLength: 6)
        try #require(String(decoding: ready, as: UTF8.self) == "ready\n", "the shell never set its trap")

        ProcessTree.stop([shell.processIdentifier])

        // A late child, had one started, would need a moment to show up.
        usleep(200_000)
        let survivors = Self.processes(mentioning: marker)
        for pid in survivors { kill(pid, SIGKILL) }
        #expect(survivors.isEmpty, "\(survivors.count) processes outlived the stop")
        #expect(!ProcessTree.isAlive(shell.processIdentifier))
    }

    @Test(
        "the whole depth of a tree goes, grandchildren included",
        .enabled(if: FileManager.default.fileExists(atPath: "/proc/self/stat")))
    func grandchildren() throws {
        let marker = "process-tree-\(UUID().uuidString)"
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        shell.arguments = ["-c", "sh -c 'sh -c \"sleep 600; : $0\" & wait' \"$0\" & sleep 600 & wait", marker]
        shell.standardOutput = FileHandle.nullDevice
        shell.standardError = FileHandle.nullDevice
        try shell.run()
        let started = ContinuousClock.now
        while Self.processes(mentioning: marker).count < 3, ContinuousClock.now - started < .seconds(30) {
            usleep(10_000)
        }
        try #require(Self.processes(mentioning: marker).count == 3, "the shell never started its grandchild")

        ProcessTree.stop([shell.processIdentifier])

        let survivors = Self.processes(mentioning: marker)
        for pid in survivors { kill(pid, SIGKILL) }
        #expect(survivors.isEmpty, "\(survivors.count) processes outlived the stop")
    }

    @Test("stopping a process that has already ended does nothing")
    func ended() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "exit 0"]
        try process.run()
        process.waitUntilExit()
        ProcessTree.stop([process.processIdentifier])
        #expect(ProcessTree.freeze([process.processIdentifier]).isEmpty)
    }

    /// Live processes (not zombies) whose command line contains `text`.
    static func processes(mentioning text: String) -> [pid_t] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { pid_t($0) }.filter { pid in
            guard ProcessTree.isAlive(pid), let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline")
            else { return false }
            return String(decoding: data, as: UTF8.self).contains(text)
        }
    }
}
