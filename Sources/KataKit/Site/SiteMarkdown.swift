import CCmarkGFM
import Foundation

/// Renders a kata's markdown for the site: libcmark-gfm with GitHub's extensions, plus what a
/// reader of the web page needs and the raw renderer does not give:
///
/// - every heading gets an id and a link to itself (`#the-pattern`), unique within the page;
/// - Swift code blocks are highlighted at build time (no JavaScript highlighter);
/// - every relative link is checked and rewritten to its page on the site, so a broken link fails
///   the build with its file and line instead of failing a reader.
///
/// ```swift
/// let page = try SiteMarkdown.render(markdown, source: "Katas/01-x/README.md", firstLine: 14) { target, line in
///     try links.resolve(target, from: "Katas/01-x/README.md", line: line)
/// }
/// page.html       // "<h1 id=\"kata-01\">…"
/// page.headings   // [(level: 2, id: "the-story", text: "The story"), …]
/// ```
public enum SiteMarkdown {
    public struct Heading: Sendable, Equatable {
        public var level: Int
        public var id: String
        public var text: String
    }

    /// A part of the page under one heading, as the search index sees it.
    public struct Section: Sendable, Equatable {
        public var headingID: String?
        public var heading: String
        public var text: String
    }

    public struct Page: Sendable, Equatable {
        public var html: String
        public var headings: [Heading]
        public var sections: [Section]
    }

    /// - Parameters:
    ///   - source: the file the markdown came from, for error messages.
    ///   - firstLine: the line of that file the markdown starts on (after front matter).
    ///   - resolveLink: given a link's target and its line in the file, the URL to use on the
    ///     site; it throws for a broken link.
    ///   - layout: where the page sits: on a page of its own (the default), or as one part of a
    ///     longer page, like the printable workshop, where ids need a prefix and headings go down
    ///     a level.
    public static func render(
        _ markdown: String,
        source: String,
        firstLine: Int = 1,
        layout: Layout = .page,
        resolveLink: (String, Int) throws -> String
    ) throws -> Page {
        try Cmark.withDocument(markdown) { document, options, extensions in
            try render(
                document, options: options, extensions: extensions, source: source, firstLine: firstLine,
                layout: layout, resolveLink: resolveLink)
        }
    }

    /// How a rendered page fits in the HTML around it.
    public struct Layout: Sendable, Equatable {
        /// Put before every heading id, and before the target of every link to a heading of the
        /// same page (`#the-story` becomes `#kata-01-the-story`).
        public var idPrefix: String
        /// Added to every heading's level (at most `h6`): 1 when the page is a chapter.
        public var headingOffset: Int

        public static let page = Layout(idPrefix: "", headingOffset: 0)

        public init(idPrefix: String, headingOffset: Int) {
            self.idPrefix = idPrefix
            self.headingOffset = headingOffset
        }
    }

    private static func render(
        _ document: OpaquePointer,
        options: Int32,
        extensions: UnsafeMutablePointer<cmark_llist>?,
        source: String,
        firstLine: Int,
        layout: Layout,
        resolveLink: (String, Int) throws -> String
    ) throws -> Page {
        // Collect first, change after: the iterator must not see a tree that changes under it.
        var headings: [OpaquePointer] = []
        var codeBlocks: [OpaquePointer] = []
        var links: [OpaquePointer] = []
        var rawHTML: [OpaquePointer] = []
        var tables: [OpaquePointer] = []
        let iterator = cmark_iter_new(document)!
        defer { cmark_iter_free(iterator) }
        while cmark_iter_next(iterator) != CMARK_EVENT_DONE {
            guard cmark_iter_get_event_type(iterator) == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator)
            else { continue }
            switch cmark_node_get_type(node) {
            case CMARK_NODE_HEADING: headings.append(node)
            case CMARK_NODE_CODE_BLOCK: codeBlocks.append(node)
            case CMARK_NODE_LINK, CMARK_NODE_IMAGE: links.append(node)
            case CMARK_NODE_HTML_BLOCK, CMARK_NODE_HTML_INLINE: rawHTML.append(node)
            default:
                if String(cString: cmark_node_get_type_string(node)) == "table" { tables.append(node) }
            }
        }
        // Before anything is rendered, headings included: a heading may hold inline HTML too.
        for node in rawHTML {
            let literal = cmark_node_get_literal(node).map { String(cString: $0) } ?? ""
            let filtered = RawHTMLFilter.filter(literal)
            if filtered != literal { cmark_node_set_literal(node, filtered) }
        }

        for link in links {
            let target = cmark_node_get_url(link).map { String(cString: $0) } ?? ""
            let line = firstLine + Int(cmark_node_get_start_line(link)) - 1
            if cmark_node_get_type(link) == CMARK_NODE_IMAGE, LinkScheme.of(target) != nil {
                throw KataError(
                    .invalidCatalog,
                    "\(source):\(line): shows the image '\(target.prefix(60))' from elsewhere, "
                        + "and the site loads nothing from other sites.",
                    advice: "Link to it instead (`[what it shows](https://…)`), then run `kata site` again; "
                        + "the site was not changed."
                )
            }
            var resolved = try resolveLink(target, line)
            if target.hasPrefix("#") { resolved = "#" + layout.idPrefix + resolved.dropFirst() }
            if resolved != target { cmark_node_set_url(link, resolved) }
        }

