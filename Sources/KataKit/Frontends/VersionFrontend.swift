import Foundation

/// `kata version edit N NAME` and `kata version save N NAME`: the author's loop for a version
/// stored as a change (``VersionChange``). Editing opens it as a folder beside its file, the
/// base's module with the change applied and its notes as `CHAFF.md` (or `WHEAT.md`); saving
/// writes the file back from the folder, as notes above a diff against the base, and removes the
/// folder. `--new` opens a version that does not exist yet as a copy of its base.
///
/// ```text
/// $ kata version edit 1 forgets-to-sort
/// Opened Solutions/01-stub-the-dispatcher/Chaffs/forgets-to-sort/ (the reference with the change
/// applied, and its notes in CHAFF.md). Edit it, then: kata version save 1 forgets-to-sort
/// $ kata version save 1 forgets-to-sort
/// Wrote Solutions/01-stub-the-dispatcher/Chaffs/forgets-to-sort.patch (1 file changed) and
/// removed the folder.
/// ```
public struct VersionFrontend: Sendable {
    /// Where a change that no longer applies leaves the hunks it could not place, in the folder.
    public static let rejectedFileName = "REJECTED.diff"

    public let context: CommandContext

    public init(context: CommandContext) {
        self.context = context
    }

    /// What `--new` makes, in a tests kata (a kata of the first kind has wrong solutions only).
    public enum NewKind: String, Sendable, CaseIterable {
        case buggy, correct
    }

    public func edit(kata reference: String, name: String, new newKind: NewKind?) throws -> Int32 {
        let (kata, version) = try locate(kata: reference, name: name, creatingAs: newKind)
        let console = context.console
        let repository = try context.repository()
        let shown = repository.relativePath(version.folder.path) + "/"
        if FileManager.default.fileExists(atPath: version.folder.path) {
            console.line(
                "\(shown) is open already: edit it there, then run `kata version save \(kata.number) \(name)`.")
            return ExitStatus.success
        }
        let base = try Self.read(version.base ?? kata.sourcesDirectory, what: "the base")
        var files = base
        var notes = Self.notesTemplate(for: version)
        var rejected: UnifiedDiff?
        if let change = version.change {
            notes = change.notes + "\n"
            let module = "Sources/\(kata.moduleName)/"
            let prefixed = VersionChange.diffPaths(of: base, module: kata.moduleName)
            let diff: UnifiedDiff
            do {
                diff = try change.diff()
            } catch {
                throw KataError(
                    .invalidCatalog, "\(version.label).patch is not a diff kata can read: \(error)",
                    advice: "Mend its diff by hand, or delete it and start again with --new.")
            }
            let outcome = diff.appliedLeniently(to: prefixed)
            files = Dictionary(
                uniqueKeysWithValues: outcome.files.compactMap { path, data in
                    path.hasPrefix(module) ? (String(path.dropFirst(module.count)), data) : nil
                })
            rejected = outcome.rejected.isEmpty ? nil : outcome.rejected
        }
        do {
            try FolderMirror.mirror(files, to: version.sourcesDirectory)
            let notesFile = version.folder.appendingPathComponent(Self.notesFileName(for: version))
            try Data(notes.utf8).write(to: notesFile, options: .atomic)
            if let rejected {
                let rejectedFile = version.folder.appendingPathComponent(Self.rejectedFileName)
                try Data(rejected.text.utf8).write(to: rejectedFile, options: .atomic)
            }
        } catch {
            throw KataError(
                .fileSystem, "Could not open \(shown): \(FileSystemFailure.reason(of: error))",
                advice: "Check that the folder is writable.")
        }
        let what = version.change == nil ? "a copy of its base, to change" : "its base with the change applied"
        console.line("Opened \(shown) (\(what), and its notes in \(Self.notesFileName(for: version))).")
        if let rejected {
            let count = rejected.files.map(\.hunks.count).reduce(0, +)
            console.line(
                context.console.style.yellow(
                    "\(count) part\(count == 1 ? "" : "s") of the change no longer appl\(count == 1 ? "ies" : "y")")
                    + " to the base: they are in \(shown)\(Self.rejectedFileName). Make those edits by hand"
                    + " (the file is not saved with the version).")
        }
        console.line("Edit it, then run `kata version save \(kata.number) \(name)`.")
        return ExitStatus.success
    }

