import Foundation

/// Every kata of a repository, in the order a learner meets them.
///
/// The catalog is read from the `Katas/NN-slug/README.md` front matter each time a command
/// runs, so it is never out of date:
///
/// ```swift
/// let catalog = try KataCatalog.load(from: repository)
/// let kata = try catalog.kata(named: "3")   // also "03", "conform-the-real-queue", "03-conform-the-real-queue"
/// ```
public struct KataCatalog: Sendable {
    /// A kata folder that could not be read, and why.
    public struct Problem: Sendable, Equatable {
        public var folderName: String
        public var error: KataError
    }

    public let repository: KataRepository
    public let katas: [Kata]
    /// Kata folders that are broken. One broken kata must not stop a learner working on another,
    /// so they are set aside here: commands about them, and commands about all katas, report them.
    public let problems: [Problem]

    public init(repository: KataRepository, katas: [Kata], problems: [Problem] = []) {
        self.repository = repository
        self.katas = katas.sorted { $0.number < $1.number }
        self.problems = problems
    }

    /// Folder names that are katas: two digits, a dash, a slug.
    static func isKataFolderName(_ name: String) -> Bool {
        KataFolderName(name)?.isWellFormed ?? false
    }

    public static func load(from repository: KataRepository) throws -> KataCatalog {
        let fileManager = FileManager.default
        let names: [String]
        do {
            names = try fileManager.contentsOfDirectory(atPath: repository.katasDirectory.path)
        } catch {
            throw KataError(
                .fileSystem, "Could not read \(repository.katasDirectory.path): \(FileSystemFailure.reason(of: error))")
        }
        var katas: [Kata] = []
        var problems: [Problem] = []
        var folderByNumber: [Int: String] = [:]
        // Other folders (a learner's scratch package, `.DS_Store`) are not katas and are skipped.
        for name in names.sorted() where isKataFolderName(name) {
            let kata: Kata
            do {
                kata = try loadKata(folder: name, repository: repository)
            } catch let error as KataError {
                problems.append(Problem(folderName: name, error: error))
                continue
            }
            if let other = folderByNumber[kata.number] {
                problems.append(
                    Problem(
                        folderName: name,
                        error: KataError(
                            .invalidCatalog,
                            "Katas/\(other) and Katas/\(name) both have the number \(kata.id).",
                            advice: "Give each kata its own number, in its folder name and its front matter."
                        )))
                continue
            }
            folderByNumber[kata.number] = name
            katas.append(kata)
        }
        return KataCatalog(repository: repository, katas: katas, problems: problems)
    }

