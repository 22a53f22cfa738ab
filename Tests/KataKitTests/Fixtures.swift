import Foundation
import TestSupport
import KataKit

/// The files under `Tests/Fixtures`, and throwaway copies of them.
enum Fixtures {
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures", isDirectory: true)

    /// The repository root of the project itself.
    static let projectRoot = folder.deletingLastPathComponent().deletingLastPathComponent()

    /// A recorded `swift test` output.
    static func output(_ name: String) throws -> String {
        try String(contentsOf: folder.appendingPathComponent("outputs/\(name).txt"), encoding: .utf8)
    }

    /// A fresh copy of the miniature kata repository, for a test to change as it likes.
    static func repositoryCopy() throws -> KataRepository {
        let copy = ScratchFolder.make("kata-fixture")
        try FileManager.default.copyItem(at: folder.appendingPathComponent("repository"), to: copy)
        return KataRepository(root: copy)
    }

    static func write(_ text: String, to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }
}

/// A console that keeps what it is told, for tests to read.
final class CapturedConsole: @unchecked Sendable {
    private let lock = NSLock()
    private var out = ""
    private var err = ""

    var output: String { lock.withLock { out } }
    var errors: String { lock.withLock { err } }

    func console(isTerminal: Bool = false) -> Console {
        Console(
            style: TextStyle(enabled: false),
            isTerminal: isTerminal,
            writeOutput: { text in self.lock.withLock { self.out += text } },
            writeError: { text in self.lock.withLock { self.err += text } }
        )
    }
}
