import Foundation

/// The files under a folder that a watcher reports: the entries named at the top level and
/// everything below them, except build folders, hidden files and editors' scratch files.
///
/// ```swift
/// let tree = WatchedTree(kata: kata)              // Sources/, Tests/ and Package.swift of Katas/NN-slug
/// tree.includes("Sources/Kata01/Inbox.swift")     // true
/// tree.includes("Sources/Kata01/.Inbox.swift.swp") // false
/// tree.includes(".build/debug/Kata01.o")          // false
/// ```
public struct WatchedTree: Sendable, Equatable {
    public let root: URL
    /// The names at the top of `root` that are watched, with everything below them.
    public let topLevelNames: Set<String>

    public init(root: URL, topLevelNames: Set<String>) {
        self.root = root.standardizedFileURL
        self.topLevelNames = topLevelNames
    }

    /// What a learner edits in a kata. `swift test` writes only into `.build` (and `.swiftpm`),
    /// so running a check never reports a change, which would check again, and again.
    public init(kata: Kata) {
        self.init(root: kata.directory, topLevelNames: ["Sources", "Tests", "Package.swift"])
    }

    /// Whether a change to `relativePath` (relative to `root`, `/`-separated) matters.
    public func includes(_ relativePath: String) -> Bool {
        let components = relativePath.split(separator: "/").map(String.init)
        guard let first = components.first, topLevelNames.contains(first) else { return false }
        return !components.contains(where: Self.isIgnoredName)
    }

    /// Hidden files cover `.build*`, `.swiftpm`, vim's `.name.swp` and emacs's `.#name` lock;
    /// `name~` is a backup, `#name#` an emacs auto-save, and `4913` the file vim creates to test
    /// whether it may write in a folder.
    static func isIgnoredName(_ name: String) -> Bool {
        name.hasPrefix(".") || name.hasSuffix("~") || name.hasPrefix("#") || name == "4913"
            || name.hasSuffix(".swp") || name.hasSuffix(".swo") || name.hasSuffix(".swx")
    }
}
