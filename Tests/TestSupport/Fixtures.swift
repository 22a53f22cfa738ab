import Foundation
import KataKit

/// The files under `Tests/Fixtures`, and throwaway copies of them, for both test targets.
///
/// ```swift
/// let repository = try Fixtures.repositoryCopy()          // a miniature kata repository to change
/// let output = try Fixtures.output("swift-testing-failure") // a recorded `swift test` output
/// ```
public enum Fixtures {
    public static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures", isDirectory: true)

    /// The repository root of the project itself.
    public static let projectRoot = folder.deletingLastPathComponent().deletingLastPathComponent()

    /// A recorded `swift test` output.
    public static func output(_ name: String) throws -> String {
        try String(contentsOf: folder.appendingPathComponent("outputs/\(name).txt"), encoding: .utf8)
    }

    /// A fresh copy of a fixture repository (`repository`, or `hanging-repository`), in a
    /// ``ScratchFolder`` named after `purpose`, for a test to change as it likes.
    public static func copy(_ name: String = "repository", purpose: String = "kata-fixture") throws -> URL {
        let copy = ScratchFolder.make(purpose)
        try FileManager.default.copyItem(at: folder.appendingPathComponent(name), to: copy)
        return copy
    }

    /// A fresh copy of the miniature kata repository, for a test to change as it likes.
    public static func repositoryCopy() throws -> KataRepository {
        KataRepository(root: try copy())
    }

    public static func write(_ text: String, to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }
}
