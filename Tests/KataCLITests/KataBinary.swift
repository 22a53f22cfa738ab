import Foundation

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

    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures", isDirectory: true)

    /// A fresh copy of the fixture repository.
    static func repository() throws -> URL {
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("kata-e2e-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.copyItem(at: fixtures.appendingPathComponent("repository"), to: copy)
        return copy
    }

    static func run(_ arguments: [String], in directory: URL, environment overrides: [String: String] = [:], executable: URL = url) throws -> Result {
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
        try process.run()
        // Read both pipes at once, so a full one cannot stall the other.
        let errorData = LockedData()
        let reading = DispatchGroup()
        DispatchQueue.global().async(group: reading) { errorData.set(errors.fileHandleForReading.readDataToEndOfFile()) }
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        reading.wait()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus,
            output: String(decoding: outputData, as: UTF8.self),
            errors: String(decoding: errorData.value, as: UTF8.self)
        )
    }
}

private final class LockedData: @unchecked Sendable {
    private let lock = NSLock()
    private var data: Data?
    func set(_ newValue: Data) { lock.withLock { data = newValue } }
    var value: Data { lock.withLock { data ?? Data() } }
}
