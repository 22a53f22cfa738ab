import Foundation

/// One version of a kata's module, that a kata's tests are run against in place of the learner's.
///
/// In a kata of the first kind the learner writes the code: the reference solution and a
/// differently built alternative prove the kata's tests accept the contract and not one design;
/// wrong solutions prove they catch the misconceptions a learner brings. In a tests kata the
/// learner writes the tests: the shipped code and other correct versions prove those tests
/// valid, buggy versions prove them thorough. Examplar, which grades students' tests this way,
/// calls correct versions wheats and buggy ones chaffs, hence the folder names.
///
/// A version is stored whole (the reference, the alternative, the shipped code: a folder with
/// `Sources/KataNN`) or as what it changes (every other: a ``VersionChange``, its notes above a
/// diff against the reference or the shipped code):
///
/// ```text
/// Solutions/03-conform-the-real-queue/
///   Sources/Kata03/                                  reference
///   Alternative/Sources/Kata03/                      alternative
///   Chaffs/clears-without-the-queue.patch            wrong: notes, then a diff against the reference
/// Katas/19-catch-it-with-a-stub/
///   Sources/Kata19/                                  shipped
///   Wheats/keeps-a-dictionary.patch                  correct: notes, then a diff against the shipped code
///   Chaffs/forgets-the-spinner.patch                 buggy
/// ```
///
/// Engines never read a version's folder: they ask for its files (``sourceFiles()``) or have them
/// written where they build (``writeSources(to:)``).
///
/// ```swift
/// let versions = [kata.referenceSolution, kata.alternativeSolution] + kata.wrongSolutions()
/// try versions[2].writeSources(to: stage.appendingPathComponent("Sources/Kata03"))
/// ```
public struct KataVersion: Sendable, Equatable {
    public enum Role: String, Sendable, Equatable {
        /// `Solutions/NN-slug`: the solution the root package compiles and the site shows.
        case reference
        /// `Solutions/NN-slug/Alternative`: a second correct design.
        case alternative
        /// `Solutions/NN-slug/Chaffs/<name>.patch`: one misconception; the kata's tests must fail on it.
        case wrong
        /// A tests kata's `Katas/NN-slug/Sources`: the code the learner reads and tests.
        case shipped
        /// A tests kata's `Katas/NN-slug/Wheats/<name>.patch`: correct, built differently where the
        /// contract leaves room; the learner's tests must pass on it.
        case correct
        /// A tests kata's `Katas/NN-slug/Chaffs/<name>.patch`: one bug; the learner's tests must fail on it.
        case buggy
        /// One mutant of a ``MutantSchema``, made by `kata mutate` and chosen at run time by its
        /// ``environment`` (`KATA_MUTANT`): a bug nobody wrote, which the tests should catch too.
        case mutant
    }

    public var role: Role
    /// A whole version's folder, which holds `Sources/`; for a version stored as a change, the
    /// folder `kata version edit` opens it in (`Chaffs/<name>/`), there only while it is open.
    public var folder: URL
    /// `reference`, `alternative`, or a version's file name without `.patch`.
    public var name: String
    /// `Solutions/NN-slug/Chaffs/<name>`: how authors and reports name it.
    public var label: String
    /// The module's folder below ``folder``, `<folder>/Sources/KataNN`: where an author edits it.
    public var sourcesDirectory: URL
    /// What it changes, for a version stored so; nil for a whole one.
    public var change: VersionChange?
    /// The module folder of the version a change applies to (the reference or the shipped code).
    public var base: URL?
    /// What its runs add to the tests' environment. Versions with the same code and another
    /// environment are built once: a mutant schema's mutants are one module, each chosen at run
    /// time by `KATA_MUTANT`.
    public var environment: [String: String] = [:]

    init(role: Role, folder: URL, name: String, label: String, moduleName: String) {
        self.role = role
        self.folder = folder
        self.name = name
        self.label = label
        self.sourcesDirectory = folder.appendingPathComponent("Sources/\(moduleName)", isDirectory: true)
    }

    /// A version stored as `change` to the module in `base`.
    init(
        role: Role, change: VersionChange, base: URL, folder: URL, name: String, label: String, moduleName: String
    ) {
        self.init(role: role, folder: folder, name: name, label: label, moduleName: moduleName)
        self.change = change
        self.base = base
    }

