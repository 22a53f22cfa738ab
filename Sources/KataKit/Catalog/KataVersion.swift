import Foundation

/// One version of a kata's module besides the learner's starter: the reference solution, the
/// differently built alternative, or a wrong solution. Each is a whole module, in
/// `Sources/KataNN` below its folder, that `kata verify` builds in place of the starter and runs
/// the kata's tests against.
///
/// Correct versions prove the tests accept the contract and not one design; wrong ones prove the
/// tests catch the misconceptions a learner brings (Examplar, which grades students' tests this
/// way, calls them wheats and chaffs, hence the folder name):
///
/// ```text
/// Solutions/03-conform-the-real-queue/
///   Sources/Kata03/                                  reference
///   Alternative/Sources/Kata03/                      alternative
///   Chaffs/clears-without-the-queue/Sources/Kata03/  wrong, with its CHAFF.md
/// ```
///
/// ```swift
/// let versions = [kata.referenceSolution, kata.alternativeSolution] + kata.wrongSolutions()
/// versions.map(\.label)   // ["Solutions/03-…", "Solutions/03-…/Alternative", "Solutions/03-…/Chaffs/clears-without-the-queue"]
/// ```
public struct KataVersion: Sendable, Equatable {
    public enum Role: String, Sendable, Equatable {
        /// `Solutions/NN-slug`: the solution the root package compiles and the site shows.
        case reference
        /// `Solutions/NN-slug/Alternative`: a second correct design.
        case alternative
        /// `Solutions/NN-slug/Chaffs/<name>`: one misconception; the kata's tests must fail on it.
        case wrong
    }

    public var role: Role
    /// The version's folder, which holds `Sources/` (and, for a wrong solution, `CHAFF.md`).
    public var folder: URL
    /// `reference`, `alternative`, or a wrong solution's folder name.
    public var name: String
    /// `Solutions/NN-slug/Chaffs/<name>`: how authors and reports name it.
    public var label: String
    /// The module's folder, `<folder>/Sources/KataNN`.
    public var sourcesDirectory: URL

    init(role: Role, folder: URL, name: String, label: String, moduleName: String) {
        self.role = role
        self.folder = folder
        self.name = name
        self.label = label
        self.sourcesDirectory = folder.appendingPathComponent("Sources/\(moduleName)", isDirectory: true)
    }

    /// Whether the kata's tests must pass on it.
    public var isCorrect: Bool { role != .wrong }

    /// A wrong solution's `CHAFF.md`: the misconception, the sentence it breaks, the test that catches it.
    public var notesFile: URL { folder.appendingPathComponent(WrongSolutionNotes.fileName) }
}
