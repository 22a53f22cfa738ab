import Foundation

/// What the learner has done so far, as the last `kata check` of each kata saw it.
public enum KataStatus: String, Codable, Sendable, Equatable {
    case notStarted = "not started"
    case failing
    case passed
}

/// Keeps the learner's progress in `.kata/state.json` (git-ignored, so it is theirs alone).
///
/// The file is small and only a convenience: a damaged one is set aside as `state.json.corrupt`
/// and progress starts afresh, with a warning, rather than stopping the learner. Writes are
/// atomic (a temporary file renamed over the old one), so an interrupted write never leaves half a
/// file behind.
///
/// ```swift
/// let store = ProgressStore(file: repository.stateFile)
/// try store.record(.passed, for: kata)
/// store.load().status(of: kata) // .passed
/// ```
public struct ProgressStore: Sendable {
    public struct Progress: Codable, Sendable, Equatable {
        public var version = 1
        /// Keyed by the kata's two-digit id, so a renamed slug keeps its progress.
        public var katas: [String: Entry] = [:]

        public struct Entry: Codable, Sendable, Equatable {
            public var status: KataStatus
            public var checkedAt: Date
        }

        public func status(of kata: Kata) -> KataStatus {
            katas[kata.id]?.status ?? .notStarted
        }
    }

    public let file: URL

    public init(file: URL) {
        self.file = file
    }

    /// The progress on disk, plus a warning when the file had to be set aside.
    public func load() -> (progress: Progress, warning: String?) {
        guard let data = FileManager.default.contents(atPath: file.path) else { return (Progress(), nil) }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        if let progress = try? decoder.decode(Progress.self, from: data) { return (progress, nil) }
        let aside = file.appendingPathExtension("corrupt")
        try? FileManager.default.removeItem(at: aside)
        try? FileManager.default.moveItem(at: file, to: aside)
        return (Progress(), "Your progress file \(file.lastPathComponent) was damaged; it was moved to \(aside.lastPathComponent) and progress starts afresh. Your code is untouched.")
    }

    public func record(_ status: KataStatus, for kata: Kata, at date: Date = Date()) throws {
        var progress = load().progress
        progress.katas[kata.id] = .init(status: status, checkedAt: date)
        try save(progress)
    }

    /// Drops the recorded result of `kata`, which is back at its start after `kata reset`.
    public func forget(_ kata: Kata) throws {
        var progress = load().progress
        guard progress.katas.removeValue(forKey: kata.id) != nil else { return }
        try save(progress)
    }

    private func save(_ progress: Progress) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        encoder.dateEncodingStrategy = .iso8601
        do {
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try encoder.encode(progress).write(to: file, options: .atomic)
        } catch {
            throw KataError(
                .fileSystem,
                "Could not save your progress to \(file.path): \(error.localizedDescription)",
                advice: "Check that the folder is writable and the disk is not full. Your code is untouched."
            )
        }
    }
}
