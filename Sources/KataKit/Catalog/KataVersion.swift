import Foundation

/// One version of a kata's module: a whole module, in `Sources/KataNN` below its folder, that a
/// kata's tests are run against in place of the learner's.
///
/// In a kata of the first kind the learner writes the code: the reference solution and a
/// differently built alternative prove the kata's tests accept the contract and not one design;
/// wrong solutions prove they catch the misconceptions a learner brings. In a tests kata the
/// learner writes the tests: the shipped code and other correct versions prove those tests
/// valid, buggy versions prove them thorough. Examplar, which grades students' tests this way,
/// calls correct versions wheats and buggy ones chaffs, hence the folder names:
///
/// ```text
/// Solutions/03-conform-the-real-queue/
///   Sources/Kata03/                                  reference
///   Alternative/Sources/Kata03/                      alternative
///   Chaffs/clears-without-the-queue/Sources/Kata03/  wrong, with its CHAFF.md
/// Katas/19-catch-it-with-a-stub/
///   Sources/Kata19/                                  shipped
///   Wheats/keeps-a-dictionary/Sources/Kata19/        correct, with its WHEAT.md
///   Chaffs/forgets-the-spinner/Sources/Kata19/       buggy, with its CHAFF.md
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
        /// A tests kata's `Katas/NN-slug/Sources`: the code the learner reads and tests.
        case shipped
        /// A tests kata's `Katas/NN-slug/Wheats/<name>`: correct, built differently where the
        /// contract leaves room; the learner's tests must pass on it.
        case correct
        /// A tests kata's `Katas/NN-slug/Chaffs/<name>`: one bug; the learner's tests must fail on it.
        case buggy
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

    /// Makes `destination` hold the version's module, file for file (`Inbox.swift`, …), touching
    /// only what differs so that a build there recompiles only what changed. Returns whether
    /// anything changed. Every engine that builds a version goes through here, never through the
    /// folder it is stored in: a version may be stored as a change to its base.
    @discardableResult
    public func writeSources(to destination: URL) throws -> Bool {
        try FolderMirror.mirror(sourcesDirectory, to: destination)
    }

    /// Where an author edits the file at `relativePath` of the version's module (as written by
    /// ``writeSources(to:)``): a compiler error in a staged copy is reported there.
    public func editableFile(_ relativePath: String) -> URL {
        sourcesDirectory.appendingPathComponent(relativePath)
    }

    /// Whether the tests must pass on it.
    public var isCorrect: Bool { role != .wrong && role != .buggy }

    /// Its `CHAFF.md` (the misconception, the sentence it breaks, the test that catches it) or,
    /// for a correct version of a tests kata, its `WHEAT.md` (what it does differently, and why
    /// the contract allows it).
    public var notesFile: URL {
        folder.appendingPathComponent(role == .correct ? VersionNotes.correctFileName : VersionNotes.fileName)
    }
}
