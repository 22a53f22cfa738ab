import Foundation

extension KataVerifier {
    /// The rule's name, in the text report and in `--format json`: shown only when it breaks.
    public static let versionsRuleName = "versions apply"

    /// Every version stored as a change applies to its base, and none is open for editing: a
    /// version that does not apply cannot be graded, and an open one's file may be stale. Nil
    /// when all is well; otherwise the rule, naming each version, its file and the line.
    func versionsProblem(_ kata: Kata) -> Rule? {
        var problems: [String] = []
        for folder in kata.openVersionFolders() {
            let name = folder.lastPathComponent
            problems.append(
                "\(repository.relativePath(folder.path))/ is open for editing: write it back with"
                    + " `kata version save \(kata.number) \(name)`, or delete the folder")
        }
        let versions =
            kata.metadata.kind == .tests ? kata.correctVersions() + kata.buggyVersions() : kata.wrongSolutions()
        for version in versions {
            do {
                _ = try version.sourceFiles()
            } catch let error as KataError {
                problems.append(error.message + (error.advice.map { " " + $0 } ?? ""))
            } catch {
                problems.append("\(version.label): \(FileSystemFailure.reason(of: error))")
            }
        }
        guard !problems.isEmpty else { return nil }
        return Rule(name: Self.versionsRuleName, passed: false, detail: problems.joined(separator: "; "))
    }
}
