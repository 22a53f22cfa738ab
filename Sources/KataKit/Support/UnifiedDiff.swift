import Foundation

/// A change to a set of text files, in the unified format `git diff` writes and `git apply` reads:
/// how a wrong solution, a correct version or a buggy version differs from the code it is based
/// on. A version stored this way says only what it changes, so a reader sees its misconception at
/// a glance, and a change to the base (a doc comment, a rename elsewhere) reaches every version.
///
/// ```text
/// diff --git a/Sources/Kata01/InboxViewModel.swift b/Sources/Kata01/InboxViewModel.swift
/// --- a/Sources/Kata01/InboxViewModel.swift
/// +++ b/Sources/Kata01/InboxViewModel.swift
/// @@ -43,7 +43,7 @@
///                  if messages.isEmpty {
///                      self.publish(.empty)
///                  } else {
/// -                    self.publish(.loaded(messages.sorted { $0.sentAt > $1.sentAt }))
/// +                    self.publish(.loaded(messages))
///                  }
/// ```
///
/// ```swift
/// let diff = UnifiedDiff.between(reference, wrong)       // [path: Data] to [path: Data]
/// let again = try UnifiedDiff(parsing: diff.text).applied(to: reference)   // == wrong
/// ```
///
/// Applying is strict about content and lenient about place, as `git apply` is: every line a
/// hunk keeps or removes must read exactly as the diff says, but a hunk whose lines moved (the
/// base gained a doc comment above them) is found where they are now. When they are nowhere,
/// ``ApplyFailure`` names the file, the line and what differs.
///
/// Written by hand rather than by running `git`: a learner's machine applies versions on every
/// check, and the standard library's `difference(from:)` gives the edit script.
public struct UnifiedDiff: Sendable, Equatable {
    /// One file's change.
    public struct FileChange: Sendable, Equatable {
        /// The path before (nil when the change creates the file) and after (nil when it deletes
        /// it), relative to the folder the diff applies to, without git's `a/` and `b/`.
        public var oldPath: String?
        public var newPath: String?
        public var hunks: [Hunk]

        /// The path the change is about, for messages.
        public var path: String { newPath ?? oldPath ?? "" }
    }

    /// A run of changed lines with the unchanged lines around them.
    public struct Hunk: Sendable, Equatable {
        /// The first line of the hunk in the old file, counted from 1 (0 for an empty file).
        public var oldStart: Int
        /// Each line with its terminator (the last line of a file may lack one): `" "` kept,
        /// `"-"` removed, `"+"` added.
        public var lines: [Line]

        public struct Line: Sendable, Equatable {
            public enum Kind: Character, Sendable {
                case kept = " "
                case removed = "-"
                case added = "+"
            }
            public var kind: Kind
            public var text: String
        }

        /// The lines the old file must hold where the hunk applies.
        var before: [String] { lines.filter { $0.kind != .added }.map(\.text) }
        /// What they become.
        var after: [String] { lines.filter { $0.kind != .removed }.map(\.text) }
    }

    /// Why a diff does not apply: the file, the line of the old file, and what differs.
    public struct ApplyFailure: Error, Sendable, Equatable, CustomStringConvertible {
        public var path: String
        /// The line of the old file where the hunk was to apply (0 when the whole file is at issue).
        public var line: Int
        public var reason: String

        public var description: String {
            line > 0 ? "\(path), the change at line \(line): \(reason)" : "\(path): \(reason)"
        }
    }

    /// Why a text is not a diff.
    public struct ParseFailure: Error, Sendable, Equatable, CustomStringConvertible {
        /// The line of the text, counted from 1.
        public var line: Int
        public var reason: String
        public var description: String { "line \(line): \(reason)" }
    }

    public var files: [FileChange]

    public init(files: [FileChange]) {
        self.files = files
    }

    /// Whether the diff changes nothing.
    public var isEmpty: Bool { files.isEmpty }

