/// The HTML of a code block on the site, from a kata's markdown or a solution's source file.
///
/// A code block should show its code whole on a laptop: a reader who has to scroll sideways
/// loses the end of a line, and an ASCII timeline loses its alignment. So the generator measures
/// the block's longest line and names its width in a class, `columns-110`, rounded up to ten;
/// the stylesheet turns that class into a font size that fits the text column (with CSS container
/// units, so it follows the column as the window changes), down to a size still easy to read.
/// Below that (a phone), the block scrolls inside itself and the page stays as wide as the screen.
///
/// ```swift
/// SiteCodeBlock.html(code: "let x = 1\n", language: "swift")
/// // <pre class="code" data-language="swift"><code><span class="hl-keyword">let</span> x = …</code></pre>
/// ```
enum SiteCodeBlock {
    /// Blocks up to this many columns fit the column at the normal size; no class needed.
    static let normalColumns = 80
    /// The widest class the stylesheet knows; wider blocks get it, and scroll where they must.
    static let widestColumns = 160

    static func html(code: String, language: String) -> String {
        let body = language == "swift" ? SwiftHighlighter.html(code) : HTML.escape(code)
        let languageAttribute = language.isEmpty ? "" : " data-language=\"\(HTML.escape(language))\""
        let classes = "code" + (widthClass(code).map { " " + $0 } ?? "")
        return "<pre class=\"\(classes)\"\(languageAttribute)><code>\(body)</code></pre>"
    }

    /// `columns-NN` for a block wider than ``normalColumns``, nil otherwise.
    static func widthClass(_ code: String) -> String? {
        let longest = code.split(separator: "\n", omittingEmptySubsequences: false).map(\.count).max() ?? 0
        guard longest > normalColumns else { return nil }
        let rounded = min(widestColumns, (longest + 9) / 10 * 10)
        return "columns-\(rounded)"
    }

    /// The stylesheet's rules for the width classes: the font size that fits `N` columns of a
    /// monospaced font (0.62 em a character, a little more than the common ones need) in the
    /// container, never larger than the normal size, never smaller than 0.68 rem.
    static var stylesheetRules: String {
        stride(from: normalColumns + 10, through: widestColumns, by: 10).map { columns in
            let hundredths = columns * 62
            let ems = "\(hundredths / 100).\(hundredths % 100 < 10 ? "0" : "")\(hundredths % 100)"
            return "pre.code.columns-\(columns) code { "
                + "font-size: max(0.68rem, min(var(--code-size), calc(100cqi / \(ems)))); }"
        }.joined(separator: "\n")
    }
}
