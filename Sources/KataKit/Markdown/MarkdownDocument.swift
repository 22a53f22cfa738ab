import CCmarkGFM
import Foundation

/// Markdown parsed by libcmark-gfm with GitHub's extensions (tables, strikethrough, autolinks,
/// tagfilter), as a tree of plain Swift values that renderers can walk without touching C.
///
/// ```swift
/// let document = MarkdownDocument(parsing: "# Hello\n\nSome *emphasis*.")
/// document.root.children[0].kind   // .heading
/// document.html                    // "<h1>Hello</h1>\n<p>Some <em>emphasis</em>.</p>\n"
/// ```
public struct MarkdownDocument: Sendable {
    public let root: MarkdownNode
    /// The document as HTML. Raw HTML is kept, but `tagfilter` disarms tags such as `<script>`;
    /// this is not for publishing: the site renders with ``SiteMarkdown``, which filters raw HTML.
    public let html: String

    public init(parsing markdown: String) {
        (root, html) = Cmark.withDocument(markdown) { document, options, extensions in
            let rendered = cmark_render_html(document, options, extensions)!
            defer { free(rendered) }
            return (MarkdownNode(document), String(cString: rendered))
        }
    }
}
