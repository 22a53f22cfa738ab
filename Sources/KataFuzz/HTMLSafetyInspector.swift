/// Reads generated HTML the way a browser would start to, and names anything in it that could
/// run a script or load something from elsewhere: a tag outside the list the site uses, an
/// event-handler attribute, a `javascript:`-like URL, a `<script>` that is not one of the site's.
struct HTMLSafetyInspector {
    /// Tags the site's pages are made of; anything else came from a kata's markdown unfiltered.
    static let pageTags: Set<String> = [
        "html", "head", "meta", "title", "link", "script", "body", "a", "header", "div", "label", "input", "ul", "li",
        "nav", "h1", "h2", "h3", "h4", "h5", "h6", "ol", "span", "main", "article", "p", "dl", "dt", "dd", "code",
        "pre",
        "aside", "footer", "strong", "em", "blockquote", "hr", "br", "table", "thead", "tbody", "tr", "th", "td", "del",
        "img", "details", "summary", "kbd", "sub", "sup", "b", "i", "button", "section",
    ]
    static let attributes: Set<String> = [
        "href", "src", "alt", "title", "id", "class", "aria-hidden", "tabindex", "data-language", "align", "start",
        "open",
        "lang", "charset", "name", "content", "http-equiv", "rel", "defer", "data-root", "data-previous", "data-next",
        "type", "placeholder", "autocomplete", "spellcheck", "role", "aria-expanded", "aria-controls",
        "aria-autocomplete",
        "aria-label", "hidden", "for", "aria-current", "aria-labelledby", "scope",
    ]
    static let urlAttributes: Set<String> = ["href", "src"]

    /// Problems in `html`; `scriptSources` are the only `<script src>` values allowed. It reads
    /// UTF-8 bytes: everything that delimits a tag is ASCII, and a combining mark after a `>`
    /// cannot hide it the way it would join it into one Character.
    static func problems(in html: String, scriptSources: Set<String> = []) -> [String] {
        var problems: [String] = []
        let bytes = Array(html.utf8)
        var index = 0
        func text(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "<") else {
                index += 1
                continue
            }
            var cursor = index + 1
            let closing = cursor < bytes.count && bytes[cursor] == UInt8(ascii: "/")
            if closing { cursor += 1 }
            let nameStart = cursor
            while cursor < bytes.count, isNameByte(bytes[cursor]) { cursor += 1 }
            guard cursor > nameStart else {
                index += 1
                continue
            }
            let name = text(nameStart..<cursor).lowercased()
            if !pageTags.contains(name) { problems.append("a <\(name)> tag") }
            var attributes: [(String, String)] = []
            while cursor < bytes.count, bytes[cursor] != UInt8(ascii: ">") {
                while cursor < bytes.count, isSpace(bytes[cursor]) || bytes[cursor] == UInt8(ascii: "/") { cursor += 1 }
                let attributeStart = cursor
                while cursor < bytes.count, !isSpace(bytes[cursor]),
                    ![UInt8(ascii: "="), UInt8(ascii: ">"), UInt8(ascii: "/")].contains(bytes[cursor])
                { cursor += 1 }
                let attribute = text(attributeStart..<cursor).lowercased()
                var value = ""
                if cursor < bytes.count, bytes[cursor] == UInt8(ascii: "=") {
                    cursor += 1
                    if cursor < bytes.count, bytes[cursor] == UInt8(ascii: "\"") || bytes[cursor] == UInt8(ascii: "'") {
                        let quote = bytes[cursor]
                        let valueStart = cursor + 1
                        cursor = valueStart
                        while cursor < bytes.count, bytes[cursor] != quote { cursor += 1 }
                        value = text(valueStart..<min(cursor, bytes.count))
                        cursor += 1
                    } else {
                        let valueStart = cursor
                        while cursor < bytes.count, !isSpace(bytes[cursor]), bytes[cursor] != UInt8(ascii: ">") {
                            cursor += 1
                        }
                        value = text(valueStart..<cursor)
                    }
                }
                if !attribute.isEmpty { attributes.append((attribute, value)) }
            }
            if !closing {
                for (attribute, value) in attributes {
                    if attribute.hasPrefix("on") || !Self.attributes.contains(attribute) {
                        problems.append("attribute \(attribute)= on <\(name)>")
                    }
                    if urlAttributes.contains(attribute), let scheme = unsafeScheme(value) {
                        problems.append("a \(scheme): URL in \(attribute)= on <\(name)>")
                    }
                }
                if name == "script" {
                    let source = attributes.first { $0.0 == "src" }?.1
                    if source == nil || !scriptSources.contains(source!) {
                        problems.append("a <script> that is not the site's own")
                    }
                }
            }
            index = cursor + 1
        }
        return problems
    }

    /// The scheme of a URL a browser would run or fetch from elsewhere without a click being
    /// enough to excuse it; nil for https, http, mailto and relative URLs.
    static func unsafeScheme(_ value: String) -> String? {
        let decoded = value.replacingOccurrences(of: "&amp;", with: "&").replacingOccurrences(of: "&#58;", with: ":")
        // Browsers drop ASCII whitespace and control characters inside a scheme.
        let compact = String(String.UnicodeScalarView(decoded.unicodeScalars.filter { $0.value > 0x20 })).lowercased()
        guard let colon = compact.firstIndex(of: ":") else { return nil }
        let scheme = String(compact[..<colon])
        guard !scheme.contains("/"), !scheme.contains("?"), !scheme.contains("#") else { return nil }
        return ["https", "http", "mailto"].contains(scheme) ? nil : scheme
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-")
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C
    }
}
