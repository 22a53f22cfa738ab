import Foundation
import TestSupport
import Testing

@testable import KataKit

/// What the generator does so the site reads well on a phone, in print and in search; the
/// browser check (scripts/browser-check) proves the same in Chromium.
@Suite("The workshop site on a phone, in print and in search")
struct SiteReadingTests {
    func render(_ markdown: String, layout: SiteMarkdown.Layout = .page) throws -> SiteMarkdown.Page {
        try SiteMarkdown.render(markdown, source: "Katas/01-x/README.md", firstLine: 10, layout: layout) { target, _ in
            target
        }
    }

    func projectSite(configuration: SiteConfiguration = .none) throws -> (KataCatalog, [String: String]) {
        let catalog = try KataCatalog.load(from: KataRepository(root: Fixtures.projectRoot))
        return (catalog, try SiteGenerator(catalog: catalog, configuration: configuration).generate())
    }

    @Test("a table is wrapped so it scrolls inside itself, and an empty header cell becomes an ordinary cell")
    func tables() throws {
        let page = try render("| | Real queue | Stub |\n|---|---|---|\n| when | later | now |\n")
        #expect(page.html.hasPrefix("<div class=\"table-wrap\">\n<table>"))
        #expect(page.html.contains("</table>\n</div>"))
        #expect(page.html.contains("<thead>\n<tr>\n<td></td>\n<th>Real queue</th>"))
        #expect(!page.html.contains("<th></th>"))
    }

    @Test("search text keeps a space between paragraphs, list items and table cells")
    func searchTextBoundaries() throws {
        let page = try render(
            "Where the word comes from.\n\n- pointfreeco/swift-clocks\n- Next: kata 02\n\n| a | b |\n|---|---|\n| one | two |\n"
        )
        let text = try #require(page.sections.first?.text)
        #expect(text == "Where the word comes from. pointfreeco/swift-clocks Next: kata 02 a b one two")
    }

    @Test("a code block wider than 80 columns is named by its width, and the stylesheet fits that width")
    func wideCode() throws {
        let wide = String(repeating: "x", count: 113)
        let page = try render("```swift\nlet short = 1\n```\n\n```\n\(wide)\n```\n")
        #expect(page.html.contains("<pre class=\"code\" data-language=\"swift\">"))
        #expect(page.html.contains("<pre class=\"code columns-120\"><code>"))
        #expect(SiteCodeBlock.widthClass(String(repeating: "y", count: 500)) == "columns-160")
        #expect(
            SiteAssets.stylesheet.contains(
                "pre.code.columns-120 code { font-size: max(0.68rem, min(var(--code-size), calc(100cqi / 74.40))); }"))
    }

    @Test("as a chapter, a page's ids and its links to its own headings get a prefix, and its headings go down a level")
    func chapterLayout() throws {
        let layout = SiteMarkdown.Layout(idPrefix: "kata-01-", headingOffset: 1)
        let page = try render(
            "## The story\n\nSee [the task](#your-task).\n\n## Your task\n\n###### Deep", layout: layout)
        #expect(page.headings.map(\.id) == ["kata-01-the-story", "kata-01-your-task", "kata-01-deep"])
        #expect(page.html.contains("<h3 id=\"kata-01-the-story\">"))
        #expect(page.html.contains("<h6 id=\"kata-01-deep\">"))
        #expect(page.html.contains("<a href=\"#kata-01-your-task\">the task</a>"))
    }

    @Test("the whole workshop is one page: every kata in order, hints open, no solutions")
    func workshopPage() throws {
        let (catalog, files) = try projectSite()
        let workshop = try #require(files["workshop.html"])
        var position = workshop.startIndex
        for kata in catalog.katas {
            let chapter = try #require(
                workshop.range(
                    of: "<section class=\"chapter\" id=\"kata-\(kata.id)\"", range: position..<workshop.endIndex),
                "kata \(kata.id) in order")
            position = chapter.upperBound
        }
        #expect(workshop.contains("<details open>"))
        #expect(!workshop.contains("<details>"))
        #expect(!workshop.contains("href=\"solutions/"), "no solution is linked from the printable page")
        #expect(!workshop.contains("spoiler-link"))
        #expect(try #require(files["index.html"]).contains("href=\"workshop.html\""))
    }

    @Test("solution pages have previous and next, and mark the solution, not the kata, as the current page")
    func solutionNavigation() throws {
        let (catalog, files) = try projectSite()
        let first = catalog.katas[0]
        let second = catalog.katas[1]
        let solution = try #require(files["solutions/\(first.folderName).html"])
        #expect(solution.contains("data-next=\"\(second.folderName).html\""))
        #expect(
            solution.contains(
                "<a class=\"next\" rel=\"next\" href=\"\(second.folderName).html\"><span>Next solution →</span>"))
        #expect(solution.components(separatedBy: "aria-current=\"page\"").count == 2, "one current page")
        #expect(solution.contains("<a href=\"\(first.folderName).html\" aria-current=\"page\">The solution</a>"))
        #expect(solution.contains("<a href=\"../katas/\(first.folderName).html\" class=\"current-kata\">"))
        let index = try #require(files["index.html"])
        #expect(index.contains("<body data-root=\"\" data-next=\"katas/\(first.folderName).html\">"), "→ opens kata 01")
    }

    @Test("the sidebar's title is not a heading, so the page's h1 is its first heading")
    func headingOrder() throws {
        let (catalog, files) = try projectSite()
        let page = try #require(files["katas/\(catalog.katas[0].folderName).html"])
        let firstHeading = try #require(page.range(of: "<h[1-6]", options: .regularExpression))
        #expect(page[firstHeading].hasPrefix("<h1"))
    }

    @Test("a favicon, a theme script and a menu button come with every page; nothing is inline")
    func assets() throws {
        let (catalog, files) = try projectSite()
        #expect(try #require(files["assets/favicon.svg"]).hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        for (path, html) in files where path.hasSuffix(".html") {
            let root = path.contains("/") ? "../" : ""
            #expect(
                html.contains("<link rel=\"icon\" href=\"\(root)assets/favicon.svg\" type=\"image/svg+xml\">"),
                "\(path)")
            #expect(html.contains("<script src=\"\(root)assets/theme.js\"></script>"), "\(path)")
            #expect(!html.contains(" style=\""), "\(path): the policy refuses inline style")
        }
        let kataPage = try #require(files["katas/\(catalog.katas[0].folderName).html"])
        #expect(kataPage.contains("id=\"menu-button\""))
    }

    @Test("the pages link to the repository and to the file to edit only when site.json names it")
    func repositoryLinks() throws {
        let (catalog, plain) = try projectSite()
        let kata = catalog.katas[0]
        #expect(!plain.values.contains { $0.contains("Edit this page") || $0.contains("class=\"header-link\"") })

        let configuration = SiteConfiguration(repository: "https://github.com/you/dispatch-katas/", branch: "trunk")
        let (_, linked) = try projectSite(configuration: configuration)
        let page = try #require(linked["katas/\(kata.folderName).html"])
        #expect(
            page.contains(
                "href=\"https://github.com/you/dispatch-katas/edit/trunk/Katas/\(kata.folderName)/README.md\""))
        #expect(page.contains("<a class=\"header-link\" href=\"https://github.com/you/dispatch-katas\">Repository</a>"))
        let solution = try #require(linked["solutions/\(kata.folderName).html"])
        #expect(solution.contains("/edit/trunk/Solutions/\(kata.folderName)/SOLUTION.md\""))
    }

    @Test("site.json is optional; when present it must be valid")
    func configurationFile() throws {
        let folder = ScratchFolder.make("site-configuration")
        #expect(try SiteConfiguration.load(from: folder) == .none)

        try Fixtures.write(
            #"{"repository": "https://github.com/you/katas"}"#, to: folder.appendingPathComponent("site.json"))
        #expect(
            try SiteConfiguration.load(from: folder) == SiteConfiguration(repository: "https://github.com/you/katas"))

        for bad in [
            #"{"repository": "javascript:alert(1)"}"#, #"{"repository": "https://x\" onload=\"y"}"#,
            #"{"repository": "https://github.com/you/katas", "branch": "../../x"}"#, "not json",
        ] {
            try Fixtures.write(bad, to: folder.appendingPathComponent("site.json"))
            let error = #expect(throws: KataError.self, "\(bad)") { try SiteConfiguration.load(from: folder) }
            #expect(error?.message.hasPrefix("site.json") == true, "\(String(describing: error?.message))")
            #expect(error?.advice != nil)
        }
    }

    @Test("pattern names keep their spelling from the front matter")
    func patternSpelling() throws {
        let (catalog, files) = try projectSite()
        let races = try #require(catalog.katas.first { $0.metadata.patterns.contains("@unchecked Sendable") })
        let page = try #require(files["katas/\(races.folderName).html"])
        #expect(page.contains("<li>@unchecked Sendable</li>"))
        #expect(page.contains("<li>ThreadSanitizer</li>"))
    }
}

