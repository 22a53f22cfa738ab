import Foundation
import TestSupport
import Testing

@testable import KataKit

/// A kata's markdown and front matter are text from whoever wrote the kata (or changed a copy
/// of it): nothing in them may run a script on the site or load anything from elsewhere.
@Suite("The workshop site, against hostile katas")
struct SiteSecurityTests {
    /// A tag with an `on…=` attribute: the tag's name, whole attributes (a quoted value may
    /// contain anything, escaped payloads included), then the handler.
    static let eventHandler =
        #"<[a-zA-Z][a-zA-Z0-9]*(\s+[^\s"'=<>/]+(\s*=\s*("[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*\s+on[a-zA-Z]+\s*="#

    func render(_ markdown: String) throws -> String {
        try SiteMarkdown.render(markdown, source: "Katas/01-x/README.md", firstLine: 1) { target, _ in target }.html
    }

    @Test(
        "raw HTML keeps only harmless tags, without attributes; the rest shows as text",
        arguments: [
            ("<details><summary>Hint 1</summary>", "<details><summary>Hint 1</summary>"),
            ("<details open>", "<details open>"),
            ("<DETAILS OPEN>", "<details open>"),
            ("<details open onclick=alert(1)>", "&lt;details open onclick=alert(1)&gt;"),
            ("<details opener>", "&lt;details opener&gt;"),
            ("<script>alert(1)</script>", "&lt;script&gt;alert(1)&lt;/script&gt;"),
            ("<img src=x onerror=alert(1)>", "&lt;img src=x onerror=alert(1)&gt;"),
            ("<a href=\"javascript:alert(1)\">x</a>", "&lt;a href=\"javascript:alert(1)\"&gt;x&lt;/a&gt;"),
            ("<svg onload=alert(1)>", "&lt;svg onload=alert(1)&gt;"),
            ("<iframe src=https://example.com></iframe>", "&lt;iframe src=https://example.com&gt;&lt;/iframe&gt;"),
            ("<style>body{display:none}</style>", "&lt;style&gt;body{display:none}&lt;/style&gt;"),
            ("<b style=\"color:red\">x</b>", "&lt;b style=\"color:red\"&gt;x</b>"),
            ("<br/> <br />", "<br> <br>"),
            ("<!-- a comment --><kbd>⌘</kbd>", "<kbd>⌘</kbd>"),
            ("<!-- never closed <script>", "&lt;!-- never closed &lt;script&gt;"),
            ("&lt; &#x3C; &amp; & AT&T", "&lt; &#x3C; &amp; &amp; AT&amp;T"),
        ])
    func rawHTMLFilter(input: String, expected: String) {
        #expect(RawHTMLFilter.filter(input) == expected)
    }

