import Foundation

/// Turns the little HTML a kata README holds (`<details>`, `<summary>`, `<br>`) into text.
enum HTMLText {
    static func strip(_ html: String, style: TextStyle) -> String {
        var output = ""
        var remaining = Substring(html)
        while let open = remaining.firstIndex(of: "<") {
            output += remaining[..<open]
            guard let close = remaining[open...].firstIndex(of: ">") else {
                remaining = remaining[open...]
                break
            }
            let tag = remaining[remaining.index(after: open)..<close].lowercased()
            if tag.hasPrefix("summary") { output += style.enabled ? "\u{1B}[1m▸ " : "▸ " }
            if tag.hasPrefix("/summary") { output += style.enabled ? "\u{1B}[0m" : "" }
            if tag.hasPrefix("br") { output += "\n" }
            remaining = remaining[remaining.index(after: close)...]
        }
        output += remaining
        // One pass by scalar: this runs for every HTML block of every page the site builds, and
        // four replacingOccurrences and a trim per line cost many times more.
        var lines: [String.UnicodeScalarView] = []
        var line = String.UnicodeScalarView()
        let scalars = Array(output.unicodeScalars)
        var index = 0
        func finishLine() {
            let trimmed = line.drop { $0.properties.isWhitespace }.reversed().drop { $0.properties.isWhitespace }
                .reversed()
            if !trimmed.isEmpty { lines.append(String.UnicodeScalarView(trimmed)) }
            line = String.UnicodeScalarView()
        }
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "\n" {
                finishLine()
                index += 1
                continue
            }
            if scalar == "&",
                let (decoded, length) = entities.lazy.compactMap({ entity, text in
                    scalars[index...].starts(with: entity) ? (text, entity.count) : nil
                }).first
            {
                line.append(decoded)
                index += length
                continue
            }
            line.append(scalar)
            index += 1
        }
        finishLine()
        return lines.map(String.init).joined(separator: "\n")
    }

    /// The entities cmark writes for text in HTML it passes through.
    private static let entities: [([Unicode.Scalar], Unicode.Scalar)] = [
        (Array("&lt;".unicodeScalars), "<"), (Array("&gt;".unicodeScalars), ">"),
        (Array("&quot;".unicodeScalars), "\""), (Array("&amp;".unicodeScalars), "&"),
    ]
}
