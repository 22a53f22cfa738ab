/// The scheme of a link's target, read the way a browser reads it.
///
/// A README's links are untrusted: the site publishes `https:`, `http:` and `mailto:` links as
/// they are, rewrites relative ones to its pages, and refuses every other scheme. Which one a link
/// has must be read by Unicode scalars, not by `Character`s: a combining mark after the colon
/// (`gn:\u{368}…`) joins the colon into one larger character, so `contains(":")` and
/// `hasPrefix("javascript:")` do not find it, yet the browser still sees the scheme.
///
/// ```swift
/// LinkScheme.of("HTTPS://example.com")          // "https"
/// LinkScheme.of("java\tscript:\u{301}alert(1)") // "javascript": browsers drop tabs in a URL
/// LinkScheme.of("../02-x/README.md#steps")       // nil: relative
/// ```
public enum LinkScheme {
    /// Schemes the site links to as they are.
    public static let published: Set<String> = ["https", "http", "mailto"]

    /// Schemes that run code when followed, refused with a message of their own.
    public static let scripting: Set<String> = ["javascript", "data", "vbscript"]

    /// The lowercased scheme of `target`, or nil when it has none. Anything before a colon that
    /// comes before the first `/`, `?` or `#` counts as a scheme, which is stricter than a browser
    /// (`a?b:c` has none there) and never looser. Browsers drop leading spaces and control
    /// characters, and tabs and newlines anywhere, so this does too.
    public static func of(_ target: String) -> String? {
        var scheme = String.UnicodeScalarView()
        var leading = true
        for scalar in target.unicodeScalars {
            if leading && scalar.value <= 0x20 { continue }
            leading = false
            switch scalar {
            case "\t", "\n", "\r": continue
            case ":": return String(scheme).lowercased()
            case "/", "?", "#": return nil
            default: scheme.append(scalar)
            }
        }
        return nil
    }

    /// The first control character in `target` (U+0000–U+001F, U+007F), if any. A browser drops
    /// one at the start of an `href`, but the markdown renderer writes it percent-encoded
    /// (`%08https://…`), which a browser reads as a path on this site: a link that looked like a
    /// web link and leads nowhere. No link needs one, so the site refuses them all.
    public static func controlCharacter(in target: String) -> Unicode.Scalar? {
        target.unicodeScalars.first { $0.value < 0x20 || $0.value == 0x7F }
    }
}
