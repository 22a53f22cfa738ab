import Foundation

/// The hints as a README's `## Hints` section shows them: one `<details>` block each.
public enum HintsSection {
    public static func hints(in markdown: String) -> [String] {
        let document = MarkdownDocument(parsing: markdown)
        var inHints = false
        var hints: [String] = []
        var current: [String]? = nil
        for node in document.root.children {
            if node.kind == .heading {
                if inHints && node.headingLevel <= 2 { break }
                inHints = node.headingLevel == 2 && node.plainText.trimmingCharacters(in: .whitespaces) == "Hints"
                continue
            }
            guard inHints else { continue }
            if node.kind == .htmlBlock, let html = node.literal {
                // One HTML block can close a hint and open the next, in that order.
                if html.contains("</details>"), let text = current {
                    hints.append(text.joined(separator: " "))
                    current = nil
                }
                if let open = html.range(of: "<details", options: .backwards),
                    html.range(of: "</details>", range: open.upperBound..<html.endIndex) == nil
                {
                    current = []
                }
            } else if current != nil {
                current?.append(sourceText(node))
            }
        }
        return hints.map(normalize)
    }

    /// The paragraph as written, so inline code keeps its backticks like the front matter does.
    private static func sourceText(_ node: MarkdownNode) -> String {
        switch node.kind {
        case .text: node.literal ?? ""
        case .code: "`\(node.literal ?? "")`"
        case .softBreak, .lineBreak: " "
        case .emphasis: "*" + node.children.map(sourceText).joined() + "*"
        case .strong: "**" + node.children.map(sourceText).joined() + "**"
        default: node.children.map(sourceText).joined()
        }
    }

    static func normalize(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
