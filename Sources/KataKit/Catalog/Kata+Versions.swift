import Foundation

extension Kata {
    /// The folder of the kata's wrong solutions, `Solutions/NN-slug/Chaffs`.
    public var wrongSolutionsDirectory: URL {
        solutionDirectory.appendingPathComponent("Chaffs", isDirectory: true)
    }

    /// `Solutions/NN-slug`: the reference solution.
    public var referenceSolution: KataVersion {
        KataVersion(
            role: .reference, folder: solutionDirectory, name: "reference", label: "Solutions/\(folderName)",
            moduleName: moduleName)
    }

    /// `Solutions/NN-slug/Alternative`: the second, differently built solution that proves the
    /// tests accept more than one design.
    public var alternativeSolution: KataVersion {
        KataVersion(
            role: .alternative, folder: solutionDirectory.appendingPathComponent("Alternative", isDirectory: true),
            name: "alternative", label: "Solutions/\(folderName)/Alternative", moduleName: moduleName)
    }

    /// Every `Solutions/NN-slug/Chaffs/<name>.patch`, by name: each a change to the reference
    /// solution. None when the folder is missing.
    public func wrongSolutions() -> [KataVersion] {
        versions(
            in: wrongSolutionsDirectory, role: .wrong, label: "Solutions/\(folderName)/Chaffs",
            base: referenceSolution.sourcesDirectory)
    }

    /// A tests kata's code as it ships, `Katas/NN-slug/Sources`: the code the learner reads.
    public var shippedCode: KataVersion {
        KataVersion(
            role: .shipped, folder: directory, name: "shipped", label: "Katas/\(folderName)", moduleName: moduleName)
    }

    /// A tests kata's other correct versions, `Katas/NN-slug/Wheats/<name>.patch`, by name: each a
    /// change to the shipped code. In the learner edition, read from its ``VersionPack``.
    public func correctVersions() -> [KataVersion] {
        if let pack = learnerPack { return pack.versions(.correct, of: self) }
        return versions(
            in: directory.appendingPathComponent("Wheats", isDirectory: true), role: .correct,
            label: "Katas/\(folderName)/Wheats", base: sourcesDirectory)
    }

    /// A tests kata's buggy versions, `Katas/NN-slug/Chaffs/<name>.patch`, by name (in the learner
    /// edition, `bug-1` … from its ``VersionPack``).
    public func buggyVersions() -> [KataVersion] {
        if let pack = learnerPack { return pack.versions(.buggy, of: self) }
        return versions(
            in: directory.appendingPathComponent("Chaffs", isDirectory: true), role: .buggy,
            label: "Katas/\(folderName)/Chaffs", base: sourcesDirectory)
    }

    /// The learner edition's pack, when the kata has one and no versions of its own.
    private var learnerPack: VersionPack? {
        guard metadata.kind == .tests,
            !changedVersionDirectories.contains(where: { FileManager.default.fileExists(atPath: $0.folder.path) })
        else { return nil }
        return VersionPack.load(for: self)
    }

    /// The folders where versions are stored as changes: a wrong solution's, or a tests kata's
    /// correct and buggy ones.
    public var changedVersionDirectories: [(folder: URL, role: KataVersion.Role)] {
        metadata.kind == .tests
            ? [
                (directory.appendingPathComponent("Wheats", isDirectory: true), .correct),
                (directory.appendingPathComponent("Chaffs", isDirectory: true), .buggy),
            ]
            : [(wrongSolutionsDirectory, .wrong)]
    }

    /// Versions open for editing (`kata version edit`): a folder beside the versions' files, with
    /// or without a `.patch` of the same name. While one is open its file may be stale, so
    /// `kata verify` refuses to vouch for the kata.
    public func openVersionFolders() -> [URL] {
        changedVersionDirectories.flatMap { folder, _ in
            ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted().compactMap { name in
                var isDirectory: ObjCBool = false
                let url = folder.appendingPathComponent(name, isDirectory: true)
                guard !name.hasPrefix("."), FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory),
                    isDirectory.boolValue
                else { return nil }
                return url
            }
        }
    }

    /// Every version a tests kata grades the learner's tests against: the shipped code, the other
    /// correct versions, then the buggy ones.
    public func gradedVersions() -> [KataVersion] {
        [shippedCode] + correctVersions() + buggyVersions()
    }

    /// A tests kata's reference test suite, `Solutions/NN-slug/Tests/KataNNTests`: its solution.
    public var referenceTestsDirectory: URL {
        solutionDirectory.appendingPathComponent("Tests/\(testModuleName)", isDirectory: true)
    }

    /// The folders `.shipped.json` records and `kata reset` restores: the code and the tests,
    /// and a tests kata's other versions too (as `.patch` files, or packed in the learner edition)
    /// (a learner who edits a buggy version until their tests pass has graded them against
    /// something else).
    public var shippedFolders: [String] {
        metadata.kind == .tests
            ? ["Sources", "Tests", "Wheats", "Chaffs", VersionPack.folderName] : ["Sources", "Tests"]
    }

    /// Whether a file of the kata (`Sources/Kata01/Inbox.swift`, relative to its folder) is the
    /// learner's work: the code in a kata of the first kind, the tests in a tests kata. The rest
    /// is the kata's: `kata check` warns when it changed, `kata reset --tests-only` (or
    /// `--code-only`) restores it.
    public func isLearnerWork(_ path: String) -> Bool {
        path.hasPrefix(metadata.kind == .tests ? "Tests/" : "Sources/")
    }

    /// The README section that states the contract versions are held to: what the learner must
    /// build ("Your task"), or, in a tests kata, what the code promises.
    public var contractSection: String {
        metadata.kind == .tests ? "What the code promises" : "Your task"
    }

    /// The versions stored as changes under `folder` (`<name>.patch`), by name, each applied to
    /// the module in `base`; hidden files and other files are not versions.
    private func versions(in folder: URL, role: KataVersion.Role, label: String, base: URL) -> [KataVersion] {
        let suffix = "." + VersionChange.fileExtension
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.sorted().compactMap { file in
            guard !file.hasPrefix("."), file.hasSuffix(suffix), file.count > suffix.count else { return nil }
            let url = folder.appendingPathComponent(file)
            guard let data = FileManager.default.contents(atPath: url.path) else { return nil }
            let name = String(file.dropLast(suffix.count))
            return KataVersion(
                role: role, change: VersionChange(file: url, text: String(decoding: data, as: UTF8.self)), base: base,
                folder: folder.appendingPathComponent(name, isDirectory: true), name: name, label: "\(label)/\(name)",
                moduleName: moduleName)
        }
    }
}
