/// The rules for a kata's slug: the readable half of its folder name (`01-stub-the-dispatcher`).
public enum Slug {
    /// Lower-case ASCII letters and digits in words joined by single dashes. Nothing else, so a
    /// slug can never climb out of `Katas/` or mean something to a shell.
    public static func isValid(_ text: String) -> Bool {
        guard !text.isEmpty, text.count <= 60, !text.hasPrefix("-"), !text.hasSuffix("-"), !text.contains("--") else {
            return false
        }
        return text.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
    }
}
