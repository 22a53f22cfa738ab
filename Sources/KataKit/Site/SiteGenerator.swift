import Foundation

/// Builds the static workshop site from the katas: an index with the kata table and the learning
/// path, a page per kata, a spoiler page per reference solution, the whole workshop on one page
/// to print, a stylesheet, scripts, a favicon (``SiteAssets``) and a search index. The result is
/// a dictionary of files, so it can be written atomically, compared with what is on disk
/// (`kata site --check`), or inspected by tests.
///
/// The output is deterministic: no timestamps, files and index entries in catalog order. Pages use
/// relative links only and load nothing from elsewhere, so the site works opened from disk
/// (`file://`) as well as from any web server.
///
/// ```swift
/// let files = try SiteGenerator(catalog: catalog).generate()
/// files["index.html"]           // the home page
/// files["katas/01-stub-the-dispatcher.html"]
/// ```
public struct SiteGenerator: Sendable {
    public let catalog: KataCatalog
    /// Where the repository is published, for its links; none by default (``SiteConfiguration``).
    public let configuration: SiteConfiguration
    /// False for the workshop's learner edition: no solution pages, and no links to them.
    public let includesSolutions: Bool

    public init(catalog: KataCatalog, configuration: SiteConfiguration = .none, includesSolutions: Bool = true) {
        self.catalog = catalog
        self.configuration = configuration
        self.includesSolutions = includesSolutions
    }

    public func generate() throws -> [String: String] {
        var pages: [String: String] = ["README.md": "index.html"]
        for kata in catalog.katas {
            pages["Katas/\(kata.folderName)/README.md"] = kataPath(kata)
            if includesSolutions { pages["Solutions/\(kata.folderName)/SOLUTION.md"] = solutionPath(kata) }
        }
        var links = SiteLinks(pages: pages, repositoryRoot: catalog.repository.root)
        var files: [String: String] = [:]
        var headingIDs: [String: Set<String>] = [:]
        var searchEntries: [SearchEntry] = []

        var chapters: [(kata: Kata, page: SiteMarkdown.Page)] = []

        for (index, kata) in catalog.katas.enumerated() {
            let source = "Katas/\(kata.folderName)/README.md"
            let (body, firstLine) = Self.droppingTitle(kata.instructions, firstLine: bodyFirstLine(of: kata))
            let page = try SiteMarkdown.render(body, source: source, firstLine: firstLine) { target, line in
                try links.resolve(target, from: source, line: line, pagePath: kataPath(kata))
            }
            headingIDs[kataPath(kata)] = Set(page.headings.map(\.id))
            let previous = index > 0 ? catalog.katas[index - 1] : nil
            let next = index + 1 < catalog.katas.count ? catalog.katas[index + 1] : nil
            files[kataPath(kata)] = SitePages.kataPage(
                kata: kata, page: page, catalog: catalog, previous: previous, next: next, configuration: configuration,
                linksSolution: includesSolutions)
            searchEntries.append(contentsOf: SearchEntry.entries(for: kata, page: page, url: kataPath(kata)))

            // The same markdown as a chapter of the workshop page. Its links were checked just
            // above; a copy of the links resolves them again from that page, with no new checks.
            var chapterLinks = links
            let chapter = try SiteMarkdown.render(
                body, source: source, firstLine: firstLine, layout: SitePages.chapterLayout(kata)
            ) { target, line in
                try chapterLinks.resolve(target, from: source, line: line, pagePath: SitePages.workshopPath)
            }
            chapters.append((kata, chapter))

            guard includesSolutions else { continue }
            let solution = try solutionPage(of: kata, links: &links)
            headingIDs[solutionPath(kata)] = Set(solution.page.headings.map(\.id))
            files[solutionPath(kata)] = SitePages.solutionPage(
                kata: kata, page: solution.page, sources: solution.sources, catalog: catalog, previous: previous,
                next: next, configuration: configuration)
        }
        try links.checkAnchors(headingIDs: headingIDs)

        files["index.html"] = SitePages.index(catalog: catalog, configuration: configuration)
        files[SitePages.workshopPath] = SitePages.workshopPage(
            chapters: chapters, catalog: catalog, configuration: configuration)
        files["assets/style.css"] = SiteAssets.stylesheet
        files["assets/theme.js"] = SiteAssets.themeScript
        files["assets/site.js"] = SiteAssets.script
        files["assets/favicon.svg"] = SiteAssets.favicon
        files["assets/search-index.js"] = SearchEntry.script(searchEntries)
        return files
    }

    func kataPath(_ kata: Kata) -> String { "katas/\(kata.folderName).html" }
    func solutionPath(_ kata: Kata) -> String { "solutions/\(kata.folderName).html" }

    /// The README's own `# Kata 01 · Title` line: the page header shows the title already.
    static func droppingTitle(_ markdown: String, firstLine: Int) -> (String, Int) {
        var lines = markdown.split(separator: "\n", omittingEmptySubsequences: false)
        var line = firstLine
        while let first = lines.first, first.trimmingCharacters(in: .whitespaces).isEmpty {
            lines.removeFirst()
            line += 1
        }
        guard let first = lines.first, first.hasPrefix("# ") else { return (markdown, firstLine) }
        lines.removeFirst()
        return (lines.joined(separator: "\n"), line + 1)
    }

    private func bodyFirstLine(of kata: Kata) -> Int {
        let readme = kata.directory.appendingPathComponent("README.md")
        guard let text = try? String(contentsOf: readme, encoding: .utf8),
            let document = try? FrontMatter.split(text, file: "")
        else { return 1 }
        return document.bodyFirstLine
    }

    private func solutionPage(of kata: Kata, links: inout SiteLinks) throws -> (
        page: SiteMarkdown.Page, sources: [(name: String, code: String)]
    ) {
        let source = "Solutions/\(kata.folderName)/SOLUTION.md"
        let file = kata.solutionDirectory.appendingPathComponent("SOLUTION.md")
        try catalog.repository.requireInside(kata.solutionDirectory, what: "Solutions/\(kata.folderName)")
        try catalog.repository.requireInside(file, what: source)
        guard let data = FileManager.default.contents(atPath: file.path) else {
            throw KataError(
                .invalidCatalog, "\(source) is missing.",
                advice: "Every kata needs a SOLUTION.md beside its solution (see AUTHORING.md).")
        }
        let markdown = try UTF8Text.decode(data, file: source, restore: "git checkout -- \(source)")
        let (body, firstLine) = Self.droppingTitle(markdown, firstLine: 1)
        let page = try SiteMarkdown.render(body, source: source, firstLine: firstLine) { target, line in
            try links.resolve(target, from: source, line: line, pagePath: solutionPath(kata))
        }
        // A tests kata's solution is its reference test suite.
        let module =
            kata.metadata.kind == .tests ? kata.referenceTestsDirectory : kata.referenceSolution.sourcesDirectory
        let names = (try? FileManager.default.contentsOfDirectory(atPath: module.path)) ?? []
        var sources: [(name: String, code: String)] = []
        for name in names.filter({ $0.hasSuffix(".swift") }).sorted() {
            let url = module.appendingPathComponent(name)
            try catalog.repository.requireInside(url, what: catalog.repository.relativePath(url.path))
            guard let code = try? String(contentsOf: url, encoding: .utf8) else { continue }
            sources.append((name, code))
        }
        return (page, sources)
    }
}
