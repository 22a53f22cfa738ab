import Foundation

/// The result of running a command to completion.
public struct CommandResult: Sendable, Equatable {
    public var exitCode: Int32
    /// True when the command was killed by a signal (a crash such as `main.sync` on main, or a kill).
    public var wasSignaled: Bool
    /// Standard output and standard error, interleaved as the command wrote them.
    public var output: String

    public init(exitCode: Int32, wasSignaled: Bool = false, output: String) {
        self.exitCode = exitCode
        self.wasSignaled = wasSignaled
        self.output = output
    }

    public var succeeded: Bool { exitCode == 0 && !wasSignaled }
}

/// Runs the tools the `kata` command builds on (`swift build`, `swift test`).
///
/// Foundation's `Process` is used on purpose rather than swift-subprocess: it ships with the
/// toolchain, so it adds nothing to a learner's first build, and it does all this needs.
public struct CommandRunner: Sendable {
    /// The environment the commands see; its `PATH` is where executables are looked up.
    public var environment: [String: String]

    public init(environment: [String: String]) {
        self.environment = environment
    }

    /// The full path of `name` on `PATH`, or nil.
    public func executable(named name: String) -> URL? {
        let path = environment["PATH"] ?? ""
        for folder in path.split(separator: ":") where !folder.isEmpty {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }

    /// The `swift` driver, or an error that says how to get one.
    public func swiftExecutable() throws -> URL {
        guard let swift = executable(named: "swift") else {
            throw KataError(
                .toolUnavailable,
                "The `swift` command was not found on your PATH, and kata needs it to build and test the katas.",
                advice: "Install Swift 6 (https://www.swift.org/install) and make sure `swift --version` works in this shell."
            )
        }
        return swift
    }

    /// Runs `executable` with `arguments` in `directory` and waits for it to finish. Each chunk
    /// of output is also handed to `onOutput` as it arrives, for commands that show progress.
    public func run(
        _ executable: URL,
        _ arguments: [String],
        in directory: URL,
        onOutput: (@Sendable (String) -> Void)? = nil
    ) throws -> CommandResult {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.environment = environment
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw KataError(
                .toolUnavailable,
                "Could not start \(executable.path): \(error.localizedDescription)",
                advice: "Check that it is installed and executable."
            )
        }
        var data = Data()
        let reader = pipe.fileHandleForReading
        while true {
            let chunk = reader.availableData
            if chunk.isEmpty { break }
            data.append(chunk)
            onOutput?(String(decoding: chunk, as: UTF8.self))
        }
        process.waitUntilExit()
        return CommandResult(
            exitCode: process.terminationStatus,
            wasSignaled: process.terminationReason == .uncaughtSignal,
            output: String(decoding: data, as: UTF8.self)
        )
    }
}
