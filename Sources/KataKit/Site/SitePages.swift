/// The HTML of each kind of page. Everything interpolated from a kata is escaped with
/// ``HTML/escape(_:)``, except the markdown HTML, which cmark rendered after ``RawHTMLFilter``
/// cut its raw HTML down to a few harmless tags.
enum SitePages {
    static let siteName = "Dispatch Katas"

    /// The pages load their own stylesheet and two scripts and nothing else, with no inline
    /// script or style; the policy makes the browser hold them to it, so even HTML that slipped
    /// into a kata's markdown could neither run a script nor load anything from another site.
    /// `'self'` covers the site's own files from a web server and from `file://` alike
    /// (scripts/browser-check proves the latter).
    static let contentSecurityPolicy =
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        + "base-uri 'none'; form-action 'none'"

    static func index(catalog: KataCatalog, configuration: SiteConfiguration = .none) -> String {
        let rows = catalog.katas.map { kata in
            """
                  <tr>
                    <td class="number">\(kata.id)</td>
                    <td><a href="katas/\(kata.folderName).html">\(HTML.escape(kata.title))</a><p \
            class="row-summary">\(HTML.escape(kata.metadata.summary))</p></td>
                    <td>\(patternList(kata.metadata.patterns))</td>
                    <td class="minutes">\(kata.metadata.minutes) min</td>
                    <td>\(kata.metadata.difficulty.rawValue)</td>
                  </tr>
            """
        }.joined(separator: "\n")
        let totalMinutes = catalog.katas.map(\.metadata.minutes).reduce(0, +)
        let body = """
                <main id="content" class="content content-wide">
                  <h1>Make GCD and async Swift code testable</h1>
                  <p class="lead">\(catalog.katas.count) katas, about \(totalMinutes / 60) hours of workshop. Each \
            hands you code that works but cannot be tested quickly and deterministically, and a test that fails \
            against it. You refactor, one pattern at a time, until the test passes — in milliseconds, without \
            sleeping, every time.</p>
                  <h2 id="start">Start</h2>
                  <p>On Linux or macOS with Swift 6, in your clone of the repository:</p>
                  <pre class="code"><code>scripts/setup      # installs what is missing, lists the katas, checks kata 01
            swift run kata show 1
            swift run kata check 1</code></pre>
                  <p>Change the code in <code>Katas/NN-slug/Sources</code> until <code>kata check</code> passes. The \
            tests are the specification; leave them as they are. In the katas where you write the tests, it is the \
            other way round: the code is the kata's, and your tests in <code>Katas/NN-slug/Tests</code> are what \
            <code>kata check</code> grades.</p>
                  <h2 id="path">The learning path</h2>
                  <ol class="path">
                    <li><strong>Seams for the queues</strong> (01–04): a stub, a wrapper, a conformance of the real \
            queue, a spy.</li>
                    <li><strong>Waiting, right</strong> (05–06): expectations, confirmations, wait helpers and \
            continuations — and when not to wait at all.</li>
                    <li><strong>Operations</strong> (07–08): asynchronous <code>Operation</code>s that finish, and \
            queues you can hold still.</li>
                    <li><strong>Published values</strong> (09): a Combine pipeline whose scheduler you inject.</li>
                    <li><strong>Beyond the queues</strong> (10–14): virtual time, deadlocks, data races and Swift 6, \
            <code>async</code>/<code>await</code> with a clock you control, and <code>@MainActor</code> tests that \
            never flake.</li>
                    <li><strong>Today's concurrency</strong> (15–18): streams a test can drive, actor reentrancy, \
            task groups, and Swift 6.2's default main-actor isolation.</li>
                    <li><strong>Write the tests</strong> (19–24): the code is testable and correct, and you write the \
            tests. They are graded against correct and buggy versions of the code: valid when they pass on every \
            correct one, thorough when they catch every bug.</li>
                  </ol>
                  <h2 id="katas">The katas</h2>
                  <div class="table-wrap">
                    <table class="katas">
                      <thead><tr><th scope="col">#</th><th scope="col">Kata</th><th scope="col">Patterns</th><th \
            scope="col">Time</th><th scope="col">Level</th></tr></thead>
                      <tbody>
            \(rows)
                      </tbody>
                    </table>
                  </div>
                  <p>To read it on paper or offline, <a href="\(workshopPath)">the whole workshop on one page</a> \
            holds every kata in order with its hints open, and no solutions.</p>
                </main>
            """
        let first = catalog.katas.first.map { "katas/\($0.folderName).html" }
        return shell(
            title: siteName, description: "Katas that make Grand Central Dispatch and async Swift code testable.",
            root: "", bodyAttributes: first.map { " data-next=\"\($0)\"" } ?? "", main: body, sidebar: nil,
            toc: nil, configuration: configuration
        )
    }

