import Foundation

/// The clone of the kata repository the command works in.
///
/// The root is the nearest folder, from the working directory upward, that holds both a
/// `Package.swift` and a `Katas` folder, so `kata` works from anywhere inside a clone,
/// including from inside a kata's own folder:
///
/// ```swift
/// let repository = try KataRepository.locate(from: URL(fileURLWithPath: "/work/katas/Katas/01-x"))
/// repository.root.path // "/work/katas"
/// ```
public struct KataRepository: Sendable, Equatable {
    public let root: URL

    public init(root: URL) {
        self.root = root.standardizedFileURL
    }

    public var katasDirectory: URL { root.appendingPathComponent("Katas", isDirectory: true) }

    /// The folder name of the kata `url` lies in (`Katas/03-x/Sources` → `03-x`), or nil: what a
    /// learner working inside a kata's folder means when they name no kata.
    public func kataFolder(containing url: URL) -> String? {
        guard let below = url.path(below: katasDirectory),
            let first = below.split(separator: "/").first.map(String.init),
            let folder = KataFolderName(first), folder.isWellFormed
        else { return nil }
        return folder.name
    }
    public var solutionsDirectory: URL { root.appendingPathComponent("Solutions", isDirectory: true) }
    /// Build products of the commands themselves (verification copies), inside the git-ignored `.build`.
    public var workDirectory: URL { root.appendingPathComponent(".build/kata", isDirectory: true) }
    /// The learner's progress, git-ignored.
    public var stateFile: URL { root.appendingPathComponent(".kata/state.json") }
    /// The learner's progress, kept inside the repository even if `.kata` is a symbolic link.
    public var progressStore: ProgressStore { ProgressStore(file: stateFile, repository: self) }
    /// Where `kata reset` saves the learner's files before it changes them.
    public var backupsDirectory: URL { root.appendingPathComponent(".kata/backups", isDirectory: true) }

    /// Finds the repository that contains `directory`, or uses `explicitRoot` when one is given.
    public static func locate(from directory: URL, explicitRoot: URL? = nil) throws -> KataRepository {
        if let explicitRoot {
            let root = explicitRoot.standardizedFileURL
            guard isRepository(root) else {
                throw KataError(
                    .repositoryNotFound,
                    "\(root.path) is not a kata repository: it needs a Package.swift and a Katas folder.",
                    advice: "Pass the folder you cloned dispatch-katas into, e.g. `kata list --root ~/dispatch-katas`."
                )
            }
            return KataRepository(root: root)
        }
        var candidate = directory.standardizedFileURL
        while true {
            if isRepository(candidate) { return KataRepository(root: candidate) }
            let parent = candidate.deletingLastPathComponent()
            if parent.path == candidate.path { break }
            candidate = parent
        }
        throw KataError(
            .repositoryNotFound,
            "No kata repository (a folder with a Package.swift and a Katas folder) found in "
                + "\(directory.standardizedFileURL.path) or any folder above it.",
            advice: "Run kata from inside your clone of dispatch-katas, or pass its folder with --root PATH."
        )
    }

    private static func isRepository(_ folder: URL) -> Bool {
        var isDirectory: ObjCBool = false
        let fileManager = FileManager.default
        return fileManager.fileExists(atPath: folder.appendingPathComponent("Package.swift").path)
            && fileManager.fileExists(atPath: folder.appendingPathComponent("Katas").path, isDirectory: &isDirectory)
            && isDirectory.boolValue
    }

    /// Whether `url` lies inside the repository once every symbolic link on its way is followed.
    /// A link in `Katas/` (or a `.kata` folder that is a link) could otherwise lead a command to
    /// read or write anywhere on the learner's disk.
    public func contains(_ url: URL) -> Bool {
        guard let rootPath = Self.resolved(root), let path = Self.resolved(url) else { return false }
        return path == rootPath || path.hasPrefix(rootPath == "/" ? "/" : rootPath + "/")
    }

    /// Throws unless `url` lies inside the repository; `what` names it for the learner, e.g.
    /// `Katas/05-x`.
    public func requireInside(_ url: URL, what: String) throws {
        guard !contains(url) else { return }
        let destination =
            Self.resolved(url).map { "leads to \($0), outside the repository" }
            ?? "is a symbolic link that leads nowhere"
        throw KataError(
            .invalidCatalog,
            "\(what) \(destination); kata reads and writes only inside \(root.path).",
            advice: "Replace the link with a real folder or file inside the repository, or remove it."
        )
    }

    /// The real path of `url`: symbolic links followed as far as the path exists (a file about
    /// to be written does not exist yet, but its folders may be links); nil for a link that
    /// leads nowhere.
    static func resolved(_ url: URL) -> String? {
        var existing = url.standardizedFileURL
        var rest: [String] = []
        // attributesOfItem does not follow a final link, so a dangling link counts as existing.
        while (try? FileManager.default.attributesOfItem(atPath: existing.path)) == nil, existing.path != "/" {
            rest.insert(existing.lastPathComponent, at: 0)
            existing.deleteLastPathComponent()
        }
        guard let real = realpath(existing.path, nil) else { return nil }
        defer { free(real) }
        var path = String(cString: real)
        for component in rest { path += (path.hasSuffix("/") ? "" : "/") + component }
        return path
    }

    /// `path` relative to the repository root when it lies inside it, else unchanged.
    /// The compiler and the tests print paths with links resolved (`/private/var/…` on macOS)
    /// where the root may have been reached through one (`/var/…`); both spellings count.
    public func relativePath(_ path: String) -> String {
        URL(fileURLWithPath: path).path(below: root) ?? path
    }
}