    public func save(kata reference: String, name: String, keepFolder: Bool) throws -> Int32 {
        let (kata, version) = try locate(kata: reference, name: name, creatingAs: nil, mustBeOpen: true)
        let repository = try context.repository()
        let shown = repository.relativePath(version.folder.path) + "/"
        guard FileManager.default.fileExists(atPath: version.folder.path) else {
            throw KataError(
                .usage, "\(shown) is not open, so there is nothing to save.",
                advice: "Open it with `kata version edit \(kata.number) \(name)`, change it, then save.")
        }
        let notesURL = version.folder.appendingPathComponent(Self.notesFileName(for: version))
        guard let notesData = FileManager.default.contents(atPath: notesURL.path) else {
            throw KataError(
                .usage, "\(shown) has no \(notesURL.lastPathComponent): a version's notes say what it is.",
                advice: "Write its notes there (AUTHORING.md, \"Versions\"), then save again.")
        }
        let module = "Sources/\(kata.moduleName)/"
        let base = try Self.read(version.base ?? kata.sourcesDirectory, what: "the base")
        let edited = try Self.read(version.sourcesDirectory, what: shown)
        let diff = VersionChange.diff(module: kata.moduleName, from: base, to: edited)
        guard !diff.isEmpty else {
            throw KataError(
                .usage, "\(shown)Sources/\(kata.moduleName) is the same as its base: the version changes nothing.",
                advice: "Make the change the version is about, then save again; or delete the folder.")
        }
        let change = VersionChange(file: nil, notes: String(decoding: notesData, as: UTF8.self), diff: diff)
        let file = version.folder.deletingLastPathComponent().appendingPathComponent(
            "\(name).\(VersionChange.fileExtension)")
        // Everything the folder holds besides the module and the notes would be lost with it.
        let all = try Self.read(version.folder, what: shown)
        let unsaved = all.keys.filter {
            !$0.hasPrefix(module) && $0 != notesURL.lastPathComponent && $0 != Self.rejectedFileName
        }.sorted()
        do {
            try Data(change.text.utf8).write(to: file, options: .atomic)
            if !keepFolder, unsaved.isEmpty { try FileManager.default.removeItem(at: version.folder) }
        } catch {
            throw KataError(
                .fileSystem,
                "Could not write \(repository.relativePath(file.path)): \(FileSystemFailure.reason(of: error))",
                advice: "Check that the folder is writable.")
        }
        let changed = diff.files.count
        var line = "Wrote \(repository.relativePath(file.path)) (\(changed) file\(changed == 1 ? "" : "s") changed)"
        if keepFolder {
            line += "; \(shown) stays open."
        } else if unsaved.isEmpty {
            line += " and removed \(shown)."
        } else {
            line +=
                "; \(shown) stays, for it holds files a version does not keep: " + unsaved.joined(separator: ", ")
                + ". Move them elsewhere, then delete the folder."
        }
        context.console.line(line)
        if kata.metadata.kind == .tests {
            context.console.line("A tests kata records its versions as shipped: run `kata ship \(kata.number)` too.")
        }
        return ExitStatus.success
    }

    /// The kata and the version `name` names: stored, open, or (with `creatingAs`) new.
    private func locate(
        kata reference: String, name: String, creatingAs newKind: NewKind?, mustBeOpen: Bool = false
    ) throws -> (Kata, KataVersion) {
        try context.repository().requireFullRepository(for: "version")
        let kata = try context.catalog().kata(named: reference)
        if newKind == .correct, kata.metadata.kind != .tests {
            throw KataError(
                .usage,
                "\(kata.heading) is a kata where the learner writes the code: its versions are wrong solutions.",
                advice: "Drop --correct: `kata version edit \(kata.number) \(name) --new` starts a wrong solution.")
        }
        guard Slug.isValid(name) else {
            throw KataError(
                .usage, "'\(name)' is not a version name: lower-case letters, digits and single dashes.",
                advice: "Name a version after its misconception, as `forgets-to-sort`.")
        }
        let stored =
            (kata.metadata.kind == .tests ? kata.correctVersions() + kata.buggyVersions() : kata.wrongSolutions())
        if let version = stored.first(where: { $0.name == name }) {
            if newKind != nil {
                throw KataError(
                    .usage, "\(version.label) exists already.",
                    advice: "Drop --new to open it: `kata version edit \(kata.number) \(name)`.")
            }
            return (kata, version)
        }
        let directories = kata.changedVersionDirectories
        let open = directories.first {
            FileManager.default.fileExists(atPath: $0.folder.appendingPathComponent(name).path)
        }
        let role: KataVersion.Role
        if let open, newKind == nil {
            role = open.role
        } else if let newKind, !mustBeOpen {
            role = kata.metadata.kind == .tests ? (newKind == .correct ? .correct : .buggy) : .wrong
        } else {
            let names = stored.map(\.name)
            throw KataError(
                .usage,
                "\(kata.heading) has no version '\(name)'"
                    + (names.isEmpty ? "." : ": it has " + names.joined(separator: ", ") + "."),
                advice: mustBeOpen
                    ? "Open one with `kata version edit \(kata.number) NAME` first."
                    : "Add --new to start a version of that name from its base.")
        }
        guard let directory = directories.first(where: { $0.role == role })?.folder else {
            throw KataError(.usage, "\(kata.heading) has no \(role.rawValue) versions.", advice: nil)
        }
        let folder = directory.appendingPathComponent(name, isDirectory: true)
        let label = (try? context.repository().relativePath(folder.path)) ?? name
        let base = role == .wrong ? kata.referenceSolution.sourcesDirectory : kata.sourcesDirectory
        var version = KataVersion(role: role, folder: folder, name: name, label: label, moduleName: kata.moduleName)
        version.base = base
        return (kata, version)
    }

    /// A folder's files, by path; a folder that is not there has none.
    private static func read(_ folder: URL, what: String) throws -> [String: Data] {
        do {
            return try FolderMirror.contents(of: folder)
        } catch {
            throw KataError(
                .fileSystem, "Could not read \(what): \(FileSystemFailure.reason(of: error))",
                advice: "Check that \(folder.path) is readable.")
        }
    }

    static func notesFileName(for version: KataVersion) -> String {
        version.role == .correct ? VersionNotes.correctFileName : VersionNotes.fileName
    }

    /// The notes a new version starts with: every section `kata verify` asks for, to fill in.
    static func notesTemplate(for version: KataVersion) -> String {
        switch version.role {
        case .correct:
            return """
                # TODO: what it does differently, in a few words

                TODO: what this correct version does differently, as a learner whose test rejected it needs to hear it.

                ## Allowed by

                > TODO: the sentence of "What the code promises" (or "Left open") that allows it, quoted.

                """
        default:
            let nudge =
                version.role == .buggy
                ? "## Nudge\n\nTODO: a question that points the learner at what to test, never at the bug.\n\n" : ""
            return """
                # TODO: the misconception, in a few words

                "TODO: the misconception, in the words of whoever would write it."

                ## Breaks

                > TODO: the sentence of the contract it breaks, quoted.

                \(nudge)## Caught by

                `TODO`: the test that catches it, and how, in a sentence.

                """
        }
    }
}
