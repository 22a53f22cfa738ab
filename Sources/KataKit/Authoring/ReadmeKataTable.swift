import Foundation

/// The kata table of the repository's `README.md`, which `kata new` extends with the new kata's
/// row so the author does not have to (and the project's tests require every kata in it).
///
/// The table is the one whose header starts `| # | Kata |`; rows are kept in number order:
///
/// ```swift
/// let readme = ReadmeKataTable.adding(scaffold.metadata, folder: "05-retry-without-waiting", to: text)
/// // | 05 | [Retry without waiting](Katas/05-retry-without-waiting/README.md) | … | virtual time, fake | 30 |
/// ```
enum ReadmeKataTable {
    /// The README with the kata's row in place, or nil when it has no kata table (or already
    /// lists that folder): then the author adds the row by hand, as `kata new` says.
    static func adding(_ metadata: KataMetadata, folder: String, to readme: String) -> String? {
        var lines = readme.components(separatedBy: "\n")
        guard let header = lines.firstIndex(where: { $0.hasPrefix("| # | Kata |") }),
            header + 1 < lines.count, lines[header + 1].hasPrefix("|---")
        else { return nil }
        guard !readme.contains("](Katas/\(folder)/README.md)") else { return nil }
        var insertion = header + 2
        while insertion < lines.count, lines[insertion].hasPrefix("|") {
            if let number = rowNumber(lines[insertion]), number > metadata.number { break }
            insertion += 1
        }
        lines.insert(row(metadata, folder: folder), at: insertion)
        return lines.joined(separator: "\n")
    }

    static func row(_ metadata: KataMetadata, folder: String) -> String {
        let cells = [
            Kata.id(metadata.number),
            "[\(cell(metadata.title))](Katas/\(folder)/README.md)",
            cell(metadata.summary),
            cell(metadata.patterns.joined(separator: ", ")),
            String(metadata.minutes),
        ]
        return "| " + cells.joined(separator: " | ") + " |"
    }

    /// A pipe would end the cell early; markdown reads `\|` as the character.
    private static func cell(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|")
    }

    private static func rowNumber(_ line: String) -> Int? {
        let first = line.dropFirst().split(separator: "|", maxSplits: 1).first
        return first.flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
    }
}
