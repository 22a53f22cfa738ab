import Foundation

/// Writes the learner edition of a kata repository: a ready-to-push repository with the katas
/// (each with its `.shipped.json`), the `kata` tool and what it builds from, the learner's
/// scripts, a root `Package.swift` with the tool only, a README for learners, the site without
/// solution pages, the GitHub workflows (``WorkshopWorkflows``) and the marker
/// ``LearnerEdition``; and no `Solutions/`, no `SOLUTION.md`.
///
/// ``files()`` is deterministic: the same repository gives the same paths and bytes (no
/// timestamps, paths sorted), so exporting one commit twice gives the same edition.
///
/// ```swift
/// let exporter = WorkshopExporter(catalog: try KataCatalog.load(from: repository))
/// try exporter.export(into: URL(fileURLWithPath: "/tmp/katas-workshop"))
/// ```
///
/// Hidden files and folders (build output, `.swiftpm`, `.DS_Store`, editors' swap files, the
/// learner loop's `.kata/`), `Package.resolved` and symbolic links are left out, except each
/// kata's `.shipped.json`. It refuses katas whose code is not the starter they shipped with
/// (``requireStartersAsShipped()``).
public struct WorkshopExporter: Sendable {
    public let catalog: KataCatalog
    /// Where the tool's sources (`Sources/KataKit`, `KataCLI`, `CCmarkGFM`, `scripts/`) are read:
    /// the repository itself, except in tests, which export a miniature repository.
    public let toolRoot: URL

    /// The tool's folders the edition copies, relative to ``toolRoot``.
    static let toolFolders = ["Sources/CCmarkGFM", "Sources/KataKit", "Sources/KataCLI"]
    /// The scripts a learner runs.
    static let learnerScripts = ["scripts/install-dependencies", "scripts/setup"]
    /// The files written executable.
    static let executables: Set<String> = Set(learnerScripts)

    public init(catalog: KataCatalog, toolRoot: URL? = nil) {
        self.catalog = catalog
        self.toolRoot = (toolRoot ?? catalog.repository.root).standardizedFileURL
    }

    /// Every file of the edition, by path relative to its root.
    public func files() throws -> [String: Data] {
        if let problem = catalog.problems.first {
            throw KataError(
                .invalidCatalog,
                "Katas/\(problem.folderName) cannot be read, so the edition would be incomplete: "
                    + "\(problem.error.message)",
                advice: problem.error.advice ?? "Fix the kata, or run `kata verify`, then export again.")
        }
        guard !catalog.katas.isEmpty else {
            throw KataError(
                .invalidCatalog, "There are no katas to export in \(catalog.repository.katasDirectory.path).")
        }
        try requireStartersAsShipped()
        var files: [String: Data] = [:]
        for kata in catalog.katas {
            try copy(
                folder: kata.directory, as: "Katas/\(kata.folderName)", from: catalog.repository.root, into: &files)
            if kata.metadata.kind == .tests { try packVersions(of: kata, in: &files) }
        }
        for folder in Self.toolFolders {
            let url = toolRoot.appendingPathComponent(folder, isDirectory: true)
            guard FileManager.default.fileExists(atPath: url.path) else {
                throw KataError(
                    .invalidCatalog, "\(url.path) is missing: the learner edition needs the kata tool's sources.",
                    advice: "Export from a clone of the full dispatch-katas repository.")
            }
            try copy(folder: url, as: folder, from: toolRoot, into: &files)
        }
        for script in Self.learnerScripts {
            guard let data = FileManager.default.contents(atPath: toolRoot.appendingPathComponent(script).path) else {
                throw KataError(.invalidCatalog, "\(toolRoot.appendingPathComponent(script).path) is missing.")
            }
            files[script] = data
        }
        if let gitignore = FileManager.default.contents(atPath: toolRoot.appendingPathComponent(".gitignore").path) {
            files[".gitignore"] = gitignore
        }
        files["Package.swift"] = Data(LearnerPackageManifest.text.utf8)
        files["README.md"] = Data(LearnerReadme.text(katas: catalog.katas).utf8)
        files[LearnerEdition.fileName] = Data(LearnerEdition().json().utf8)
        files[".github/workflows/classroom.yml"] = Data(WorkshopWorkflows.classroom(catalog.katas).utf8)
        files[".github/workflows/progress.yml"] = Data(WorkshopWorkflows.progress().utf8)
        for (path, text) in try SiteGenerator(catalog: catalog, includesSolutions: false).generate() {
            files["site/\(path)"] = Data(text.utf8)
        }
        return files
    }

