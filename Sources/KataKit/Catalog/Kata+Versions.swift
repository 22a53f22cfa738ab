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

    /// Every folder of `Solutions/NN-slug/Chaffs`, by name; hidden files and plain files are not
    /// wrong solutions. None when the folder is missing.
    public func wrongSolutions() -> [KataVersion] {
        versions(in: wrongSolutionsDirectory, role: .wrong, label: "Solutions/\(folderName)/Chaffs")
    }

    /// A tests kata's code as it ships, `Katas/NN-slug/Sources`: the code the learner reads.
    public var shippedCode: KataVersion {
        KataVersion(
            role: .shipped, folder: directory, name: "shipped", label: "Katas/\(folderName)", moduleName: moduleName)
    }

    /// A tests kata's other correct versions, `Katas/NN-slug/Wheats/<name>`, by name.
    public func correctVersions() -> [KataVersion] {
        versions(
            in: directory.appendingPathComponent("Wheats", isDirectory: true), role: .correct,
            label: "Katas/\(folderName)/Wheats")
    }

    /// A tests kata's buggy versions, `Katas/NN-slug/Chaffs/<name>`, by name.
    public func buggyVersions() -> [KataVersion] {
        versions(
            in: directory.appendingPathComponent("Chaffs", isDirectory: true), role: .buggy,
            label: "Katas/\(folderName)/Chaffs")
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
    /// and a tests kata's other versions too (a learner who edits a buggy version until their
    /// tests pass has graded them against something else).
    public var shippedFolders: [String] {
        metadata.kind == .tests ? ["Sources", "Tests", "Wheats", "Chaffs"] : ["Sources", "Tests"]
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

    /// The version folders under `folder`, by name; hidden files and plain files are not versions.
    private func versions(in folder: URL, role: KataVersion.Role, label: String) -> [KataVersion] {
        let fileManager = FileManager.default
        let names = (try? fileManager.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.sorted().compactMap { name in
            var isDirectory: ObjCBool = false
            let versionFolder = folder.appendingPathComponent(name, isDirectory: true)
            guard !name.hasPrefix("."), fileManager.fileExists(atPath: versionFolder.path, isDirectory: &isDirectory),
                isDirectory.boolValue
            else { return nil }
            return KataVersion(
                role: role, folder: versionFolder, name: name, label: "\(label)/\(name)", moduleName: moduleName)
        }
    }
}
