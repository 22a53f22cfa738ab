import Foundation

/// Puts a ``KataScaffold`` into a repository whole, or not at all.
///
/// Each of the two folders (`Katas/NN-slug`, `Solutions/NN-slug`) is written into a hidden
/// folder beside its final place, then renamed into place, so no one ever sees half a kata and
/// the rename cannot cross file systems. The README (with the kata's row in its table) and the
/// root `Package.swift` are replaced last, each atomically. If any step fails, everything this
/// run created is removed, the README is put back, and nothing else is touched:
///
/// ```swift
/// try ScaffoldInstaller(repository: repository).install(scaffold, manifest: newManifestText, readme: newReadmeText)
/// ```
struct ScaffoldInstaller {
    let repository: KataRepository

    /// `readme` nil leaves the README alone.
    func install(_ scaffold: KataScaffold, manifest: String, readme: (old: Data, new: String)? = nil) throws {
        let fileManager = FileManager.default
        let root = repository.root
        let readmeURL = root.appendingPathComponent("README.md")
        var created: [URL] = []
        var staged: [URL] = []
        var readmeReplaced = false
        do {
            for folder in [scaffold.kataFolder, scaffold.solutionFolder] {
                let final = root.appendingPathComponent(folder, isDirectory: true)
                let parent = final.deletingLastPathComponent()
                if !fileManager.fileExists(atPath: parent.path) {
                    try fileManager.createDirectory(at: parent, withIntermediateDirectories: false)
                    created.append(parent)
                }
                let stage = parent.appendingPathComponent(
                    ".\(final.lastPathComponent).new-\(UUID().uuidString)", isDirectory: true)
                staged.append(stage)
                for (path, text) in scaffold.files where path.hasPrefix(folder + "/") {
                    let file = stage.appendingPathComponent(String(path.dropFirst(folder.count + 1)))
                    try fileManager.createDirectory(
                        at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
                    try Data(text.utf8).write(to: file, options: .withoutOverwriting)
                }
            }
            try recordAsShipped(scaffold, stagedKata: staged[0], stagedSolution: staged[1])
            for (stage, folder) in zip(staged, [scaffold.kataFolder, scaffold.solutionFolder]) {
                let final = root.appendingPathComponent(folder, isDirectory: true)
                // moveItem refuses an existing destination, so a folder that appeared since the
                // checks (another `kata new`) is never overwritten.
                try fileManager.moveItem(at: stage, to: final)
                created.append(final)
            }
            if let readme {
                try Data(readme.new.utf8).write(to: readmeURL, options: .atomic)
                readmeReplaced = true
            }
            try Data(manifest.utf8).write(to: root.appendingPathComponent("Package.swift"), options: .atomic)
        } catch {
            for url in (staged + created).reversed() { try? fileManager.removeItem(at: url) }
            if readmeReplaced, let readme { try? readme.old.write(to: readmeURL, options: .atomic) }
            throw KataError(
                .fileSystem,
                "Could not create \(scaffold.kataFolder): \(error.localizedDescription). Nothing was changed.",
                advice:
                    "Check that Katas/, Solutions/, README.md and Package.swift are writable, then run kata new again."
            )
        }
    }

    /// `kata verify` requires `.shipped.json` to match the starter, so the scaffold ships as it is.
    private func recordAsShipped(_ scaffold: KataScaffold, stagedKata: URL, stagedSolution: URL) throws {
        let kata = Kata(
            metadata: scaffold.metadata, directory: stagedKata, solutionDirectory: stagedSolution, instructions: "")
        try ShippedRecord.capture(kata).encoded().write(to: ShippedRecord.url(for: kata), options: .withoutOverwriting)
    }
}
