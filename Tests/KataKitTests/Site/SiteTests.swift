import Foundation
import TestSupport
import Testing

@testable import KataKit

@Suite("The workshop site")
struct SiteTests {
    func render(_ markdown: String, links: [String: String] = [:]) throws -> SiteMarkdown.Page {
        try SiteMarkdown.render(markdown, source: "Katas/01-x/README.md", firstLine: 10) { target, _ in
            links[target] ?? target
        }
    }

    @Test("headings get unique ids and a link to themselves")
    func headingIDs() throws {
        let page = try render("## The pattern\n\ntext\n\n## The pattern\n\n### Why `async`?")
        #expect(page.headings.map(\.id) == ["the-pattern", "the-pattern-1", "why-async"])
        #expect(
            page.html.contains(
                ##"<h2 id="the-pattern"><a class="anchor" href="#the-pattern" aria-hidden="true" tabindex="-1">#</a>The pattern</h2>"##
            ))
        #expect(page.html.contains(#"<h3 id="why-async">"#))
        #expect(page.html.contains("<code>async</code>?</h3>"))
    }

    @Test("Swift code blocks are highlighted at build time; others are only escaped")
    func codeBlocks() throws {
        let page = try render("```swift\nlet x = \"<b>\"\n```\n\n```\n<raw>\n```")
        #expect(page.html.contains(#"<pre class="code" data-language="swift"><code>"#))
        #expect(page.html.contains("&lt;b&gt;"))
        #expect(page.html.contains("<pre class=\"code\"><code>&lt;raw&gt;\n</code></pre>"))
        #expect(!page.html.contains("<b>"))
    }

    @Test("raw HTML cannot inject a script")
    func tagfilter() throws {
        let page = try render("<script>alert(1)</script>\n\n<details><summary>Hint</summary>\n\nOK\n\n</details>")
        #expect(!page.html.contains("<script>"))
        #expect(page.html.contains("<details>"))
    }

    @Test("the search sections follow the headings and leave code out")
    func sections() throws {
        let page = try render("Intro words.\n\n## Why\n\nBecause *threads*.\n\n```swift\nlet secret = 1\n```")
        #expect(
            page.sections == [
                .init(headingID: nil, heading: "", text: "Intro words."),
                .init(headingID: "why", heading: "Why", text: "Because threads."),
            ])
    }

    @Test("links between kata files become links between pages")
    func rewritesLinks() throws {
        var links = SiteLinks(
            pages: ["Katas/02-y/README.md": "katas/02-y.html", "Solutions/01-x/SOLUTION.md": "solutions/01-x.html"],
            repositoryRoot: Fixtures.projectRoot)
        #expect(
            try links.resolve(
                "../02-y/README.md#the-story", from: "Katas/01-x/README.md", line: 3, pagePath: "katas/01-x.html")
                == "../katas/02-y.html#the-story")
        #expect(
            try links.resolve(
                "../../Solutions/01-x/SOLUTION.md", from: "Katas/01-x/README.md", line: 3, pagePath: "katas/01-x.html")
                == "../solutions/01-x.html")
        #expect(
            try links.resolve("https://swift.org", from: "Katas/01-x/README.md", line: 3, pagePath: "katas/01-x.html")
                == "https://swift.org")
    }

    @Test(
        "a broken link fails with its file and line",
        arguments: [
            ("../09-nope/README.md", "Katas/01-x/README.md:7: links to Katas/09-nope/README.md, which does not exist."),
            (
                "../../Package.swift",
                "Katas/01-x/README.md:7: links to Package.swift, which the site does not publish; link to a kata's README.md, a SOLUTION.md or an https:// page."
            ),
            (
                "javascript:alert(1)",
                "Katas/01-x/README.md:7: has a `javascript:…` link, which the site never publishes."
            ),
            ("../../../etc/passwd", "Katas/01-x/README.md:7: links to '../../../etc/passwd', outside the repository."),
        ])
    func brokenLinks(target: String, message: String) {
        var links = SiteLinks(pages: [:], repositoryRoot: Fixtures.projectRoot)
        let error = #expect(throws: KataError.self) {
            try links.resolve(target, from: "Katas/01-x/README.md", line: 7, pagePath: "katas/01-x.html")
        }
        #expect(error?.message == message)
    }

    @Test("a link to a missing heading fails after the pages are rendered")
    func brokenAnchor() throws {
        var links = SiteLinks(pages: [:], repositoryRoot: Fixtures.projectRoot)
        _ = try links.resolve("#no-such-heading", from: "Katas/01-x/README.md", line: 12, pagePath: "katas/01-x.html")
        let error = #expect(throws: KataError.self) {
            try links.checkAnchors(headingIDs: ["katas/01-x.html": ["the-story"]])
        }
        #expect(
            error?.message
                == "Katas/01-x/README.md:12: links to '#no-such-heading', a heading that katas/01-x.html does not have."
        )
    }

    @Test("the project's site builds, twice to the same bytes, with every page linked")
    func projectSite() throws {
        let catalog = try KataCatalog.load(from: KataRepository(root: Fixtures.projectRoot))
        let first = try SiteGenerator(catalog: catalog).generate()
        let second = try SiteGenerator(catalog: catalog).generate()
        #expect(first == second)
        // index, workshop, style, theme and site scripts, favicon, search index; two pages a kata.
        #expect(first.count == 7 + 2 * catalog.katas.count)
        let index = try #require(first["index.html"])
        for kata in catalog.katas {
            #expect(index.contains("href=\"katas/\(kata.folderName).html\""))
            let page = try #require(first["katas/\(kata.folderName).html"])
            #expect(page.contains("<code>swift run kata check \(kata.number)</code>"))
            #expect(!page.contains("slug: \(kata.slug)"), "front matter never leaks into the page")
            #expect(page.contains("href=\"../solutions/\(kata.folderName).html\""))
            let solution = try #require(first["solutions/\(kata.folderName).html"])
            #expect(solution.contains("<strong>Spoiler.</strong>"))
        }
        #expect(try #require(first["assets/search-index.js"]).hasPrefix("// Generated by `kata site`."))
    }

    @Test("a page loads the search index only when search is used: the index is most of the site's script")
    func searchIndexOnDemand() throws {
        let catalog = try KataCatalog.load(from: KataRepository(root: Fixtures.projectRoot))
        let files = try SiteGenerator(catalog: catalog).generate()
        for (path, content) in files where path.hasSuffix(".html") {
            #expect(!content.contains("search-index.js"), "\(path)")
            #expect(content.contains("assets/site.js\" defer></script>"), "\(path)")
        }
        let script = try #require(files["assets/site.js"])
        #expect(script.contains("indexScript.src = root + \"assets/search-index.js\";"))
        #expect(try #require(files["assets/search-index.js"]).utf8.count > 10 * script.utf8.count)
    }

    @Test("the site loads nothing from another origin")
    func nothingFromElsewhere() throws {
        let catalog = try KataCatalog.load(from: KataRepository(root: Fixtures.projectRoot))
        for (path, content) in try SiteGenerator(catalog: catalog).generate() where path.hasSuffix(".html") {
            #expect(!content.contains("<script src=\"http"), "\(path)")
            #expect(!content.contains("<link rel=\"stylesheet\" href=\"http"), "\(path)")
            #expect(!content.contains("<img src=\"http"), "\(path)")
        }
    }

    @Test("writing swaps the new site in; --check sees what changed")
    func writer() throws {
        let folder = ScratchFolder.make("site").appendingPathComponent("site")
        let writer = SiteWriter(directory: folder)
        try writer.write(["index.html": "one", "a/b.html": "two"])
        #expect(writer.differences(from: ["index.html": "one", "a/b.html": "two"]).isEmpty)
        try writer.write(["index.html": "three"])
        #expect(SiteWriter.files(in: folder) == ["index.html"], "files of the old site do not linger")
        #expect(
            writer.differences(from: ["index.html": "four", "new.html": "x"]) == [
                "changed index.html", "missing new.html",
            ])
        #expect(writer.differences(from: [:]) == ["extra index.html"])
        #expect(!FileManager.default.fileExists(atPath: folder.path + ".new"))
        #expect(!FileManager.default.fileExists(atPath: folder.path + ".old"))
    }

    @Test("a write that fails leaves the previous site as it was")
    func failedWriteKeepsSite() throws {
        let folder = ScratchFolder.make("site").appendingPathComponent("site")
        let writer = SiteWriter(directory: folder)
        try writer.write(["index.html": "old"])
        // A file where a folder must go makes the write fail halfway.
        #expect(throws: KataError.self) { try writer.write(["index.html": "new", "index.html/inner.html": "x"]) }
        #expect(try String(contentsOf: folder.appendingPathComponent("index.html"), encoding: .utf8) == "old")
        #expect(!FileManager.default.fileExists(atPath: folder.path + ".new"))
    }
}
