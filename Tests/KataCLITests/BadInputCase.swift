import Foundation
import TestSupport
import Testing

/// One row of the bad-input table: how a copy of the fixture repository is broken, what the
/// learner types, and what `kata` must answer: the exit code, what was wrong, and what to do.
struct BadInputCase: Sendable, CustomTestStringConvertible {
    /// Where kata runs, relative to the broken copy.
    enum Folder: Sendable {
        case repository
        /// A fresh empty folder outside any repository.
        case elsewhere
    }

    var name: String
    var arguments: [String]
    var environment: [String: String] = [:]
    var folder: Folder = .repository
    /// Runs kata under `ulimit -f 0`: every write to a file fails as on a full disk, for root too.
    var fullDisk = false
    var setup: @Sendable (URL) throws -> Void = { _ in }
    var status: Int32
    /// Fragments of the message that say what was wrong…
    var problem: [String]
    /// …and what to do about it.
    var advice: [String]
    /// Fragments of standard output, when the command still does its work (a warning is not fatal).
    var output: [String] = []
    /// Where the message goes: standard error, or standard output for `kata check`'s verdict.
    var messageOnOutput = false

    var testDescription: String { name }

    func run() throws -> KataBinary.Result {
        let repository = try KataBinary.repository()
        try setup(repository)
        let directory: URL
        switch folder {
        case .repository:
            directory = repository
        case .elsewhere:
            directory = ScratchFolder.make("not-katas")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        }
        guard fullDisk else { return try KataBinary.run(arguments, in: directory, environment: environment) }
        // RLIMIT_FSIZE binds root as well, unlike file permissions: a write fails with EFBIG the
        // way it fails with ENOSPC on a full disk. kata ignores SIGXFSZ, so it sees the error.
        return try KataBinary.run(
            ["-c", #"ulimit -f 0 && exec "$0" "$@""#, KataBinary.url.path] + arguments,
            in: directory, environment: environment, executable: URL(fileURLWithPath: "/bin/sh")
        )
    }
}

/// Ways to break a copy of the fixture repository.
extension BadInputCase {
    static func write(_ text: String, to path: String) -> @Sendable (URL) throws -> Void {
        { repository in
            let url = repository.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
    }

    static func append(_ bytes: [UInt8], to path: String) -> @Sendable (URL) throws -> Void {
        { repository in
            let url = repository.appendingPathComponent(path)
            try Data(try Data(contentsOf: url) + bytes).write(to: url)
        }
    }

    static func remove(_ path: String) -> @Sendable (URL) throws -> Void {
        { repository in try FileManager.default.removeItem(at: repository.appendingPathComponent(path)) }
    }

    static func makeFolder(_ path: String) -> @Sendable (URL) throws -> Void {
        { repository in
            try FileManager.default.createDirectory(
                at: repository.appendingPathComponent(path), withIntermediateDirectories: true)
        }
    }

    /// Replaces `old` with `new` in a file, and fails the setup when `old` is not there.
    static func edit(_ path: String, replacing old: String, with new: String) -> @Sendable (URL) throws -> Void {
        { repository in
            let url = repository.appendingPathComponent(path)
            let text = try String(contentsOf: url, encoding: .utf8)
            try #require(text.contains(old), "\(path) has no '\(old)' to replace")
            try Data(text.replacingOccurrences(of: old, with: new).utf8).write(to: url)
        }
    }

    static func all(_ steps: (@Sendable (URL) throws -> Void)...) -> @Sendable (URL) throws -> Void {
        { repository in for step in steps { try step(repository) } }
    }

    static let readme2 = "Katas/02-failing-kata/README.md"
}