    /// The printable page: every kata in order, hints open, no solutions.
    static let workshopPath = "workshop.html"

    private static func spoilerLink(_ kata: Kata) -> String {
        """
                    <p class="spoiler-link">Passed? Compare with <a href="../solutions/\(kata.folderName).html">the \
        reference solution</a> (a spoiler until then).</p>
        """
    }

    /// `linksSolution`: false in the workshop's learner edition, which has no solution pages.
    static func kataPage(
        kata: Kata, page: SiteMarkdown.Page, catalog: KataCatalog, previous: Kata?, next: Kata?,
        configuration: SiteConfiguration = .none, linksSolution: Bool = true
    ) -> String {
        let command = "swift run kata check \(kata.number)"
        let pager = pagerLinks(previous: previous, next: next, label: "Previous and next kata")
        let main = """
                <main id="content" class="content">
                  <article>
            \(kataHeader(kata, headingLevel: 1))
                      <div class="command"><span class="command-label" id="check-label">Check your work</span><pre \
            class="code" aria-labelledby="check-label"><code>\(HTML.escape(command))</code></pre></div>
                    </header>
            \(page.html)
            \(linksSolution ? spoilerLink(kata) : "")
            \(editLink(configuration.editURL("Katas/\(kata.folderName)/README.md")))
            \(pager)
                  </article>
                </main>
            """
        return shell(
            title: "\(kata.heading) — \(siteName)", description: kata.metadata.summary, root: "../",
            bodyAttributes: navigationAttributes(previous: previous, next: next),
            main: main, sidebar: sidebar(catalog: catalog, current: kata, onSolution: false),
            toc: toc(page.headings), configuration: configuration
        )
    }

    static func solutionPage(
        kata: Kata, page: SiteMarkdown.Page, sources: [(name: String, code: String)], catalog: KataCatalog,
        previous: Kata? = nil, next: Kata? = nil, configuration: SiteConfiguration = .none
    ) -> String {
        let code = sources.map { source in
            """
                <h3 id="file-\(HTML.anchor(source.name))">\(HTML.escape(source.name))</h3>
                \(SiteCodeBlock.html(code: source.code, language: "swift"))
            """
        }.joined(separator: "\n")
        let pager = pagerLinks(
            previous: previous, next: next, label: "Previous and next solution", noun: " solution")
        let tests = kata.metadata.kind == .tests
        let codeHeading = tests ? "The tests" : "The code"
        let codeNote =
            tests
            ? "The whole reference suite, as <code>Solutions/\(kata.folderName)/Tests/\(kata.testModuleName)</code> "
                + "holds it."
            : "The whole module, as <code>Solutions/\(kata.folderName)/Sources/\(kata.moduleName)</code> holds it."
        let main = """
                <main id="content" class="content">
                  <article>
                    <header class="kata-header">
                      <p class="eyebrow">Kata \(kata.id) · \(tests ? "reference tests" : "reference solution")</p>
                      <h1>\(HTML.escape(kata.title)): the solution</h1>
                      <div class="spoiler" role="note"><strong>Spoiler.</strong> This page solves <a \
            href="../katas/\(kata.folderName).html">\(HTML.escape(kata.heading))</a>. Try the kata first: its hints \
            go from a nudge to nearly the answer, and the struggle is where the learning happens.</div>
                    </header>
            \(page.html)
                    <h2 id="the-code"><a class="anchor" href="#the-code" aria-hidden="true" \
            tabindex="-1">#</a>\(codeHeading)</h2>
                    <p>\(codeNote)</p>
            \(code)
            \(editLink(configuration.editURL("Solutions/\(kata.folderName)/SOLUTION.md")))
            \(pager)
                  </article>
                </main>
            """
        let headings = page.headings + [SiteMarkdown.Heading(level: 2, id: "the-code", text: codeHeading)]
        return shell(
            title: "\(kata.heading): the solution — \(siteName)",
            description: "The reference solution of \(kata.heading).", root: "../",
            bodyAttributes: navigationAttributes(previous: previous, next: next),
            main: main, sidebar: sidebar(catalog: catalog, current: kata, onSolution: true),
            toc: toc(headings), configuration: configuration
        )
    }

