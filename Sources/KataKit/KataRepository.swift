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
    public var solutionsDirectory: URL { root.appendingPathComponent("Solutions", isDirectory: true) }
    /// Build products of the commands themselves (verification copies), inside the git-ignored `.build`.
    public var workDirectory: URL { root.appendingPathComponent(".build/kata", isDirectory: true) }
    /// The learner's progress, git-ignored.
    public var stateFile: URL { root.appendingPathComponent(".kata/state.json") }

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
            "No kata repository found in \(directory.standardizedFileURL.path) or any folder above it.",
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

    /// `path` relative to the repository root when it lies inside it, else unchanged.
    public func relativePath(_ path: String) -> String {
        let rootPath = root.path.hasSuffix("/") ? root.path : root.path + "/"
        let standardized = URL(fileURLWithPath: path).standardizedFileURL.path
        return standardized.hasPrefix(rootPath) ? String(standardized.dropFirst(rootPath.count)) : path
    }
}
