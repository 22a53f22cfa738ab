import Foundation

/// Renders a kata's markdown for reading in a terminal: headings stand out, code blocks are
/// indented and kept verbatim, lists and tables line up, and HTML such as the hints'
/// `<details>` blocks is reduced to its text. With styling off the output is plain text that
/// still reads well (markdown's own markers stay where they carry meaning, like backticks).
///
/// ```swift
/// let text = TerminalMarkdownRenderer(style: TextStyle(enabled: false)).render(MarkdownDocument(parsing: markdown))
/// ```
public struct TerminalMarkdownRenderer: Sendable {
    public let style: TextStyle

    public init(style: TextStyle) {
        self.style = style
    }

    public func render(_ document: MarkdownDocument) -> String {
        var blocks: [String] = []
        for node in document.root.children {
            let block = renderBlock(node, indent: "")
            if !block.isEmpty { blocks.append(block) }
        }
        return blocks.joined(separator: "\n\n") + "\n"
    }

    private func renderBlock(_ node: MarkdownNode, indent: String) -> String {
        switch node.kind {
        case .heading:
            let text = inline(node.children)
            switch node.headingLevel {
            case 1:
                return style.enabled
                    ? style.bold(style.cyan(text)) : text + "\n" + String(repeating: "=", count: text.count)
            case 2:
                return style.enabled
                    ? style.bold(style.underline(text)) : text + "\n" + String(repeating: "-", count: text.count)
            default:
                return style.enabled ? style.bold(text) : String(repeating: "#", count: node.headingLevel) + " " + text
            }
        case .paragraph:
            return prefixLines(inline(node.children), with: indent)
        case .codeBlock:
            let code = literal(of: node).trimmingTrailingNewlines
            return code.split(separator: "\n", omittingEmptySubsequences: false)
                .map { indent + "    " + style.yellow(String($0)) }
                .joined(separator: "\n")
        case .blockQuote:
            let inner = node.children.map { renderBlock($0, indent: "") }.joined(separator: "\n\n")
            return prefixLines(inner, with: indent + style.dim("│ "))
        case .list:
            return renderList(node, indent: indent)
        case .thematicBreak:
            return indent + style.dim(String(repeating: "─", count: 40))
        case .htmlBlock:
            return prefixLines(HTMLText.strip(literal(of: node), style: style), with: indent)
        case .table:
            return renderTable(node, indent: indent)
        default:
            return prefixLines(inline([node]), with: indent)
        }
    }

    private func renderList(_ list: MarkdownNode, indent: String) -> String {
        var items: [String] = []
        for (offset, item) in list.children.enumerated() {
            let marker = list.isOrderedList ? "\(list.listStart + offset). " : "• "
            let padding = String(repeating: " ", count: marker.count)
            let body = item.children.map { renderBlock($0, indent: "") }.joined(separator: "\n")
            let lines = body.split(separator: "\n", omittingEmptySubsequences: false)
            let rendered = lines.enumerated().map { index, line in
                indent + (index == 0 ? marker : padding) + line
            }
            items.append(rendered.joined(separator: "\n"))
        }
        return items.joined(separator: "\n")
    }

    private func renderTable(_ table: MarkdownNode, indent: String) -> String {
        let rows = table.children.map { row in row.children.map { inline($0.children) } }
        let columnCount = rows.map(\.count).max() ?? 0
        var widths = Array(repeating: 0, count: columnCount)
        for row in rows {
            for (column, cell) in row.enumerated() { widths[column] = max(widths[column], visibleLength(cell)) }
        }
        var lines: [String] = []
        for (index, row) in rows.enumerated() {
            let cells = (0..<columnCount).map { column -> String in
                let cell = column < row.count ? row[column] : ""
                return cell + String(repeating: " ", count: widths[column] - visibleLength(cell))
            }
            let line = indent + cells.joined(separator: "  ").trimmingTrailingWhitespace
            lines.append(index == 0 ? style.bold(String(line)) : String(line))
            if index == 0 {
                lines.append(
                    indent + style.dim(widths.map { String(repeating: "─", count: $0) }.joined(separator: "  ")))
            }
        }
        return lines.joined(separator: "\n")
    }

    private func inline(_ nodes: [MarkdownNode]) -> String {
        nodes.map { node -> String in
            switch node.kind {
            case .text: literal(of: node)
            case .softBreak: " "
            case .lineBreak: "\n"
            case .code: style.enabled ? style.yellow(literal(of: node)) : "`\(literal(of: node))`"
            case .emphasis: style.enabled ? style.italic(inline(node.children)) : "_\(inline(node.children))_"
            case .strong: style.enabled ? style.bold(inline(node.children)) : "**\(inline(node.children))**"
            case .strikethrough: "~\(inline(node.children))~"
            case .link:
                linkText(inline(node.children), url: (node.url ?? "").replacingControlCharacters)
            case .image: "[image: \(inline(node.children))]"
            case .htmlInline: HTMLText.strip(literal(of: node), style: style)
            default: inline(node.children)
            }
        }.joined()
    }

    /// The node's text with its control characters made harmless: an escape sequence in a README
    /// would otherwise reach the learner's terminal, which could recolour, retitle or clear it.
    private func literal(of node: MarkdownNode) -> String {
        (node.literal ?? "").replacingControlCharacters
    }

    private func linkText(_ text: String, url: String) -> String {
        if url.isEmpty || url == text || url.hasPrefix("#") { return style.underline(text) }
        return style.underline(text) + style.dim(" (\(url))")
    }

    private func prefixLines(_ text: String, with prefix: String) -> String {
        guard !prefix.isEmpty else { return text }
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { prefix + $0 }.joined(separator: "\n")
    }

    /// Length as the terminal shows it: escape sequences take no room.
    private func visibleLength(_ text: String) -> Int {
        var count = 0
        var inEscape = false
        for scalar in text.unicodeScalars {
            if inEscape {
                if scalar == "m" { inEscape = false }
                continue
            }
            if scalar == "\u{1B}" {
                inEscape = true
                continue
            }
            count += 1
        }
        return count
    }
}

extension String {
    var trimmingTrailingNewlines: String {
        var text = self
        while text.hasSuffix("\n") { text.removeLast() }
        return text
    }
}