    /// The whole workshop on one page, to print or to read offline: each kata as a chapter, its
    /// headings one level down and its ids prefixed (``SiteMarkdown/Layout``), its hints open.
    /// The reference solutions stay out: a printed workshop is handed to learners.
    static func workshopPage(
        chapters: [(kata: Kata, page: SiteMarkdown.Page)], catalog: KataCatalog,
        configuration: SiteConfiguration = .none
    ) -> String {
        let contents = chapters.map { chapter in
            "        <li><a href=\"#\(chapterID(chapter.kata))\">\(HTML.escape(chapter.kata.heading))</a></li>"
        }.joined(separator: "\n")
        let sections = chapters.map { chapter in
            """
                  <section class="chapter" id="\(chapterID(chapter.kata))" \
            aria-labelledby="\(chapterID(chapter.kata))-title">
            \(kataHeader(chapter.kata, headingLevel: 2, id: "\(chapterID(chapter.kata))-title"))
                    </header>
            \(openingHints(chapter.page.html))
                  </section>
            """
        }.joined(separator: "\n")
        let totalMinutes = catalog.katas.map(\.metadata.minutes).reduce(0, +)
        let main = """
                <main id="content" class="content workshop">
                  <h1>\(siteName): the whole workshop</h1>
                  <p class="lead">\(catalog.katas.count) katas, about \(totalMinutes / 60) hours, on one page to \
            print (your browser's Print command) or to read offline. Every hint is open; the reference solutions are \
            not here.</p>
                  <nav class="workshop-contents" aria-label="Contents">
                    <h2 id="contents">Contents</h2>
                    <ol>
            \(contents)
                    </ol>
                  </nav>
            \(sections)
                </main>
            """
        return shell(
            title: "The whole workshop — \(siteName)",
            description: "Every kata of \(siteName) on one page, to print.", root: "",
            bodyAttributes: "", main: main, sidebar: nil, toc: nil, configuration: configuration
        )
    }

    static func chapterID(_ kata: Kata) -> String { "kata-\(kata.id)" }

    /// The layout a kata's markdown is rendered with on the workshop page.
    static func chapterLayout(_ kata: Kata) -> SiteMarkdown.Layout {
        SiteMarkdown.Layout(idPrefix: chapterID(kata) + "-", headingOffset: 1)
    }

    /// `<details>` as ``RawHTMLFilter`` normalizes it, opened.
    static func openingHints(_ html: String) -> String {
        html.replacingOccurrences(of: "<details>", with: "<details open>")
    }

    /// The kata's eyebrow, title, summary and facts; the caller closes the `<header>`.
    static func kataHeader(_ kata: Kata, headingLevel: Int, id: String? = nil) -> String {
        let metadata = kata.metadata
        let idAttribute = id.map { " id=\"\($0)\"" } ?? ""
        let title = headingLevel == 1 ? HTML.escape(kata.title) : HTML.escape(kata.heading)
        let writes =
            metadata.kind == .tests
            ? "the tests, in <code>Katas/\(kata.folderName)/Tests</code>, "
                + "graded against correct and buggy versions of the code"
            : "the code, in <code>Katas/\(kata.folderName)/Sources</code>, until the kata's tests pass"
        let kind = metadata.kind == .tests ? " · you write the tests" : ""
        return """
                    <header class="kata-header">
                      <p class="eyebrow">Kata \(kata.id) · \(metadata.minutes) min · \
            \(metadata.difficulty.rawValue)\(kind)</p>
                      <h\(headingLevel)\(idAttribute)>\(title)</h\(headingLevel)>
                      <p class="lead">\(HTML.escape(metadata.summary))</p>
                      <dl class="facts">
                        <dt>Patterns</dt><dd>\(patternList(metadata.patterns))</dd>
                        <dt>Grew from</dt><dd>\(HTML.escape(metadata.seed))</dd>
                        <dt>You write</dt><dd>\(writes)</dd>
                      </dl>
            """
    }

    static func editLink(_ url: String?) -> String {
        guard let url else { return "" }
        return "        <p class=\"edit-link\"><a href=\"\(HTML.escape(url))\">Edit this page</a> "
            + "(opens the repository)</p>"
    }

    // MARK: - Parts

