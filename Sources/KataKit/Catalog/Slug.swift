import Foundation

/// The rules for a kata's slug: the readable half of its folder name (`01-stub-the-dispatcher`).
///
/// ```swift
/// Slug.make(from: "Retry without waiting")   // "retry-without-waiting"
/// Slug.make(from: "../../etc")               // "etc": only letters and digits survive
/// Slug.isValid("retry-without-waiting")      // true
/// ```
public enum Slug {
    /// The longest slug; folder names stay readable in a terminal and a file browser.
    public static let maximumLength = 60

    /// Lower-case ASCII letters and digits in words joined by single dashes. Nothing else, so a
    /// slug can never climb out of `Katas/` or mean something to a shell.
    public static func isValid(_ text: String) -> Bool {
        guard !text.isEmpty, text.count <= maximumLength, !text.hasPrefix("-"), !text.hasSuffix("-"),
            !text.contains("--")
        else {
            return false
        }
        return text.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
    }

    /// The slug of a title: its words in lower case, accents dropped, joined by dashes, cut at a
    /// word boundary to ``maximumLength``. Everything that is not an ASCII letter or digit only
    /// separates words, so `/`, `.` and NUL can never reach a folder name. Empty when the title
    /// has no such letter or digit; otherwise always ``isValid(_:)``.
    public static func make(from title: String) -> String {
        let folded = title.folding(
            options: [.diacriticInsensitive, .widthInsensitive], locale: Locale(identifier: "en_US_POSIX")
        ).lowercased()
        var words: [String] = []
        var word = ""
        for scalar in folded.unicodeScalars {
            if ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) {
                word.unicodeScalars.append(scalar)
            } else if scalar == "'" || scalar == "\u{2019}" {
                // "Don't wait" reads better as "dont-wait" than "don-t-wait".
                continue
            } else if !word.isEmpty {
                words.append(word)
                word = ""
            }
        }
        if !word.isEmpty { words.append(word) }
        var slug = ""
        for word in words {
            let candidate = slug.isEmpty ? word : slug + "-" + word
            if candidate.count > maximumLength {
                if slug.isEmpty { slug = String(word.prefix(maximumLength)) }
                break
            }
            slug = candidate
        }
        return slug
    }
}