        var usedIDs: [String: Int] = [:]
        var headingList: [Heading] = []
        for heading in headings {
            let level = min(6, Int(cmark_node_get_heading_level(heading)) + layout.headingOffset)
            let text = MarkdownNode(heading).plainText.trimmingCharacters(in: .whitespaces)
            var id = HTML.anchor(text)
            if let count = usedIDs[id] {
                usedIDs[id] = count + 1
                id += "-\(count)"
            } else {
                usedIDs[id] = 1
            }
            id = layout.idPrefix + id
            headingList.append(Heading(level: level, id: id, text: text))
            let rendered = String(cString: cmark_render_html(heading, options, extensions))
            let inner =
                rendered
                .trimmingCharacters(in: .whitespacesAndNewlines)
                .dropFirst("<h1>".count).dropLast("</h1>".count)
            let anchor = "<a class=\"anchor\" href=\"#\(id)\" aria-hidden=\"true\" tabindex=\"-1\">#</a>"
            let html = "<h\(level) id=\"\(id)\">\(anchor)\(inner)</h\(level)>\n"
            replace(heading, withHTML: html)
        }

        for block in codeBlocks {
            let code = cmark_node_get_literal(block).map { String(cString: $0) } ?? ""
            let info = cmark_node_get_fence_info(block).map { String(cString: $0) } ?? ""
            let language = info.split(separator: " ").first.map(String.init) ?? ""
            replace(block, withHTML: SiteCodeBlock.html(code: code, language: language) + "\n")
        }

        let sections = searchSections(of: document)
        // After the search text is taken from them: a table is wrapped so that it scrolls inside
        // itself on a phone instead of widening the page.
        for table in tables {
            let rendered = cmark_render_html(table, options, extensions)!
            defer { free(rendered) }
            replace(
                table, withHTML: "<div class=\"table-wrap\">\n\(headerCellsLabelled(String(cString: rendered)))</div>\n"
            )
        }
        let rendered = cmark_render_html(document, options, extensions)!
        defer { free(rendered) }
        return Page(html: String(cString: rendered), headings: headingList, sections: sections)
    }

    /// Puts raw HTML where `node` was. Headings and code blocks are blocks, so an HTML block fits.
    private static func replace(_ node: OpaquePointer, withHTML html: String) {
        let block = cmark_node_new(CMARK_NODE_HTML_BLOCK)!
        cmark_node_set_literal(block, html)
        cmark_node_replace(node, block)
        cmark_node_free(node)
    }

    /// The page's text, cut at its headings, for the search index. Code is left out: it would
    /// drown the prose in keywords.
    private static func searchSections(of document: OpaquePointer) -> [Section] {
        var sections: [Section] = [Section(headingID: nil, heading: "", text: "")]
        var child = cmark_node_first_child(document)
        while let node = child {
            defer { child = cmark_node_next(node) }
            if let literal = cmark_node_get_literal(node), cmark_node_get_type(node) == CMARK_NODE_HTML_BLOCK {
                let html = String(cString: literal)
                // A heading, as replaced above: start a new section.
                if html.hasPrefix("<h"), let id = html.split(separator: "\"").dropFirst().first {
                    let text = HTMLText.strip(html, style: TextStyle(enabled: false)).replacingOccurrences(
                        of: "#", with: "")
                    sections.append(
                        Section(headingID: String(id), heading: text.trimmingCharacters(in: .whitespaces), text: ""))
                    continue
                }
                if html.hasPrefix("<pre") { continue }
                sections[sections.count - 1].text += " " + HTMLText.strip(html, style: TextStyle(enabled: false))
                continue
            }
            sections[sections.count - 1].text += " " + searchText(MarkdownNode(node))
        }
        return
            sections
            .map { Section(headingID: $0.headingID, heading: $0.heading, text: HintsSection.normalize($0.text)) }
            .filter { !$0.heading.isEmpty || !$0.text.isEmpty }
    }

    /// A node's text with a space between its blocks, so that a paragraph's last word and the
    /// next list item's first do not run together in the index ("comes from. pointfreeco/…").
    static func searchText(_ node: MarkdownNode) -> String {
        switch node.kind {
        case .text, .code: return node.literal ?? ""
        case .softBreak, .lineBreak: return " "
        case .paragraph, .item, .heading, .blockQuote, .list, .table, .tableRow, .tableHeader, .tableCell, .codeBlock,
            .htmlBlock:
            return " " + node.children.map(searchText).joined() + " "
        default: return node.children.map(searchText).joined()
        }
    }

    /// A header cell with nothing in it says nothing to a screen reader ("empty table header"):
    /// it becomes an ordinary cell, which is what the author meant by leaving it empty.
    static func headerCellsLabelled(_ table: String) -> String {
        var result = table
        for alignment in ["", " align=\"left\"", " align=\"center\"", " align=\"right\""] {
            result = result.replacingOccurrences(of: "<th\(alignment)></th>", with: "<td\(alignment)></td>")
        }
        return result
    }
}