    static func loadKata(folder: String, repository: KataRepository) throws -> Kata {
        let directory = repository.katasDirectory.appendingPathComponent(folder, isDirectory: true)
        let readme = directory.appendingPathComponent("README.md")
        let relativeReadme = "Katas/\(folder)/README.md"
        try repository.requireInside(directory, what: "Katas/\(folder)")
        try repository.requireInside(readme, what: relativeReadme)
        guard let data = FileManager.default.contents(atPath: readme.path) else {
            let empty = ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).isEmpty
            throw KataError(
                .invalidCatalog,
                empty
                    ? "Katas/\(folder) is empty: the kata's README.md, code and tests are missing."
                    : "Katas/\(folder) has no README.md.",
                advice: empty
                    ? "Restore the kata with `git checkout -- Katas/\(folder)`, or remove the empty folder."
                    : "Every kata folder needs a README.md with front matter; restore it with "
                        + "`git checkout -- \(relativeReadme)`."
            )
        }
        let text = try UTF8Text.decode(data, file: relativeReadme, restore: "git checkout -- \(relativeReadme)")
        let document = try FrontMatter.split(text, file: relativeReadme)
        let metadata = try FrontMatter.metadata(from: document, file: relativeReadme)
        let expectedFolder = "\(Kata.id(metadata.number))-\(metadata.slug)"
        guard expectedFolder == folder else {
            throw KataError(
                .invalidCatalog,
                "\(relativeReadme): the front matter says number \(metadata.number) and slug '\(metadata.slug)', so "
                    + "the folder should be Katas/\(expectedFolder).",
                advice: "Make the folder name and the front matter's number and slug agree."
            )
        }
        return Kata(
            metadata: metadata,
            directory: directory,
            solutionDirectory: repository.solutionsDirectory.appendingPathComponent(folder, isDirectory: true),
            instructions: document.body
        )
    }

    /// The kata `reference` names, read from its folder alone when the folder name tells which
    /// one it is: `kata check 3` need not parse every README before it starts. nil when only the
    /// whole catalog can answer (no such folder, two folders with one number, a broken README),
    /// so that ``kata(named:)`` explains it.
    ///
    /// ```swift
    /// KataCatalog.loadAlone(named: "03", from: repository)?.folderName   // "03-conform-the-real-queue"
    /// ```
    public static func loadAlone(named reference: String, from repository: KataRepository) -> Kata? {
        let trimmed = reference.trimmingCharacters(in: .whitespaces).lowercased()
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: repository.katasDirectory.path) else {
            return nil
        }
        let matches = names.filter { name in
            guard let folder = KataFolderName(name), folder.isWellFormed else { return false }
            return folder.isNamed(by: trimmed)
        }
        guard matches.count == 1 else { return nil }
        return try? loadKata(folder: matches[0], repository: repository)
    }

    /// The kata that follows `kata` in the catalog, nil after the last one: the next folder,
    /// read alone, or when that is broken, whatever the whole catalog says comes next.
    public static func loadNext(after kata: Kata, from repository: KataRepository) -> Kata? {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: repository.katasDirectory.path)) ?? []
        let later = names.filter { name in
            guard let folder = KataFolderName(name), folder.isWellFormed else { return false }
            return folder.number > kata.number
        }.sorted()
        guard let following = later.first else { return nil }
        return loadAlone(named: following, from: repository)
            ?? (try? load(from: repository))?.katas.first { $0.number > kata.number }
    }

    /// The katas `references` name, each once, in the order named; every kata when none is named.
    /// (`kata verify 1 01` names one kata twice; two runs of it would share its build folders.)
    public func katas(named references: [String]) throws -> [Kata] {
        let named = try references.isEmpty ? katas : references.map { try kata(named: $0) }
        var seen: Set<String> = []
        return named.filter { seen.insert($0.folderName).inserted }
    }

    /// The kata a learner means by `reference`: `3`, `03`, its slug, or its folder name.
    public func kata(named reference: String) throws -> Kata {
        let trimmed = reference.trimmingCharacters(in: .whitespaces)
        let match = katas.first { kata in
            if let number = Int(trimmed), trimmed.allSatisfy(\.isASCII) { return kata.number == number }
            return kata.slug == trimmed.lowercased() || kata.folderName == trimmed.lowercased()
        }
        if let match { return match }
        if let problem = problems.first(where: { $0.matches(trimmed.lowercased()) }) { throw problem.error }
        guard let first = katas.first, let last = katas.last else {
            throw KataError(
                .invalidCatalog, "There are no katas in \(repository.katasDirectory.path).",
                advice: "Restore the Katas folder with `git checkout -- Katas`.")
        }
        throw KataError(
            .usage,
            "There is no kata '\(reference)'. The katas are \(first.id) to \(last.id).",
            advice:
                "Name one by number or slug, e.g. `kata check \(first.number)` or `kata check \(first.slug)`; "
                + "`kata list` shows them all."
        )
    }
}

extension KataCatalog.Problem {
    /// Whether a learner's `3`, `03`, slug or folder name means this broken folder.
    func matches(_ reference: String) -> Bool {
        guard let folder = KataFolderName(folderName) else { return reference == folderName }
        return folder.isNamed(by: reference)
    }
}
