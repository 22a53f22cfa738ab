// Placeholder until the highlighter lands: escapes only.
public enum SwiftHighlighter {
    public static func html(_ source: String) -> String { HTML.escape(source) }
}
