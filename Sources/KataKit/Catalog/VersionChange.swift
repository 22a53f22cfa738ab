import Foundation

/// A version of a kata's code stored as what it changes: its notes, then a unified diff against
/// its base (the reference solution for a wrong solution, the shipped code for a tests kata's
/// correct and buggy versions), the way `git format-patch` puts a message above a patch.
///
/// ```text
/// Solutions/01-stub-the-dispatcher/Chaffs/forgets-to-sort.patch
///
/// # Drops the sort while moving the work
///
/// "The app writes the cache newest first anyway, so sorting … I took it out."
///
/// ## Breaks
///
/// > Add the seam and change nothing else about what the inbox does.
///
/// ## Caught by
///
/// `shows the messages, newest first, as soon as load() returns`: …
///
/// diff --git a/Sources/Kata01/InboxViewModel.swift b/Sources/Kata01/InboxViewModel.swift
/// --- a/Sources/Kata01/InboxViewModel.swift
/// +++ b/Sources/Kata01/InboxViewModel.swift
/// @@ -45,7 +45,7 @@
/// …
/// ```
///
/// The notes end where the first `diff --git` line starts. The diff's paths are relative to the
/// version's folder, as the base's are to its own: `git apply --directory=Solutions/01-…` takes it
/// too. `kata version edit` opens a version as a folder (its `Sources/` and its notes file) to
/// change, and `kata version save` writes this file back from it.
public struct VersionChange: Sendable, Equatable {
    /// `forgets-to-sort.patch`
    public static let fileExtension = "patch"

    /// The file it is stored in; nil when it came packed in a learner edition.
    public var file: URL?
    /// The whole text: notes, then the diff.
    public var text: String

    public init(file: URL?, text: String) {
        self.file = file
        self.text = text
    }

    /// Writes notes and a diff as one text; the notes end with one blank line before the diff.
    public init(file: URL?, notes: String, diff: UnifiedDiff) {
        let notes = notes.trimmingCharacters(in: .whitespacesAndNewlines)
        self.init(file: file, text: (notes.isEmpty ? "" : notes + "\n\n") + diff.text)
    }

    /// A module's files (`Inbox.swift`) by the paths a version's diff names them with
    /// (`Sources/Kata01/Inbox.swift`): the version's folder is the diff's root.
    public static func diffPaths(of files: [String: Data], module moduleName: String) -> [String: Data] {
        Dictionary(uniqueKeysWithValues: files.map { ("Sources/\(moduleName)/" + $0.key, $0.value) })
    }

    /// The diff from the module's files in `base` to those in `version`.
    public static func diff(module moduleName: String, from base: [String: Data], to version: [String: Data])
        -> UnifiedDiff
    {
        UnifiedDiff.between(diffPaths(of: base, module: moduleName), diffPaths(of: version, module: moduleName))
    }

    /// Everything above the diff: the version's `CHAFF.md` or `WHEAT.md`.
    public var notes: String {
        String(text[..<diffStart]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The diff, read.
    public func diff() throws -> UnifiedDiff {
        try UnifiedDiff(parsing: String(text[diffStart...]))
    }

    private var diffStart: String.Index {
        if text.hasPrefix("diff --git ") { return text.startIndex }
        return text.range(of: "\ndiff --git ").map { text.index(after: $0.lowerBound) } ?? text.endIndex
    }
}
