/// Raw HTML in a kata's markdown, cut down to the few tags the READMEs need, for the site.
///
/// cmark-gfm must keep raw HTML for the hints' `<details>`, and its `tagfilter` extension only
/// disarms `<script>`, `<iframe>` and a few more: `<img onerror=…>`, `<a href="javascript:…">`
/// or `<svg onload=…>` would pass. So the site allows an explicit list of tags without attributes
/// (`<details open>` aside) and shows everything else as text, the way GitHub shows what it does
/// not render. Comments are dropped.
///
/// ```swift
/// RawHTMLFilter.filter("<details><summary>Hint</summary>")  // unchanged
/// RawHTMLFilter.filter("<img src=x onerror=alert(1)>")       // "&lt;img src=x onerror=alert(1)&gt;"
/// ```
enum RawHTMLFilter {
    /// Tags that carry no URL, script or style, so they are harmless without attributes.
    static let allowedTags: Set<String> = [
        "details", "summary", "br", "kbd", "sub", "sup", "b", "i", "em", "strong", "code", "p", "ul", "ol", "li",
    ]

    static func filter(_ html: String) -> String {
        let scalars = Array(html.unicodeScalars)
        var output = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            switch scalar {
            case "<":
                if let end = commentEnd(scalars, from: index) {
                    index = end
                } else if let (tag, end) = allowedTag(scalars, from: index) {
                    output.append(contentsOf: tag.unicodeScalars)
                    index = end
                } else {
                    output.append(contentsOf: "&lt;".unicodeScalars)
                    index += 1
                }
            case ">":
                output.append(contentsOf: "&gt;".unicodeScalars)
                index += 1
            case "&":
                output.append(contentsOf: (startsEntity(scalars, at: index) ? "&" : "&amp;").unicodeScalars)
                index += 1
            default:
                output.append(scalar)
                index += 1
            }
        }
        return String(output)
    }

    /// `<!-- … -->` starting at `start`: the index after it, or nil.
    private static func commentEnd(_ scalars: [Unicode.Scalar], from start: Int) -> Int? {
        guard matches(scalars, at: start, "<!--") else { return nil }
        var index = start + 4
        while index + 2 < scalars.count {
            if matches(scalars, at: index, "-->") { return index + 3 }
            index += 1
        }
        return nil
    }

    /// An allowed tag starting at `start`, normalized (`<details>`, `</summary>`, `<br>`,
    /// `<details open>`), and the index after it; nil for anything else.
    private static func allowedTag(_ scalars: [Unicode.Scalar], from start: Int) -> (String, Int)? {
        var index = start + 1
        let closing = index < scalars.count && scalars[index] == "/"
        if closing { index += 1 }
        var name = ""
        while index < scalars.count, isASCIILetterOrDigit(scalars[index]) {
            name.unicodeScalars.append(scalars[index])
            index += 1
        }
        name = name.lowercased()
        guard allowedTags.contains(name) else { return nil }
        var open = false
        skipSpaces(scalars, &index)
        if !closing, name == "details", matchesWord(scalars, at: index, "open") {
            open = true
            index += 4
            skipSpaces(scalars, &index)
        }
        if !closing, index < scalars.count, scalars[index] == "/" { index += 1 }
        guard index < scalars.count, scalars[index] == ">" else { return nil }
        return ("<" + (closing ? "/" : "") + name + (open ? " open" : "") + ">", index + 1)
    }

    /// `&amp;`, `&#60;` or `&#x3C;`: an entity the browser decodes to text, safe to keep.
    private static func startsEntity(_ scalars: [Unicode.Scalar], at start: Int) -> Bool {
        var index = start + 1
        var length = 0
        let numeric = index < scalars.count && scalars[index] == "#"
        if numeric { index += 1 }
        while index < scalars.count, isASCIILetterOrDigit(scalars[index]), length < 32 {
            index += 1
            length += 1
        }
        return length > 0 && index < scalars.count && scalars[index] == ";"
    }

    private static func isASCIILetterOrDigit(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
    }

    private static func skipSpaces(_ scalars: [Unicode.Scalar], _ index: inout Int) {
        while index < scalars.count, [" ", "\t", "\n", "\r"].contains(scalars[index]) { index += 1 }
    }

    private static func matches(_ scalars: [Unicode.Scalar], at start: Int, _ text: String) -> Bool {
        let pattern = Array(text.unicodeScalars)
        guard start + pattern.count <= scalars.count else { return false }
        return Array(scalars[start..<(start + pattern.count)]) == pattern
    }

    /// `open` as a whole attribute name (not `opener=`), case-insensitively.
    private static func matchesWord(_ scalars: [Unicode.Scalar], at start: Int, _ word: String) -> Bool {
        let pattern = Array(word.unicodeScalars)
        guard start + pattern.count <= scalars.count else { return false }
        let candidate = String(String.UnicodeScalarView(scalars[start..<(start + pattern.count)])).lowercased()
        guard candidate == word else { return false }
        let after = start + pattern.count
        return after == scalars.count
            || !isASCIILetterOrDigit(scalars[after]) && scalars[after] != "=" && scalars[after] != "-"
    }
}
