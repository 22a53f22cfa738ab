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
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'"

    static func index(catalog: KataCatalog) -> String {
        let rows = catalog.katas.map { kata in
            """
                  <tr>
                    <td class="number">\(kata.id)</td>
                    <td><a href="katas/\(kata.folderName).html">\(HTML.escape(kata.title))</a><p class="row-summary">\(HTML.escape(kata.metadata.summary))</p></td>
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
                  <p class="lead">\(catalog.katas.count) katas, about \(totalMinutes / 60) hours of workshop. Each hands you code that works but cannot be tested quickly and deterministically, and a test that fails against it. You refactor, one pattern at a time, until the test passes — in milliseconds, without sleeping, every time.</p>
                  <h2 id="start">Start</h2>
                  <p>On Linux or macOS with Swift 6, in your clone of the repository:</p>
                  <pre class="code"><code>scripts/setup      # installs what is missing, lists the katas, checks kata 01
            swift run kata show 1
            swift run kata check 1</code></pre>
                  <p>Change the code in <code>Katas/NN-slug/Sources</code> until <code>kata check</code> passes. The tests are the specification; leave them as they are.</p>
                  <h2 id="path">The learning path</h2>
                  <ol class="path">
                    <li><strong>Seams for the queues</strong> (01–04): a stub, a wrapper, a conformance of the real queue, a spy.</li>
                    <li><strong>Waiting, right</strong> (05–06): expectations, confirmations, wait helpers and continuations — and when not to wait at all.</li>
                    <li><strong>Operations</strong> (07–08): asynchronous <code>Operation</code>s that finish, and queues you can hold still.</li>
                    <li><strong>Published values</strong> (09): a Combine pipeline whose scheduler you inject.</li>
                    <li><strong>Beyond the queues</strong> (10–14): virtual time, deadlocks, data races and Swift 6, <code>async</code>/<code>await</code> with a clock you control, and <code>@MainActor</code> tests that never flake.</li>
                  </ol>
                  <h2 id="katas">The katas</h2>
                  <div class="table-wrap">
                    <table class="katas">
                      <thead><tr><th scope="col">#</th><th scope="col">Kata</th><th scope="col">Patterns</th><th scope="col">Time</th><th scope="col">Level</th></tr></thead>
                      <tbody>
            \(rows)
                      </tbody>
                    </table>
                  </div>
                </main>
            """
        return shell(
            title: siteName, description: "Katas that make Grand Central Dispatch and async Swift code testable.",
            root: "", bodyAttributes: "", main: body, sidebar: nil, toc: nil
        )
    }

    static func kataPage(
        kata: Kata, page: SiteMarkdown.Page, catalog: KataCatalog, previous: Kata?, next: Kata?,
        linksSolution: Bool = true
    ) -> String {
        let metadata = kata.metadata
        let command = "swift run kata check \(kata.number)"
        let pager = pagerLinks(previous: previous, next: next)
        let main = """
                <main id="content" class="content">
                  <article>
                    <header class="kata-header">
                      <p class="eyebrow">Kata \(kata.id) · \(metadata.minutes) min · \(metadata.difficulty.rawValue)</p>
                      <h1>\(HTML.escape(kata.title))</h1>
                      <p class="lead">\(HTML.escape(metadata.summary))</p>
                      <dl class="facts">
                        <dt>Patterns</dt><dd>\(patternList(metadata.patterns))</dd>
                        <dt>Grew from</dt><dd>\(HTML.escape(metadata.seed))</dd>
                        <dt>Folder</dt><dd><code>Katas/\(kata.folderName)</code></dd>
                      </dl>
                      <div class="command"><span class="command-label" id="check-label">Check your work</span><pre class="code" aria-labelledby="check-label"><code>\(HTML.escape(command))</code></pre></div>
                    </header>
            \(page.html)
                    \(linksSolution ? #"<p class="spoiler-link">Passed? Compare with <a href="../solutions/\#(kata.folderName).html">the reference solution</a> (a spoiler until then).</p>"# : "")
            \(pager)
                  </article>
                </main>
            """
        return shell(
            title: "\(kata.heading) — \(siteName)", description: metadata.summary, root: "../",
            bodyAttributes: navigationAttributes(previous: previous, next: next, prefix: ""),
            main: main, sidebar: sidebar(catalog: catalog, current: kata, prefix: ""), toc: toc(page.headings)
        )
    }

    static func solutionPage(
        kata: Kata, page: SiteMarkdown.Page, sources: [(name: String, code: String)], catalog: KataCatalog
    ) -> String {
        let code = sources.map { source in
            """
                <h3 id="file-\(HTML.anchor(source.name))">\(HTML.escape(source.name))</h3>
                <pre class="code" data-language="swift"><code>\(SwiftHighlighter.html(source.code))</code></pre>
            """
        }.joined(separator: "\n")
        let main = """
                <main id="content" class="content">
                  <article>
                    <header class="kata-header">
                      <p class="eyebrow">Kata \(kata.id) · reference solution</p>
                      <h1>\(HTML.escape(kata.title)): the solution</h1>
                      <div class="spoiler" role="note"><strong>Spoiler.</strong> This page solves <a href="../katas/\(kata.folderName).html">\(HTML.escape(kata.heading))</a>. Try the kata first: its hints go from a nudge to nearly the answer, and the struggle is where the learning happens.</div>
                    </header>
            \(page.html)
                    <h2 id="the-code"><a class="anchor" href="#the-code" aria-hidden="true" tabindex="-1">#</a>The code</h2>
                    <p>The whole module, as <code>Solutions/\(kata.folderName)/Sources/\(kata.moduleName)</code> holds it.</p>
            \(code)
                  </article>
                </main>
            """
        let headings = page.headings + [SiteMarkdown.Heading(level: 2, id: "the-code", text: "The code")]
        return shell(
            title: "\(kata.heading): the solution — \(siteName)",
            description: "The reference solution of \(kata.heading).", root: "../",
            bodyAttributes: "", main: main, sidebar: sidebar(catalog: catalog, current: kata, prefix: "../katas/"),
            toc: toc(headings)
        )
    }

    // MARK: - Parts

    static func shell(
        title: String, description: String, root: String, bodyAttributes: String, main: String, sidebar: String?,
        toc: String?
    ) -> String {
        """
        <!doctype html>
        <html lang="en">
        <head>
          <meta charset="utf-8">
          <meta name="viewport" content="width=device-width, initial-scale=1">
          <meta name="color-scheme" content="light dark">
          <meta http-equiv="Content-Security-Policy" content="\(contentSecurityPolicy)">
          <title>\(HTML.escape(title))</title>
          <meta name="description" content="\(HTML.escape(description))">
          <link rel="stylesheet" href="\(root)assets/style.css">
          <script src="\(root)assets/site.js" defer></script>
        </head>
        <body data-root="\(root)"\(bodyAttributes)>
          <a class="skip-link" href="#content">Skip to content</a>
          <header class="site-header">
            <a class="site-title" href="\(root)index.html">\(siteName)</a>
            <div class="search" role="search">
              <label class="visually-hidden" for="search">Search the katas</label>
              <input id="search" type="search" placeholder="Search katas, patterns, text  ( / )" autocomplete="off" spellcheck="false" role="combobox" aria-expanded="false" aria-controls="search-results" aria-autocomplete="list">
              <ul id="search-results" class="search-results" role="listbox" aria-label="Search results" hidden></ul>
            </div>
          </header>
          <div class="layout\(sidebar == nil ? " layout-wide" : "")">
        \(sidebar ?? "")
        \(main)
        \(toc ?? "")
          </div>
          <footer class="site-footer">
            <p>\(siteName) · generated by <code>kata site</code> from the katas' README files · ← → move between katas, / searches</p>
          </footer>
        </body>
        </html>

        """
    }

    static func sidebar(catalog: KataCatalog, current: Kata, prefix: String) -> String {
        let items = catalog.katas.map { kata in
            let currentAttribute = kata.number == current.number ? " aria-current=\"page\"" : ""
            return
                "      <li><a href=\"\(prefix)\(kata.folderName).html\"\(currentAttribute)><span class=\"number\">\(kata.id)</span> \(HTML.escape(kata.title))</a></li>"
        }.joined(separator: "\n")
        return """
                <nav class="sidebar" aria-label="Katas">
                  <h2 class="sidebar-title">Katas</h2>
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
            "      <li class=\"toc-level-\(heading.level)\"><a href=\"#\(heading.id)\">\(HTML.escape(heading.text))</a></li>"
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

    static func pagerLinks(previous: Kata?, next: Kata?) -> String {
        let previousLink =
            previous.map {
                "<a class=\"previous\" rel=\"prev\" href=\"\($0.folderName).html\"><span>← Previous</span> \(HTML.escape($0.heading))</a>"
            } ?? "<span></span>"
        let nextLink =
            next.map {
                "<a class=\"next\" rel=\"next\" href=\"\($0.folderName).html\"><span>Next →</span> \(HTML.escape($0.heading))</a>"
            } ?? "<span></span>"
        return "        <nav class=\"pager\" aria-label=\"Previous and next kata\">\(previousLink)\(nextLink)</nav>"
    }

    static func navigationAttributes(previous: Kata?, next: Kata?, prefix: String) -> String {
        var attributes = ""
        if let previous { attributes += " data-previous=\"\(prefix)\(previous.folderName).html\"" }
        if let next { attributes += " data-next=\"\(prefix)\(next.folderName).html\"" }
        return attributes
    }

    static func patternList(_ patterns: [String]) -> String {
        "<ul class=\"patterns\">" + patterns.map { "<li>\(HTML.escape($0))</li>" }.joined() + "</ul>"
    }
}