    static func shell(
        title: String, description: String, root: String, bodyAttributes: String, main: String, sidebar: String?,
        toc: String?, configuration: SiteConfiguration = .none
    ) -> String {
        let menuButton =
            sidebar == nil && toc == nil
            ? ""
            : "\n    <button class=\"header-button menu-button\" id=\"menu-button\" type=\"button\" "
                + "aria-expanded=\"false\" aria-controls=\"menu\" hidden>Menu</button>"
        let repositoryLink = configuration.repository.map {
            "\n    <a class=\"header-link\" href=\"\(HTML.escape($0))\">Repository</a>"
        }
        let footerRepository = configuration.repository.map { " · <a href=\"\(HTML.escape($0))\">the repository</a>" }
        return """
            <!doctype html>
            <html lang="en">
            <head>
              <meta charset="utf-8">
              <meta name="viewport" content="width=device-width, initial-scale=1">
              <meta name="color-scheme" content="light dark">
              <meta http-equiv="Content-Security-Policy" content="\(contentSecurityPolicy)">
              <title>\(HTML.escape(title))</title>
              <meta name="description" content="\(HTML.escape(description))">
              <link rel="icon" href="\(root)assets/favicon.svg" type="image/svg+xml">
              <link rel="stylesheet" href="\(root)assets/style.css">
              <script src="\(root)assets/theme.js"></script>
              <script src="\(root)assets/site.js" defer></script>
            </head>
            <body data-root="\(root)"\(bodyAttributes)>
              <a class="skip-link" href="#content">Skip to content</a>
              <header class="site-header">\(menuButton)
                <a class="site-title" href="\(root)index.html">\(siteName)</a>
                <div class="search" role="search">
                  <label class="visually-hidden" for="search">Search the katas</label>
                  <input id="search" type="search" placeholder="Search katas, patterns, text  ( / )" \
            autocomplete="off" spellcheck="false" role="combobox" aria-expanded="false" \
            aria-controls="search-results" aria-autocomplete="list">
                  <ul id="search-results" class="search-results" role="listbox" aria-label="Search results" hidden></ul>
                </div>\(repositoryLink ?? "")
                <button class="header-button" id="theme-button" type="button" hidden>Theme</button>
              </header>
              <div class="layout\(sidebar == nil ? " layout-wide" : "")" id="menu">
            \(sidebar ?? "")
            \(main)
            \(toc ?? "")
              </div>
              <footer class="site-footer">
                <p>\(siteName) · generated by <code>kata site</code> from the katas' README files · <a \
            href="\(root)\(workshopPath)">the whole workshop on one page</a>\(footerRepository ?? "") · ← → move \
            between pages, / searches</p>
              </footer>
            </body>
            </html>

            """
    }

    /// The katas, the current one marked. On a solution page the kata is marked as the current
    /// kata, not the current page (`aria-current="page"` would be false), and the solution is
    /// listed under it as the page.
    static func sidebar(catalog: KataCatalog, current: Kata, onSolution: Bool) -> String {
        let prefix = onSolution ? "../katas/" : ""
        let items = catalog.katas.map { kata in
            let isCurrent = kata.number == current.number
            let marking = !isCurrent ? "" : onSolution ? " class=\"current-kata\"" : " aria-current=\"page\""
            let solution =
                isCurrent && onSolution
                ? "<ol><li><a href=\"\(kata.folderName).html\" aria-current=\"page\">The solution</a></li></ol>" : ""
            let number = "<span class=\"number\">\(kata.id)</span>"
            return "      <li><a href=\"\(prefix)\(kata.folderName).html\"\(marking)>\(number) "
                + "<span>\(HTML.escape(kata.title))</span></a>\(solution)</li>"
        }.joined(separator: "\n")
        return """
                <nav class="sidebar" aria-label="Katas">
                  <p class="sidebar-title">Katas</p>
                  <ol>
            \(items)
                  </ol>
                </nav>
            """
    }

    static func toc(_ headings: [SiteMarkdown.Heading]) -> String? {
        let entries = headings.filter { $0.level == 2 || $0.level == 3 }
        guard !entries.isEmpty else { return nil }
        let items = entries.map { heading in
            "      <li class=\"toc-level-\(heading.level)\">"
                + "<a href=\"#\(heading.id)\">\(HTML.escape(heading.text))</a></li>"
        }.joined(separator: "\n")
        return """
                <aside class="toc" aria-labelledby="toc-title">
                  <h2 class="toc-title" id="toc-title">On this page</h2>
                  <ol>
            \(items)
                  </ol>
                </aside>
            """
    }

    /// Links to the page before and after, named after their katas; `noun` says what they are
    /// (`" solution"` on solution pages: "Next solution →").
    static func pagerLinks(previous: Kata?, next: Kata?, label: String, noun: String = "") -> String {
        let previousLink =
            previous.map {
                "<a class=\"previous\" rel=\"prev\" href=\"\($0.folderName).html\">"
                    + "<span>← Previous\(noun)</span> \(HTML.escape($0.heading))</a>"
            } ?? "<span></span>"
        let nextLink =
            next.map {
                "<a class=\"next\" rel=\"next\" href=\"\($0.folderName).html\">"
                    + "<span>Next\(noun) →</span> \(HTML.escape($0.heading))</a>"
            } ?? "<span></span>"
        return "        <nav class=\"pager\" aria-label=\"\(label)\">\(previousLink)\(nextLink)</nav>"
    }

    /// The pages ← and → open, beside the current one in the same folder.
    static func navigationAttributes(previous: Kata?, next: Kata?) -> String {
        var attributes = ""
        if let previous { attributes += " data-previous=\"\(previous.folderName).html\"" }
        if let next { attributes += " data-next=\"\(next.folderName).html\"" }
        return attributes
    }

    static func patternList(_ patterns: [String]) -> String {
        "<ul class=\"patterns\">" + patterns.map { "<li>\(HTML.escape($0))</li>" }.joined() + "</ul>"
    }
}
