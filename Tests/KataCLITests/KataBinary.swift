import Foundation
import KataKit
import TestSupport

/// Runs the built `kata` executable as a learner would, in a copy of the fixture repository.
struct KataBinary {
    struct Result {
        var status: Int32
        var output: String
        var errors: String
    }

    /// The `kata` executable SwiftPM built next to this test bundle.
    static let url: URL = {
        if let explicit = ProcessInfo.processInfo.environment["KATA_BINARY"] { return URL(fileURLWithPath: explicit) }
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = folder.appendingPathComponent("kata")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            folder.deleteLastPathComponent()
        }
        // The usual place for a debug build of the root package.
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent(".build/debug/kata")
    }()

    /// A fresh copy of a fixture repository (`repository`, or `hanging-repository`).
    static func repository(_ name: String = "repository") throws -> URL {
        try Fixtures.copy(name, purpose: "kata-e2e")
    }

    /// Every regular file below `folder` with its bytes, by path relative to it, links not
    /// followed: what a test compares to prove that nothing was lost or changed.
    static func snapshot(_ folder: URL) -> [String: Data] {
        var files: [String: Data] = [:]
        let root = folder.standardizedFileURL.path
        let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey])
        while let url = enumerator?.nextObject() as? URL {
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true,
                let data = FileManager.default.contents(atPath: url.path)
            else { continue }
            files[String(url.standardizedFileURL.path.dropFirst(root.count))] = data
        }
        return files
    }

    /// Command lines of the live processes that mention `text` (Linux: read from /proc).
    static func processes(mentioning text: String) -> [String] {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return [] }
        return entries.filter { Int($0) != nil }.compactMap { pid in
            guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline"), !data.isEmpty else {
                return nil
            }
            let line = String(decoding: data, as: UTF8.self).replacingOccurrences(of: "\0", with: " ")
            return line.contains(text) ? line : nil
        }
    }

    /// Waits (a bounded poll: this is the tool's test, not a kata's) until the hanging fixture's
    /// test binary runs in `repository`: the build is over and the tests have started. Matching
    /// the test module's name alone would also match the compiler building it.
    static func waitForTestBinary(in repository: URL, within seconds: Double = 240) -> Bool {
        let deadline = Date(timeIntervalSinceNow: seconds)
        while Date() < deadline {
            if processes(mentioning: "Kata01PackageTests.xctest").contains(where: { $0.contains(repository.path) }) {
                return true
            }
            usleep(100_000)
        }
        return false
    }

    /// The state letter of a process from /proc (`R` running, `S` sleeping, `T` stopped), or nil.
    static func state(of pid: pid_t) -> Character? {
        guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/stat") else { return nil }
        let text = String(decoding: data, as: UTF8.self)
        guard let close = text.lastIndex(of: ")") else { return nil }
        return text[text.index(after: close)...].split(separator: " ").first?.first
    }

    /// Runs kata and waits for it; past `timeLimit` (a kata that hangs is a bug these tests must
    /// report, not suffer) it is stopped with everything it started and reported as status -1.
    static func run(
        _ arguments: [String], in directory: URL, environment overrides: [String: String] = [:], executable: URL = url,
        input: String? = nil, timeLimit: Double = 900
    ) throws -> Result {
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        for (key, value) in overrides { environment[key] = value }
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.environment = environment
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        let inputPipe = Pipe()
        process.standardInput = input == nil ? FileHandle.nullDevice : inputPipe
        try process.run()
        if let input {
            inputPipe.fileHandleForWriting.write(Data(input.utf8))
            try? inputPipe.fileHandleForWriting.close()
        }
        let pid = process.processIdentifier
        let stopped = Locked(false)
        DispatchQueue.global().asyncAfter(deadline: .now() + timeLimit) {
            guard process.isRunning else { return }
            stopped.withLock { $0 = true }
            ProcessTree.stop([pid])
        }
        // Read both pipes at once, so a full one cannot stall the other.
        let errorData = Locked(Data())
        let reading = DispatchGroup()
        DispatchQueue.global().async(group: reading) {
            let data = errors.fileHandleForReading.readDataToEndOfFile()
            errorData.withLock { $0 = data }
        }
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        reading.wait()
        process.waitUntilExit()
        return Result(
            status: stopped.value ? -1 : process.terminationStatus,
            output: String(decoding: outputData, as: UTF8.self),
            errors: String(decoding: errorData.value, as: UTF8.self)
        )
    }
}
