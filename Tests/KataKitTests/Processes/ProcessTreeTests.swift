import Foundation
import Testing

@testable import KataKit

/// Each case runs with every way of reading the process table this system has: `/proc` (Linux)
/// and `ps` (macOS, and Linux too), so the `ps` reading macOS depends on is tested here as well.
@Suite("Stopping a process tree")
struct ProcessTreeTests {
    static let tables = ProcessTable.allCases.filter {
        $0 != .proc || FileManager.default.fileExists(atPath: "/proc/self/stat")
    }

    /// The way a build escaped a Ctrl-C: a process that starts one more child on its way out.
    /// Asked to end with SIGTERM, it would leave that child behind, adopted by init; frozen and
    /// killed, it never gets to start it.
    @Test("a process that starts a child as it is told to end leaves no child behind", arguments: tables)
    func childStartedOnTheWayOut(table: ProcessTable) throws {
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

        ProcessTree.stop([shell.processIdentifier], table: table)

        // A late child, had one started, would need a moment to show up.
        usleep(200_000)
        let survivors = Self.processes(mentioning: marker)
        for pid in survivors { kill(pid, SIGKILL) }
        #expect(survivors.isEmpty, "\(survivors.count) processes outlived the stop")
        #expect(!ProcessTree.isAlive(shell.processIdentifier, table: table))
    }

    @Test("the whole depth of a tree goes, grandchildren included", arguments: tables)
    func grandchildren(table: ProcessTable) throws {
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

        ProcessTree.stop([shell.processIdentifier], table: table)

        let survivors = Self.processes(mentioning: marker)
        for pid in survivors { kill(pid, SIGKILL) }
        #expect(survivors.isEmpty, "\(survivors.count) processes outlived the stop")
    }

    @Test("stopping a process that has already ended does nothing", arguments: tables)
    func ended(table: ProcessTable) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "exit 0"]
        try process.run()
        process.waitUntilExit()
        ProcessTree.stop([process.processIdentifier], table: table)
        #expect(ProcessTree.freeze([process.processIdentifier], table: table).isEmpty)
    }

    @Test("both readings of the table agree on this process's parent and see it running")
    func tablesAgree() {
        for table in Self.tables {
            let entry = table.entries()[getpid()]
            #expect(entry?.parent == getppid(), "\(table)")
            #expect(entry.map { "RS".contains($0.state) } == true, "\(table): \(String(describing: entry))")
        }
    }

    /// Live processes (not zombies) whose command line contains `text`, from `ps`, which every
    /// system here has.
    static func processes(mentioning text: String) -> [pid_t] {
        let ps = Process()
        ps.executableURL = URL(fileURLWithPath: "/bin/ps")
        ps.arguments = ["-A", "-o", "pid=", "-o", "stat=", "-o", "command="]
        let pipe = Pipe()
        ps.standardOutput = pipe
        guard (try? ps.run()) != nil else { return [] }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        ps.waitUntilExit()
        return String(decoding: data, as: UTF8.self).split(separator: "\n").compactMap { line in
            let fields = line.split(separator: " ", maxSplits: 2)
            guard fields.count == 3, let pid = pid_t(fields[0]), !fields[1].hasPrefix("Z"), fields[2].contains(text)
            else { return nil }
            return pid
        }
    }
}
