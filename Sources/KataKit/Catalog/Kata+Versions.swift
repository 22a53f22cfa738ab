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
        let fileManager = FileManager.default
        let names = (try? fileManager.contentsOfDirectory(atPath: wrongSolutionsDirectory.path)) ?? []
        return names.sorted().compactMap { name in
            var isDirectory: ObjCBool = false
            let folder = wrongSolutionsDirectory.appendingPathComponent(name, isDirectory: true)
            guard !name.hasPrefix("."), fileManager.fileExists(atPath: folder.path, isDirectory: &isDirectory),
                isDirectory.boolValue
            else { return nil }
            return KataVersion(
                role: .wrong, folder: folder, name: name, label: "Solutions/\(folderName)/Chaffs/\(name)",
                moduleName: moduleName)
        }
    }
}