    @Test(
        "script, event handlers and javascript: URLs in raw HTML never reach the page",
        arguments: [
            "<script>alert(1)</script>",
            "<img src=x onerror=alert(1)>",
            "Inline <img src=x onerror=alert(1)> in a paragraph.",
            "## A heading <img src=x onerror=alert(1)>",
            "<a href=\"javascript:alert(1)\">click</a>",
            "<a href=\"JaVaScRiPt:alert(1)\">click</a>",
            "<svg><script>alert(1)</script></svg>",
            "<div onmouseover=\"alert(1)\">hover</div>",
            "<details ontoggle=alert(1) open><summary>x</summary></details>",
            "<iframe srcdoc=\"<script>alert(1)</script>\"></iframe>",
            "<object data=\"javascript:alert(1)\"></object>",
            "<math><maction actiontype=statusline xlink:href=javascript:alert(1)>x</maction></math>",
        ])
    func noScriptFromRawHTML(markdown: String) throws {
        let html = try render(markdown).lowercased()
        #expect(!html.contains("<script"), "\(html)")
        #expect(!html.contains("<img"), "\(html)")
        #expect(!html.contains("<a href=\"javascript"), "\(html)")
        #expect(!html.contains("<svg"), "\(html)")
        #expect(!html.contains("<iframe"), "\(html)")
        #expect(!html.contains("<object"), "\(html)")
        #expect(!html.contains("<div"), "\(html)")
        #expect(
            html.range(of: Self.eventHandler, options: .regularExpression) == nil, "an event handler in a tag: \(html)")
    }

    @Test(
        "a javascript:, data: or vbscript: markdown link, or an image from another site, stops the build",
        arguments: [
            "[x](javascript:alert(1))", "[x](JAVASCRIPT:alert(1))", "[x](java&#115;cript:alert(1))",
            "<javascript:alert(1)>",
            "[x](data:text/html,<script>alert(1)</script>)", "[x](vbscript:msgbox)", "[x](file:///etc/passwd)",
            "![x](https://example.com/pixel.png)", "![x](http://example.com/pixel.png)",
            "![x](data:image/png;base64,AAAA)",
        ])
    func refusedLinks(markdown: String) throws {
        var links = SiteLinks(pages: [:], repositoryRoot: Fixtures.projectRoot)
        let error = #expect(throws: KataError.self) {
            try SiteMarkdown.render(markdown, source: "Katas/01-x/README.md", firstLine: 5) { target, line in
                try links.resolve(target, from: "Katas/01-x/README.md", line: line, pagePath: "katas/01-x.html")
            }
        }
        #expect(error?.kind == .invalidCatalog)
        #expect(error?.message.hasPrefix("Katas/01-x/README.md:5: ") == true, "\(String(describing: error))")
        #expect(error?.advice != nil)
    }

    @Test(
        "a link's scheme is read by Unicode scalars, as a browser reads it",
        arguments: [
            ("HTTPS://example.com", "https"), ("mailto:a@example.com", "mailto"),
            ("gn:\u{368}x", "gn"), ("javascript:\u{301}alert(1)", "javascript"),
            ("java\tscript:alert(1)", "javascript"), (" \u{1}data:text/html,x", "data"),
            ("../02-x/README.md#steps:", nil), ("#a:b", nil), ("a?b:c", nil), ("notes.md", nil),
        ] as [(String, String?)])
    func linkScheme(target: String, scheme: String?) {
        #expect(LinkScheme.of(target) == scheme)
    }

    /// Found by kata-fuzz: `<Gn:\u{368}…>` is an autolink whose colon and combining mark are one
    /// `Character`, so a check by characters took it for a relative link.
    @Test(
        "a scheme with a combining mark after its colon is refused by name, link or image",
        arguments: ["<Gn:\u{368}x>", "[x](javascript:\u{301}alert(1))", "![x](<https:\u{301}//example.com/x.png>)"])
    func schemeBehindACombiningMark(markdown: String) throws {
        var links = SiteLinks(pages: [:], repositoryRoot: Fixtures.projectRoot)
        let error = #expect(throws: KataError.self) {
            try SiteMarkdown.render(markdown, source: "Katas/01-x/README.md", firstLine: 5) { target, line in
                try links.resolve(target, from: "Katas/01-x/README.md", line: line, pagePath: "katas/01-x.html")
            }
        }
        let message = error?.message ?? ""
        #expect(
            ["does not publish", "never publishes", "from elsewhere"].contains { message.contains($0) },
            "refused as a relative link, not for its scheme: \(message)")
    }

    /// Found by kata-fuzz: a backspace before `https:` (`&#8;https://…`) made the link look like
    /// a web link to the site, which published it as it was; the markdown renderer then wrote
    /// `href="%08https://…"`, a path on this site that leads nowhere.
    @Test(
        "a link whose address holds a control character is refused, naming the character",
        arguments: ["[x](&#8;https://example.com)", "[x](<\u{7F}https://example.com>)", "[x](../02-x/&#27;README.md)"])
    func controlCharacterInALink(markdown: String) throws {
        var links = SiteLinks(pages: ["Katas/02-x/README.md": "katas/02-x.html"], repositoryRoot: Fixtures.projectRoot)
        let error = #expect(throws: KataError.self) {
            try SiteMarkdown.render(markdown, source: "Katas/01-x/README.md", firstLine: 5) { target, line in
                try links.resolve(target, from: "Katas/01-x/README.md", line: line, pagePath: "katas/01-x.html")
            }
        }
        let message = error?.message ?? ""
        #expect(message.contains("control character, U+00"), "\(message)")
        #expect(message.hasPrefix("Katas/01-x/README.md:5:"), "\(message)")
    }

    /// The fixture's kata 02 with every front-matter value a payload, and its README's raw HTML too.
    func hostileSite() throws -> (files: [String: String], title: String) {
        let repository = try Fixtures.repositoryCopy()
        let readme = repository.root.appendingPathComponent("Katas/02-failing-kata/README.md")
        let title = "</title><script>alert('title')</script>"
        let hostile =
            try String(contentsOf: readme, encoding: .utf8)
            .replacingOccurrences(of: "title: Fix the greeting", with: "title: \"\(title)\"")
            .replacingOccurrences(
                of: "summary: A tiny kata the end-to-end tests check.",
                with: "summary: '\"><img src=x onerror=alert(\"summary\")>'"
            )
            .replacingOccurrences(
                of: "seed: A fixture for the kata command's own tests", with: "seed: \"<svg onload=alert('seed')>\""
            )
            .replacingOccurrences(
                of: "patterns: [fixture, greeting]",
                with:
                    "patterns: [\"<b onmouseover=alert('pattern')>x</b>\", \"</script><script>alert('index')</script>\"]"
            )
            + "\n## <img src=x onerror=alert('heading')>\n\n<script>alert('body')</script>\n"
        try Fixtures.write(hostile, to: readme)
        let catalog = try KataCatalog.load(from: repository)
        #expect(catalog.problems.isEmpty, "\(catalog.problems)")
        #expect(catalog.katas.first { $0.number == 2 }?.title == title)
        return (try SiteGenerator(catalog: catalog).generate(), title)
    }

    @Test("every title and front-matter value is escaped on every page")
    func frontMatterEscaped() throws {
        let (files, title) = try hostileSite()
        let pages = files.filter { $0.key.hasSuffix(".html") }
        #expect(pages.count == 10)
        for (path, html) in pages {
            let lowered = html.lowercased()
            // Escaped, a payload is harmless text; as markup it would start with a real `<`.
            for payload in [
                "alert('title')</script>", "<img", "<svg", "<b onmouseover", "alert('body')</script>",
                "alert('index')</script>",
            ] {
                #expect(!lowered.contains(payload.lowercased()), "\(path) contains \(payload)")
            }
            #expect(
                lowered.range(of: Self.eventHandler, options: .regularExpression) == nil,
                "\(path): an event handler in a tag")
            // The site's own scripts are the only ones: the theme, and the rest (which loads the
            // search index when needed).
            #expect(lowered.components(separatedBy: "<script").count - 1 == 2, "\(path)")
        }
        let kataPage = try #require(files["katas/02-failing-kata.html"])
        #expect(kataPage.contains("<h1>\(HTML.escape(title))</h1>"))
        #expect(kataPage.contains("<title>Kata 02 · \(HTML.escape(title)) — Dispatch Katas</title>"))
        #expect(try #require(files["index.html"]).contains(">\(HTML.escape(title))</a>"))
    }

    @Test("the search index holds the values as data that cannot close a script or run one")
    func searchIndexEscaped() throws {
        let (files, title) = try hostileSite()
        let script = try #require(files["assets/search-index.js"])
        #expect(!script.contains("</"))
        let prefix = "window.KATA_SEARCH_INDEX = "
        let json = try #require(script.components(separatedBy: "\n").first { $0.hasPrefix(prefix) }).dropFirst(
            prefix.count
        ).dropLast()
        let entries = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        #expect(
            entries.contains { ($0["title"] as? String) == "Kata 02 · \(title)" },
            "the title comes back as the same text")
    }

    @Test("every page carries a Content-Security-Policy and needs no inline script or style")
    func contentSecurityPolicy() throws {
        let catalog = try KataCatalog.load(from: KataRepository(root: Fixtures.projectRoot))
        let policy =
            #"<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'">"#
        for (path, html) in try SiteGenerator(catalog: catalog).generate() where path.hasSuffix(".html") {
            #expect(html.contains(policy), "\(path)")
            let head = try #require(html.components(separatedBy: "</head>").first)
            #expect(
                head.range(of: policy)!.lowerBound < head.range(of: "<link rel=\"stylesheet\"")!.lowerBound,
                "the policy comes before anything it governs")
            #expect(
                html.range(of: #"<script(?![^>]*\ssrc=)"#, options: .regularExpression) == nil,
                "\(path): an inline script")
            #expect(!html.contains("<style"), "\(path): an inline stylesheet")
            #expect(!html.contains(" style=\""), "\(path): a style attribute")
            #expect(
                html.range(of: Self.eventHandler, options: .regularExpression) == nil,
                "\(path): an event-handler attribute")
        }
    }
}