    /// Writes the edition into `destination`, which must be empty (or not exist yet) and lie
    /// outside the repository. Returns how many files it wrote.
    @discardableResult
    public func export(into destination: URL) throws -> Int {
        let destination = destination.standardizedFileURL
        let fileManager = FileManager.default
        for root in [catalog.repository, KataRepository(root: toolRoot)] where root.contains(destination) {
            throw KataError(
                .usage,
                "\(destination.path) is inside the repository \(root.root.path); the learner edition must go to a "
                    + "folder of its own.",
                advice: "Name a new folder outside it, e.g. `kata workshop export ../katas-workshop`.")
        }
        var isDirectory: ObjCBool = false
        if fileManager.fileExists(atPath: destination.path, isDirectory: &isDirectory) {
            let entries = (try? fileManager.contentsOfDirectory(atPath: destination.path)) ?? []
            guard isDirectory.boolValue, entries.isEmpty else {
                throw KataError(
                    .usage,
                    "\(destination.path) is not an empty folder; kata writes the learner edition only into a new or "
                        + "empty one, so that nothing there is overwritten.",
                    advice: "Name a new folder, e.g. `kata workshop export ../katas-workshop`.")
            }
        }
        let files = try files()
        // Written into a hidden folder beside the destination, then renamed into place in one
        // step: a full disk or Ctrl-C leaves no half-written edition that looks complete.
        let staging = destination.deletingLastPathComponent()
            .appendingPathComponent(".\(destination.lastPathComponent).partial-\(UUID().uuidString)", isDirectory: true)
        do {
            defer { try? fileManager.removeItem(at: staging) }
            try fileManager.createDirectory(
                at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
            for path in files.keys.sorted() {
                let url = staging.appendingPathComponent(path)
                try fileManager.createDirectory(
                    at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try files[path]!.write(to: url, options: .atomic)
                if Self.executables.contains(path) {
                    try fileManager.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
                }
            }
            // rename(2) replaces an empty folder, and fails on one that gained files meanwhile.
            guard rename(staging.path, destination.path) == 0 else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: destination.path])
            }
        } catch {
            throw KataError(
                .fileSystem,
                "Could not write the learner edition to \(destination.path): \(FileSystemFailure.reason(of: error))")
        }
        return files.count
    }

    /// A tests kata's correct and buggy versions leave the learner's sight: `Wheats/` and `Chaffs/`
    /// become one ``VersionPack`` that `kata check` reads, and the kata's `.shipped.json`, which
    /// held their text for `kata reset`, holds the pack instead.
    func packVersions(of kata: Kata, in files: inout [String: Data]) throws {
        let folder = "Katas/\(kata.folderName)/"
        let hidden = ["Wheats/", "Chaffs/"].map { folder + $0 }
        for path in files.keys where hidden.contains(where: path.hasPrefix) { files[path] = nil }
        let pack = try VersionPack(kata: kata).encoded()
        let packPath = "\(VersionPack.folderName)/\(VersionPack.fileName)"
        files[folder + packPath] = pack
        var record = try ShippedRecord.load(for: kata)
        record.files = record.files.filter { path, _ in !["Wheats/", "Chaffs/"].contains(where: path.hasPrefix) }
        record.files[packPath] = String(decoding: pack, as: UTF8.self)
        files[folder + ShippedRecord.fileName] = try record.encoded()
    }

    /// Throws when a kata's `Package.swift`, `Sources/` or `Tests/` differ from its
    /// `.shipped.json`: the edition hands out what is on disk as the starter, so a checkout where
    /// the facilitator solved a kata would give the answer away, and a starter an author changed
    /// without `kata ship` would make `kata reset` put back something else.
    func requireStartersAsShipped() throws {
        var changed: [(kata: Kata, files: String)] = []
        for kata in catalog.katas {
            let differences = try ShippedRecord.load(for: kata).differences(from: ShippedRecord.capture(kata))
            guard !differences.isEmpty else { continue }
            let named = differences.prefix(3).map { "\($0.path) \($0.difference.rawValue)" }
            let more = differences.count > 3 ? " and \(differences.count - 3) more" : ""
            changed.append((kata, named.joined(separator: ", ") + more))
        }
        guard let first = changed.first else { return }
        let message =
            changed.count == 1
            ? "\(first.kata.heading) differs from the starter it shipped with (\(first.files)), and the edition would "
                + "hand it out as the starter."
            : "\(changed.count) katas differ from the starter they shipped with, and the edition would hand them out "
                + "as the starter:\n"
                + changed.map { "  \($0.kata.heading): \($0.files)" }.joined(separator: "\n")
        throw KataError(
            .usage, message,
            advice:
                "If you solved it in this checkout, `kata reset \(first.kata.number)` puts the starter back (your "
                + "files are saved to .kata/backups first); if you are its author and changed the starter on "
                + "purpose, `kata ship \(first.kata.number)` records it. Then export again."
        )
    }

    /// Copies the regular files below `folder` into `files` under `prefix`, but what ``isSkipped(_:)`` names.
    private func copy(folder: URL, as prefix: String, from root: URL, into files: inout [String: Data]) throws {
        let repository = KataRepository(root: root)
        try repository.requireInside(folder, what: prefix)
        let base = folder.resolvingSymlinksInPath().path
        guard
            let enumerator = FileManager.default.enumerator(
                at: folder.resolvingSymlinksInPath(),
                includingPropertiesForKeys: [.isRegularFileKey, .isSymbolicLinkKey])
        else { return }
        while let url = enumerator.nextObject() as? URL {
            let name = url.lastPathComponent
            if Self.isSkipped(name) {
                enumerator.skipDescendants()
                continue
            }
            let values = try? url.resourceValues(forKeys: [.isRegularFileKey, .isSymbolicLinkKey])
            guard values?.isSymbolicLink != true, values?.isRegularFile == true else { continue }
            let relative = String(url.standardizedFileURL.path.dropFirst(base.count + 1))
            guard let data = FileManager.default.contents(atPath: url.path) else {
                throw KataError(.fileSystem, "Could not read \(prefix)/\(relative).")
            }
            files["\(prefix)/\(relative)"] = data
        }
    }

    /// Hidden files and folders are nobody's kata or tool: build output, `.swiftpm`, `.git`, `.kata`,
    /// `.DS_Store`, an editor's swap file of a solved kata. Each kata's `.shipped.json` is the exception.
    static func isSkipped(_ name: String) -> Bool {
        (name.hasPrefix(".") && name != ShippedRecord.fileName) || name == "Package.resolved" || name == "SOLUTION.md"
    }
}
