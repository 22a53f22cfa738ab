import Foundation

/// What the site knows about where the repository is published, read from `site.json` in the
/// repository's root. The file is optional and absent by default: a fork published somewhere
/// else should not link to the original. With it, every page links to the repository, and each
/// kata and solution page to the file it was made from, to edit it there.
///
/// ```json
/// { "repository": "https://github.com/you/dispatch-katas", "branch": "main" }
/// ```
///
/// gives a kata page the link
/// `https://github.com/you/dispatch-katas/edit/main/Katas/01-stub-the-dispatcher/README.md`
/// (GitHub's form; GitLab and Gitea accept it too, and redirect).
public struct SiteConfiguration: Sendable, Equatable, Decodable {
    /// The repository's web page, `https://…`, without a trailing slash.
    public var repository: String?
    /// The branch the "Edit this page" links open; `main` when the file does not say.
    public var branch: String

    public static let fileName = "site.json"
    public static let none = SiteConfiguration(repository: nil, branch: "main")

    public init(repository: String?, branch: String = "main") {
        self.repository = repository.map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 }
        self.branch = branch
    }

    enum CodingKeys: String, CodingKey { case repository, branch }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            repository: try container.decodeIfPresent(String.self, forKey: .repository),
            branch: try container.decodeIfPresent(String.self, forKey: .branch) ?? "main")
    }

    /// The configuration in `root/site.json`, or ``none`` when there is no such file.
    public static func load(from root: URL) throws -> SiteConfiguration {
        let file = root.appendingPathComponent(fileName)
        guard let data = FileManager.default.contents(atPath: file.path) else { return .none }
        let configuration: SiteConfiguration
        do {
            configuration = try JSONDecoder().decode(SiteConfiguration.self, from: data)
        } catch {
            throw KataError(
                .invalidCatalog, "\(fileName) is not the JSON the site expects.",
                advice:
                    "Write it as {\"repository\": \"https://github.com/you/dispatch-katas\", \"branch\": \"main\"}, "
                    + "or delete it; both fields are optional."
            )
        }
        try configuration.validate()
        return configuration
    }

    /// A repository that is not an `https://` address, or a branch that could change the path
    /// of the links, is refused: both go into every page.
    func validate() throws {
        if let repository {
            let isWebAddress =
                repository.lowercased().hasPrefix("https://") && repository.count > "https://".count
                && !repository.contains(where: { $0.isWhitespace || $0 == "\"" || $0 == "<" || $0 == ">" })
            guard isWebAddress else {
                throw KataError(
                    .invalidCatalog,
                    "\(Self.fileName): the repository '\(repository.prefix(80))' is not an https:// address.",
                    advice: "Give the repository's web page, e.g. \"https://github.com/you/dispatch-katas\".")
            }
        }
        let branchIsPlain =
            !branch.isEmpty && !branch.hasPrefix("/") && !branch.contains("..")
            && branch.allSatisfy { $0.isLetter || $0.isNumber || "-_./".contains($0) }
        guard branchIsPlain else {
            throw KataError(
                .invalidCatalog, "\(Self.fileName): the branch '\(branch.prefix(80))' is not a plain branch name.",
                advice: "Use letters, digits, '-', '_', '.' and '/', e.g. \"main\".")
        }
    }

    /// The page to edit `path` (a repository path) on, nil without a repository.
    func editURL(_ path: String) -> String? {
        repository.map { "\($0)/edit/\(branch)/\(path)" }
    }
}