/// The palette, checked against WCAG's contrast minimums: 4.5:1 for text (code colours on the
/// code background, muted text on the page), 3:1 for the borders of controls (the search box).
@Suite("The site's colours")
struct SitePaletteTests {
    static func palette(after marker: String) throws -> [String: String] {
        let stylesheet = SiteAssets.stylesheet
        let start = try #require(stylesheet.range(of: marker))
        let block = stylesheet[start.upperBound...].prefix { $0 != "}" }
        var colours: [String: String] = [:]
        for match in block.matches(of: /--([a-z-]+): (#[0-9a-f]{6})/) {
            colours[String(match.1)] = String(match.2)
        }
        return colours
    }

    static func luminance(_ hex: String) -> Double {
        let value = Int(hex.dropFirst(), radix: 16) ?? 0
        let channels = [(value >> 16) & 0xFF, (value >> 8) & 0xFF, value & 0xFF].map { channel -> Double in
            let c = Double(channel) / 255
            return c <= 0.03928 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * channels[0] + 0.7152 * channels[1] + 0.0722 * channels[2]
    }

    static func contrast(_ first: String, _ second: String) -> Double {
        let (a, b) = (luminance(first), luminance(second))
        return (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }

    @Test(
        "code colours, muted text and control borders are readable, light and dark",
        arguments: [":root {", ":root[data-theme=\"dark\"] {"])
    func contrast(marker: String) throws {
        let colours = try Self.palette(after: marker)
        let codeBackground = try #require(colours["code-bg"])
        let background = try #require(colours["bg"])
        let highlights = colours.filter { $0.key.hasPrefix("hl-") }
        #expect(highlights.count == 8)
        for (name, colour) in highlights {
            #expect(Self.contrast(colour, codeBackground) >= 4.5, "\(marker) --\(name)")
        }
        #expect(Self.contrast(try #require(colours["muted"]), background) >= 4.5)
        let control = try #require(colours["control-border"])
        #expect(Self.contrast(control, background) >= 3 && Self.contrast(control, codeBackground) >= 3)
    }
}
