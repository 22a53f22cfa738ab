import Foundation

/// The pages of the site, and the rules for links between them.
///
/// Katas link to each other the way they do on GitHub, by file (`../02-wrap-the-statics/README.md`).
/// On the site each such file is a page, so links are rewritten to the page; a link to a file the
/// site does not publish, to a missing file, or to a heading that does not exist is an error that
/// names the file and line it is on.
struct SiteLinks {
    /// Repository path of a markdown file → path of its page in the site.
    let pages: [String: String]
    let repositoryRoot: URL

    /// Anchors to check once every page is rendered: (page path, anchor, where the link was).
    private(set) var pendingAnchors: [(page: String, anchor: String, source: String, line: Int)] = []

    init(pages: [String: String], repositoryRoot: URL) {
        self.pages = pages
        self.repositoryRoot = repositoryRoot
    }

    /// The URL to write for `target`, found in `source` (a repository path) on `line`, on the
    /// page at `pagePath`.
    mutating func resolve(_ target: String, from source: String, line: Int, pagePath: String) throws -> String {
        if target.isEmpty { throw broken(source, line, "has a link with no target") }
        if let control = LinkScheme.controlCharacter(in: target) {
            throw broken(
                source, line,
                "has a link whose address holds an invisible control character, "
                    + String(format: "U+%04X", control.value) + "; remove it")
        }
        if let scheme = LinkScheme.of(target) {
            if LinkScheme.published.contains(scheme) { return target }
            if LinkScheme.scripting.contains(scheme) {
                throw broken(source, line, "has a `\(scheme):…` link, which the site never publishes")
            }
            throw broken(
                source, line, "links to '\(target.prefix(60))', a kind of URL the site does not publish; use https://")
        }
        let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        let path = String(parts[0])
        let anchor = parts.count > 1 ? String(parts[1]) : nil
        if path.isEmpty {
            if let anchor { pendingAnchors.append((pagePath, anchor, source, line)) }
            return target
        }
        guard let resolved = Self.resolve(path, against: source) else {
            throw broken(source, line, "links to '\(target)', outside the repository")
        }
        guard let page = pages[resolved] else {
            let exists = FileManager.default.fileExists(atPath: repositoryRoot.appendingPathComponent(resolved).path)
            throw broken(
                source, line,
                exists
                    ? "links to \(resolved), which the site does not publish; "
                        + "link to a kata's README.md, a SOLUTION.md or an https:// page"
                    : "links to \(resolved), which does not exist")
        }
        if let anchor { pendingAnchors.append((page, anchor, source, line)) }
        return SiteLinks.relative(from: pagePath, to: page) + (anchor.map { "#" + $0 } ?? "")
    }

    /// Fails on the first link to a heading that is not on its page.
    func checkAnchors(headingIDs: [String: Set<String>]) throws {
        for pending in pendingAnchors where !(headingIDs[pending.page]?.contains(pending.anchor) ?? false) {
            throw broken(
                pending.source, pending.line,
                "links to '#\(pending.anchor)', a heading that \(pending.page) does not have")
        }
    }

    /// `../02-y/README.md` from `Katas/01-x/README.md` is `Katas/02-y/README.md`; nil when the
    /// path leaves the repository (too many `..`, or absolute).
    static func resolve(_ path: String, against source: String) -> String? {
        guard path.unicodeScalars.first != "/" else { return nil }
        var components = source.pathComponents.dropLast().filter { !$0.isEmpty }
        for component in path.pathComponents where !component.isEmpty {
            switch component {
            case ".": continue
            case "..":
                guard !components.isEmpty else { return nil }
                components.removeLast()
            default: components.append(component)
            }
        }
        return components.joined(separator: "/")
    }

    /// `katas/01-x.html` → `solutions/01-x.html` is `../solutions/01-x.html`.
    static func relative(from page: String, to target: String) -> String {
        let depth = page.split(separator: "/").count - 1
        return String(repeating: "../", count: depth) + target
    }

    private func broken(_ source: String, _ line: Int, _ problem: String) -> KataError {
        KataError(
            .invalidCatalog, "\(source):\(line): \(problem).",
            advice: "Fix the link, then run `kata site` again; the site was not changed.")
    }
}