    /// Applies the diff to `files` (contents by path), returning every file as it is after.
    public func applied(to files: [String: Data]) throws -> [String: Data] {
        var result = files
        for change in self.files {
            let old: [String]
            if let oldPath = change.oldPath {
                guard let data = files[oldPath] else {
                    throw ApplyFailure(path: oldPath, line: 0, reason: "the file it changes is not there")
                }
                old = Self.lines(of: data)
            } else {
                if let newPath = change.newPath, files[newPath] != nil {
                    throw ApplyFailure(path: newPath, line: 0, reason: "the file it creates is there already")
                }
                old = []
            }
            let new = try Self.apply(change.hunks, to: old, path: change.path)
            if let oldPath = change.oldPath { result[oldPath] = nil }
            if let newPath = change.newPath { result[newPath] = Data(new.joined().utf8) }
        }
        return result
    }

    /// Applies what applies: the files after every hunk that found its lines, and the hunks that
    /// did not, as a diff of their own for an author to carry over by hand (as `patch` leaves a
    /// `.rej` file).
    public func appliedLeniently(to files: [String: Data]) -> (files: [String: Data], rejected: UnifiedDiff) {
        var result = files
        var rejected: [FileChange] = []
        for change in self.files {
            var kept = change
            kept.hunks = []
            var failed = change
            failed.hunks = []
            var lines = change.oldPath.flatMap { files[$0] }.map(Self.lines(of:)) ?? []
            if change.oldPath != nil, change.oldPath.flatMap({ files[$0] }) == nil {
                rejected.append(change)
                continue
            }
            for hunk in change.hunks {
                if let applied = try? Self.apply([hunk], to: lines, path: change.path) {
                    lines = applied
                } else {
                    failed.hunks.append(hunk)
                }
            }
            if !failed.hunks.isEmpty { rejected.append(failed) }
            if let oldPath = change.oldPath { result[oldPath] = nil }
            if let newPath = change.newPath { result[newPath] = Data(lines.joined().utf8) }
        }
        return (result, UnifiedDiff(files: rejected))
    }

    /// `old`'s lines with every hunk applied, in order; a hunk's lines are looked for first where
    /// it says, then nearest to there, never before the previous hunk's end.
    static func apply(_ hunks: [Hunk], to old: [String], path: String) throws -> [String] {
        var new: [String] = []
        var cursor = 0
        for hunk in hunks {
            let before = hunk.before
            let wanted = max(0, hunk.oldStart - (before.isEmpty ? 0 : 1))
            guard let at = position(of: before, in: old, near: wanted, from: cursor) else {
                throw ApplyFailure(path: path, line: hunk.oldStart, reason: mismatch(before, in: old, at: wanted))
            }
            new += old[cursor..<at]
            new += hunk.after
            cursor = at + before.count
        }
        new += old[cursor...]
        return new
    }

    private static func position(of lines: [String], in old: [String], near wanted: Int, from lowest: Int) -> Int? {
        func matches(_ at: Int) -> Bool {
            at >= lowest && at + lines.count <= old.count && Array(old[at..<at + lines.count]) == lines
        }
        if matches(wanted) { return wanted }
        for distance in 1...max(1, old.count) {
            if matches(wanted - distance) { return wanted - distance }
            if matches(wanted + distance) { return wanted + distance }
        }
        return nil
    }

    /// The first line where the file and the hunk part, said for an author.
    private static func mismatch(_ lines: [String], in old: [String], at start: Int) -> String {
        for (offset, expected) in lines.enumerated() {
            let index = start + offset
            guard index < old.count else {
                return "the file ends at line \(old.count), before the line the change expects, "
                    + "`\(shown(expected))`"
            }
            if old[index] != expected {
                return "line \(index + 1) reads `\(shown(old[index]))` where the change expects `\(shown(expected))`,"
                    + " and those lines are nowhere else in the file"
            }
        }
        return "its lines are not in the file"
    }

    private static func shown(_ line: String) -> String {
        let trimmed = line.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.count > 80 ? String(trimmed.prefix(77)) + "…" : trimmed
    }

    /// A file's lines, each with its `\n` (the last one without, when the file does not end with
    /// one). Split on the byte, not on `Character`: `"\r\n"` is one character, and one line.
    static func lines(of data: Data) -> [String] {
        var lines: [String] = []
        var start = data.startIndex
        for index in data.indices where data[index] == UInt8(ascii: "\n") {
            lines.append(String(decoding: data[start...index], as: UTF8.self))
            start = data.index(after: index)
        }
        if start < data.endIndex { lines.append(String(decoding: data[start...], as: UTF8.self)) }
        return lines
    }

    static func lines(of text: String) -> [String] {
        lines(of: Data(text.utf8))
    }
}
