import Foundation

/// The `katas` list of the root `Package.swift`, edited as text.
///
/// SwiftPM caches the evaluated root manifest by its text, so a kata becomes part of the root
/// package (and root `swift test` runs its tests against its solution) only when its line is in
/// the file. `kata new` adds that line in number order and touches nothing else:
///
/// ```swift
/// let manifest = try ManifestKataList.inserting(#"Kata("05-retry", .v6),"#, number: 5, into: text)
/// // let katas: [Kata] = [
/// //     Kata("04-spy-on-the-queue", .v5),
/// //     Kata("05-retry", .v6),
/// // ]
/// ```
public enum ManifestKataList {
    public enum Problem: Error, Equatable {
        /// No line `let katas: [Kata] = [`, or no `]` that closes it.
        case listNotFound
        /// The list already has an entry for this number; `line` is 1-based.
        case numberListed(line: Int, entry: String)
    }

    /// The first line of the list, as the root `Package.swift` spells it.
    public static let opening = "let katas: [Kata] = ["

    public static func inserting(_ entry: String, number: Int, into manifest: String) throws -> String {
        var lines = manifest.components(separatedBy: "\n")
        guard let start = lines.firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == opening }),
            let end = lines[(start + 1)...].firstIndex(where: {
                $0.trimmingCharacters(in: .whitespaces).hasPrefix("]")
                    && indentation(of: $0) <= indentation(of: lines[start])
            })
        else { throw Problem.listNotFound }
        var insertAt = end
        var itemIndentation: String? = nil
        for index in (start + 1)..<end {
            guard let listed = entryNumber(lines[index]) else { continue }
            if itemIndentation == nil { itemIndentation = String(lines[index].prefix { $0 == " " || $0 == "\t" }) }
            if listed == number {
                throw Problem.numberListed(line: index + 1, entry: lines[index].trimmingCharacters(in: .whitespaces))
            }
            if listed > number && insertAt == end { insertAt = index }
        }
        lines.insert((itemIndentation ?? "    ") + entry, at: insertAt)
        return lines.joined(separator: "\n")
    }

    /// `5` for a line `    Kata("05-slug", .v5),` (an entry may go on over more lines).
    static func entryNumber(_ line: String) -> Int? {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        guard trimmed.hasPrefix("Kata(\"") else { return nil }
        let digits = trimmed.dropFirst("Kata(\"".count).prefix { $0.isASCII && $0.isNumber }
        return digits.isEmpty ? nil : Int(digits)
    }

    private static func indentation(of line: String) -> Int {
        line.prefix { $0 == " " || $0 == "\t" }.count
    }
}
