import Foundation

/// `kata reset N`: puts a kata back as the repository shipped it, after saving the learner's
/// files to a backup folder it names, so nothing is ever lost.
///
/// The starter comes from the kata's ``ShippedRecord``, not from git: a reset works the same
/// after the learner committed their work, and in a copy without history.
///
/// ```swift
/// let status = try ResetFrontend(context: context).run(kata: "1", assumeYes: true)
/// // Kata 01 · Stub the dispatcher is back to its starter: 2 files restored, 1 removed.
/// // Your files are saved in .kata/backups/01-stub-the-dispatcher-2026-11-23-110405.
/// ```
public struct ResetFrontend: Sendable {
    public let context: CommandContext

    public init(context: CommandContext) {
        self.context = context
    }

    /// `keepingWork` restores what the kata owns and leaves the learner's work alone: in a kata
    /// of the first kind the tests and `Package.swift` are restored and the code kept
    /// (`--tests-only`); in a tests kata the code, its versions and `Package.swift` are restored
    /// and the learner's tests kept (`--code-only`). `flag` is how the learner asked, to check it
    /// fits the kata.
    public func run(
        kata reference: String, assumeYes: Bool, keepingWork: Bool = false, flag: String? = nil, now: Date = Date()
    ) throws -> Int32 {
        let catalog = try context.catalog()
        let kata = try catalog.kata(named: reference)
        let console = context.console
        if let flag, flag != Self.keepWorkFlag(for: kata) {
            let work = kata.metadata.kind == .tests ? "your tests" : "your code"
            throw KataError(
                .usage,
                "\(flag) does not fit \(kata.heading): in this kata \(work) "
                    + "\(kata.metadata.kind == .tests ? "are" : "is") yours, and \(Self.keepWorkFlag(for: kata)) keeps "
                    + "\(kata.metadata.kind == .tests ? "them" : "it").",
                advice:
                    "Run `kata reset \(kata.number) \(Self.keepWorkFlag(for: kata))`, or `kata reset \(kata.number)` "
                    + "to start the kata over."
            )
        }
        let shipped = try ShippedRecord.load(for: kata)
        try Self.validatePaths(of: shipped, kata: kata)
        try Self.requireInside(catalog.repository, kata: kata, paths: Array(shipped.files.keys))
        let differences = shipped.differences(from: try ShippedRecord.capture(kata)).filter { change in
            !keepingWork || !kata.isLearnerWork(change.path)
        }
        let what =
            keepingWork ? (kata.metadata.kind == .tests ? "its shipped code" : "its shipped tests") : "its starter"
        guard !differences.isEmpty else {
            console.line("\(kata.heading) is already as shipped; nothing to reset.")
            return ExitStatus.success
        }

        if !assumeYes {
            guard context.prompt.canAsk else {
                throw KataError(
                    .usage,
                    "kata reset replaces your files in Katas/\(kata.folderName), and cannot ask you to confirm here "
                        + "(not a terminal).",
                    advice:
                        "Run `kata reset \(kata.number) --yes` to reset it; your files are saved to a backup folder "
                        + "first."
                )
            }
            console.line(
                "Resetting \(kata.heading) to \(what) changes \(differences.count) "
                    + "file\(differences.count == 1 ? "" : "s"):"
            )
            for change in differences.prefix(10) {
                console.line(
                    "  "
                        + console.style.dim(
                            change.difference.rawValue.padding(toLength: 9, withPad: " ", startingAt: 0))
                        + "Katas/\(kata.folderName)/\(change.path)")
            }
            if differences.count > 10 { console.line("  … and \(differences.count - 10) more") }
            guard context.prompt.ask("Your files are saved to a backup folder first. Reset? [y/N] ", on: console) else {
                console.line("Nothing was changed.")
                return ExitStatus.success
            }
        }

        let backup = try saveBackup(of: kata, in: catalog.repository, now: now)
        var restored = 0
        var removed = 0
        do {
            for change in differences {
                let url = kata.directory.appendingPathComponent(change.path)
                if let text = shipped.files[change.path] {
                    try FileManager.default.createDirectory(
                        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                    try Data(text.utf8).write(to: url, options: .atomic)
                    restored += 1
                } else {
                    try FileManager.default.removeItem(at: url)
                    removed += 1
                    removeEmptyFolders(above: url, in: kata)
                }
            }
        } catch {
            throw KataError(
                .fileSystem,
                "The reset of \(kata.heading) stopped halfway: \(FileSystemFailure.reason(of: error))",
                advice:
                    "Your files are saved in \(catalog.repository.relativePath(backup.path)); copy them back, fix the "
                    + "cause (a read-only folder, a full disk), and reset again."
            )
        }
        // The kata is back at its start, so its recorded result no longer holds.
        if !keepingWork {
            try? catalog.repository.progressStore.forget(kata)
        }
        var counts: [String] = []
        if restored > 0 { counts.append("\(restored) file\(restored == 1 ? "" : "s") restored") }
        if removed > 0 { counts.append("\(removed) file\(removed == 1 ? "" : "s") you added removed") }
        console.line(
            console.style.bold("\(kata.heading) is back to \(what)") + ": " + counts.joined(separator: ", ") + ".")
        console.line(
            "Your files are saved in \(catalog.repository.relativePath(backup.path))/; copy back anything you want to "
                + "keep."
        )
        return ExitStatus.success
    }

    /// The flag that keeps the learner's work: `--tests-only` (keep the code) or, in a tests
    /// kata, `--code-only` (keep the tests).
    public static func keepWorkFlag(for kata: Kata) -> String {
        kata.metadata.kind == .tests ? "--code-only" : "--tests-only"
    }

    /// Copies the learner's `Package.swift`, `Sources/` and `Tests/` (every file, text or not) to
    /// `.kata/backups/NN-slug-<time>/`, whole or not at all: it is built under a temporary name
    /// and renamed into place only when complete.
    func saveBackup(of kata: Kata, in repository: KataRepository, now: Date) throws -> URL {
        let fileManager = FileManager.default
        let backups = repository.backupsDirectory
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd-HHmmss"
        let stamp = formatter.string(from: now)
        var destination = backups.appendingPathComponent("\(kata.folderName)-\(stamp)", isDirectory: true)
        var suffix = 2
        while fileManager.fileExists(atPath: destination.path) {
            destination = backups.appendingPathComponent("\(kata.folderName)-\(stamp)-\(suffix)", isDirectory: true)
            suffix += 1
        }
        let partial = backups.appendingPathComponent(".partial-\(destination.lastPathComponent)", isDirectory: true)
        do {
            try? fileManager.removeItem(at: partial)
            try fileManager.createDirectory(at: partial, withIntermediateDirectories: true)
            for name in ["Package.swift"] + kata.shippedFolders {
                let source = kata.directory.appendingPathComponent(name)
                guard fileManager.fileExists(atPath: source.path) else { continue }
                try fileManager.copyItem(at: source, to: partial.appendingPathComponent(name))
            }
            try fileManager.moveItem(at: partial, to: destination)
        } catch {
            try? fileManager.removeItem(at: partial)
            throw KataError(
                .fileSystem,
                "Could not save a backup of Katas/\(kata.folderName) to \(repository.relativePath(backups.path)): "
                    + "\(FileSystemFailure.reason(of: error))",
                advice:
                    "Nothing was reset and your files are untouched. Check that the repository is writable and the "
                    + "disk is not full."
            )
        }
        return destination
    }

    /// A damaged or hostile record must not make reset write outside the kata's code.
    static func validatePaths(of record: ShippedRecord, kata: Kata) throws {
        for path in record.files.keys {
            let components = path.pathComponents
            let inCode =
                path == "Package.swift"
                || (components.first.map { kata.shippedFolders.contains($0) } == true && components.count > 1)
            let safe = !path.leavesItsFolder && !components.contains { $0 == "." || $0.isEmpty }
            guard inCode, safe else {
                throw KataError(
                    .invalidCatalog,
                    "Katas/\(kata.folderName)/\(ShippedRecord.fileName) names '\(path)', which is not a file of the "
                        + "kata's code; nothing was reset.",
                    advice:
                        "Restore the file from the repository "
                        + "(`git checkout -- Katas/\(kata.folderName)/\(ShippedRecord.fileName)`)."
                )
            }
        }
    }

    /// Everything reset reads and writes, the kata's code and the backups, must stay inside the
    /// repository: a `Sources` that is a symbolic link would have reset overwrite what it points to.
    static func requireInside(_ repository: KataRepository, kata: Kata, paths: [String]) throws {
        try repository.requireInside(repository.backupsDirectory, what: ".kata/backups")
        for path in ["Package.swift"] + kata.shippedFolders + paths.sorted() {
            try repository.requireInside(
                kata.directory.appendingPathComponent(path), what: "Katas/\(kata.folderName)/\(path)")
        }
    }

    private func removeEmptyFolders(above file: URL, in kata: Kata) {
        var folder = file.deletingLastPathComponent()
        let stops = ([kata.directory] + kata.shippedFolders.map { kata.directory.appendingPathComponent($0) })
            .map(\.standardizedFileURL.path)
        while !stops.contains(folder.standardizedFileURL.path),
            (try? FileManager.default.contentsOfDirectory(atPath: folder.path))?.isEmpty == true
        {
            try? FileManager.default.removeItem(at: folder)
            folder.deleteLastPathComponent()
        }
    }
}
