import CCmarkGFM
import Foundation

/// One node of a ``MarkdownDocument``.
public struct MarkdownNode: Sendable, Equatable {
    public enum Kind: String, Sendable {
        case document
        case blockQuote = "block_quote"
        case list, item
        case codeBlock = "code_block"
        case htmlBlock = "html_block"
        case paragraph, heading
        case thematicBreak = "thematic_break"
        case text
        case softBreak = "softbreak"
        case lineBreak = "linebreak"
        case code
        case htmlInline = "html_inline"
        case emphasis = "emph"
        case strong, link, image
        case strikethrough, table
        case tableRow = "table_row"
        case tableHeader = "table_header"
        case tableCell = "table_cell"
        case other
    }

    public var kind: Kind
    /// The text of text, code, code block and HTML nodes.
    public var literal: String?
    /// 1–6 for headings.
    public var headingLevel: Int = 0
    /// For lists: ordered or not, and the first number.
    public var isOrderedList = false
    public var listStart = 1
    /// For links and images.
    public var url: String?
    /// For fenced code blocks: the info string (`swift`).
    public var fenceInfo: String?
    /// The line of the markdown where the node starts (1-based), for error messages.
    public var line: Int
    public var children: [MarkdownNode] = []

    /// Deeper than any README nests (a list in a quote in a list is three); below it a subtree
    /// is kept as its text only. The code that walks the tree is recursive, and `> > > …` a
    /// few thousand times deep would otherwise overflow the stack.
    static let maximumDepth = 64

    init(_ node: OpaquePointer, depth: Int = 0) {
        line = Int(cmark_node_get_start_line(node))
        guard depth < Self.maximumDepth else {
            kind = .text
            literal = Self.flatText(of: node)
            return
        }
        let typeName = String(cString: cmark_node_get_type_string(node))
        kind = Kind(rawValue: typeName) ?? (typeName == "table_header" ? .tableHeader : .other)
        if let literal = cmark_node_get_literal(node) { self.literal = String(cString: literal) }
        switch kind {
        case .heading:
            headingLevel = Int(cmark_node_get_heading_level(node))
        case .list:
            isOrderedList = cmark_node_get_list_type(node) == CMARK_ORDERED_LIST
            listStart = Int(cmark_node_get_list_start(node))
        case .link, .image:
            url = cmark_node_get_url(node).map { String(cString: $0) }
        case .codeBlock:
            fenceInfo = cmark_node_get_fence_info(node).map { String(cString: $0) }
        default:
            break
        }
        var child = cmark_node_first_child(node)
        while let current = child {
            children.append(MarkdownNode(current, depth: depth + 1))
            child = cmark_node_next(current)
        }
    }

    /// The text below `node`, gathered with cmark's iterator rather than by recursion.
    private static func flatText(of node: OpaquePointer) -> String {
        var text = ""
        let iterator = cmark_iter_new(node)!
        defer { cmark_iter_free(iterator) }
        while cmark_iter_next(iterator) != CMARK_EVENT_DONE {
            guard cmark_iter_get_event_type(iterator) == CMARK_EVENT_ENTER, let current = cmark_iter_get_node(iterator)
            else { continue }
            switch cmark_node_get_type(current) {
            case CMARK_NODE_TEXT, CMARK_NODE_CODE:
                text += cmark_node_get_literal(current).map { String(cString: $0) } ?? ""
            case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK, CMARK_NODE_PARAGRAPH: text += " "
            default: break
            }
        }
        return text
    }

    /// The text of this node and everything below it, without markup.
    public var plainText: String {
        switch kind {
        case .text, .code: literal ?? ""
        case .softBreak, .lineBreak: " "
        default: children.map(\.plainText).joined()
        }
    }
}