    /// The module's files, by path below its folder (`Inbox.swift`, `Seams/Clock.swift`): read
    /// from its folder, or the base's with the change applied. Throws a ``KataError`` naming the
    /// version, the file and the line when the change no longer applies to its base.
    public func sourceFiles() throws -> [String: Data] {
        guard let change, let base else {
            return try readFiles(in: sourcesDirectory)
        }
        let module = "Sources/\(sourcesDirectory.lastPathComponent)/"
        let stored = change.file.map { $0.lastPathComponent } ?? name
        do {
            let baseFiles = try readFiles(in: base)
            let applied = try change.diff().applied(
                to: VersionChange.diffPaths(of: baseFiles, module: sourcesDirectory.lastPathComponent))
            var files: [String: Data] = [:]
            for (path, data) in applied {
                guard path.hasPrefix(module) else {
                    throw UnifiedDiff.ApplyFailure(
                        path: path, line: 0,
                        reason: "it is outside the module, \(module), which is all a version may change")
                }
                files[String(path.dropFirst(module.count))] = data
            }
            return files
        } catch let failure as UnifiedDiff.ApplyFailure {
            throw KataError(
                .invalidCatalog,
                "\(label) (\(stored)) no longer applies to its base: \(failure)",
                advice:
                    "Open it as a folder with `kata version edit \(kataReference) \(name)`, mend it, and write it back"
                    + " with `kata version save \(kataReference) \(name)` (AUTHORING.md, \"Versions\").")
        } catch let failure as UnifiedDiff.ParseFailure {
            throw KataError(
                .invalidCatalog, "\(label) (\(stored)) is not a diff kata can read: \(failure)",
                advice: "Write it with `kata version save \(kataReference) \(name)` rather than by hand.")
        }
    }

    /// Makes `destination` hold the version's module, file for file, touching only what differs so
    /// that a build there recompiles only what changed. Returns whether anything changed. Every
    /// engine that builds a version goes through here, never through the folder it is stored in.
    @discardableResult
    public func writeSources(to destination: URL) throws -> Bool {
        try FolderMirror.mirror(sourceFiles(), to: destination)
    }

    /// Where an author edits the file at `relativePath` of the version's module (as written by
    /// ``writeSources(to:)``): a compiler error in a staged copy is reported there.
    public func editableFile(_ relativePath: String) -> URL {
        sourcesDirectory.appendingPathComponent(relativePath)
    }

    /// Whether `other` is built from the same code, whatever each run's environment.
    public func hasSameCode(as other: KataVersion) -> Bool {
        folder == other.folder && change == other.change && base == other.base
    }

    /// Whether the tests must pass on it.
    public var isCorrect: Bool { role != .wrong && role != .buggy && role != .mutant }

    /// Where its notes are: a change's own file (notes above the diff), or a whole version's
    /// `CHAFF.md` / `WHEAT.md` (what it does differently, and why the contract allows it).
    public var notesFile: URL {
        if let change { return change.file ?? folder }
        return folder.appendingPathComponent(role == .correct ? VersionNotes.correctFileName : VersionNotes.fileName)
    }

    /// How reports name its notes: `Solutions/…/Chaffs/forgets-to-sort.patch` for a change,
    /// `…/CHAFF.md` (or `WHEAT.md`) for a whole version.
    public var notesLabel: String {
        if let file = change?.file {
            return label.split(separator: "/").dropLast().joined(separator: "/") + "/" + file.lastPathComponent
        }
        if change != nil { return label }
        return label + "/" + notesFile.lastPathComponent
    }

    /// What to say when it has no notes.
    public var missingNotes: String {
        change == nil ? "it is missing" : "its notes are missing"
    }

    /// The kata's number from the label (`Solutions/01-stub-the-dispatcher/…` gives `1`), for the
    /// commands an author is told to run.
    private var kataReference: String {
        let parts = label.split(separator: "/")
        guard parts.count > 1 else { return label }
        return Int(parts[1].prefix { $0.isNumber }).map(String.init) ?? String(parts[1])
    }

    private func readFiles(in folder: URL) throws -> [String: Data] {
        do {
            return try FolderMirror.contents(of: folder)
        } catch {
            throw KataError(
                .fileSystem, "Could not read \(label): \(FileSystemFailure.reason(of: error))",
                advice: "Check that \(folder.path) exists and is readable.")
        }
    }
}
