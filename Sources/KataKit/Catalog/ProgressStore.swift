import Foundation

/// Keeps the learner's progress in `.kata/state.json` (git-ignored, so it is theirs alone):
/// what the last `kata check` of each kata said, and how many of its hints `kata hint` revealed.
///
/// The file is small and only a convenience: a damaged one is set aside as `state.json.corrupt`
/// and progress starts afresh, with a warning, rather than stopping the learner. Writes are
/// atomic (a temporary file renamed over the old one), so an interrupted write never leaves half a
/// file behind.
///
/// ```swift
/// let store = repository.progressStore   // ProgressStore(file: repository.stateFile, repository: repository)
/// try store.record(.passed, for: kata)
/// store.load().progress.status(of: kata) // .passed
/// try store.recordHintsShown(2, for: kata)
/// store.load().progress.hintsShown(of: kata) // 2
/// ```
public struct ProgressStore: Sendable {
    public struct Progress: Codable, Sendable, Equatable {
        public var version = 1
        /// Keyed by the kata's two-digit id, so a renamed slug keeps its progress.
        public var katas: [String: Entry] = [:]

        public struct Entry: Codable, Sendable, Equatable {
            public var status: KataStatus
            /// When `kata check` last recorded the status; nil for a kata whose hints were read
            /// before it was ever checked.
            public var checkedAt: Date?
            /// How many of the kata's hints `kata hint` has revealed, counted from the first.
            public var hintsShown: Int

            public init(status: KataStatus = .notStarted, checkedAt: Date? = nil, hintsShown: Int = 0) {
                self.status = status
                self.checkedAt = checkedAt
                self.hintsShown = hintsShown
            }

            // Written by hand so that a state file from before `kata hint` (no `hintsShown`)
            // still loads: a file that fails to decode is set aside, and the learner's progress with it.
            public init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: CodingKeys.self)
                status = try container.decode(KataStatus.self, forKey: .status)
                checkedAt = try container.decodeIfPresent(Date.self, forKey: .checkedAt)
                hintsShown = try container.decodeIfPresent(Int.self, forKey: .hintsShown) ?? 0
            }
        }

        public func status(of kata: Kata) -> KataStatus {
            katas[kata.id]?.status ?? .notStarted
        }

        /// Where the learner goes next: the first kata, in catalog order, not passed yet.
        public func firstNotPassed(of katas: [Kata]) -> Kata? {
            katas.first { status(of: $0) != .passed }
        }

        public func hintsShown(of kata: Kata) -> Int {
            katas[kata.id]?.hintsShown ?? 0
        }
    }

    public let file: URL
    /// The repository the file must stay inside, symbolic links followed; nil trusts `file`.
    public let repository: KataRepository?

    public init(file: URL, repository: KataRepository? = nil) {
        self.file = file
        self.repository = repository
    }

    /// The progress on disk, plus a warning when the file had to be set aside.
    public func load() -> (progress: Progress, warning: String?) {
        if let repository, !repository.contains(file) {
            return (
                Progress(),
                "\(repository.relativePath(file.path)) leads outside the repository (a symbolic link), so kata neither "
                    + "reads nor saves your progress there. Remove the link to keep your progress again."
            )
        }
        guard let data = FileManager.default.contents(atPath: file.path) else { return (Progress(), nil) }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        if let progress = try? decoder.decode(Progress.self, from: data) { return (progress, nil) }
        let aside = file.appendingPathExtension("corrupt")
        try? FileManager.default.removeItem(at: aside)
        try? FileManager.default.moveItem(at: file, to: aside)
        return (
            Progress(),
            "Your progress file \(file.lastPathComponent) was damaged; it was moved to \(aside.lastPathComponent) and "
                + "progress starts afresh. Your code is untouched."
        )
    }

    /// Records what a `kata check` said, keeping the count of hints already shown.
    public func record(_ status: KataStatus, for kata: Kata, at date: Date = Date()) throws {
        try update(kata) { entry in
            entry.status = status
            entry.checkedAt = date
        }
    }

    /// Records that the first `count` hints of `kata` have been shown, keeping its status: a kata
    /// whose hints were read before any check stays not started.
    public func recordHintsShown(_ count: Int, for kata: Kata) throws {
        try update(kata) { $0.hintsShown = max(0, count) }
    }

    /// Forgets the last check of `kata`, which is back at its start after `kata reset`; the hints
    /// already shown stay shown.
    public func forget(_ kata: Kata) throws {
        guard load().progress.katas[kata.id] != nil else { return }
        try update(kata) { entry in
            entry.status = .notStarted
            entry.checkedAt = nil
        }
    }

    /// Changes one kata's entry (a fresh one when it has none) and writes the whole file anew.
    private func update(_ kata: Kata, _ change: (inout Progress.Entry) -> Void) throws {
        if let repository, !repository.contains(file) {
            throw KataError(
                .fileSystem,
                "Your progress was not saved: \(repository.relativePath(file.path)) leads outside the repository (a "
                    + "symbolic link), and kata writes only inside it.",
                advice:
                    "Remove the link (`rm .kata`, if .kata is the link); progress is then kept in .kata/state.json "
                    + "again. Your code is untouched."
            )
        }
        var progress = load().progress
        var entry = progress.katas[kata.id] ?? Progress.Entry()
        change(&entry)
        progress.katas[kata.id] = entry
        let encoder = JSONEncoder.stable(prettyPrinted: true)
        encoder.dateEncodingStrategy = .iso8601
        do {
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try encoder.encode(progress).write(to: file, options: .atomic)
        } catch {
            throw KataError(
                .fileSystem,
                "Could not save your progress to \(file.path): \(FileSystemFailure.reason(of: error))",
                advice: "Check that the folder is writable and the disk is not full. Your code is untouched."
            )
        }
    }
}
