import Foundation

/// The mutants of a kata that no test can tell from its code, each with the reason, in
/// `Solutions/NN-slug/EQUIVALENT-MUTANTS.md`:
///
/// ```markdown
/// # Equivalent mutants
///
/// ## `swap-statements:InboxViewModel.swift:refresh:3f2a9c`
///
/// No behaviour differs: both statements only set flags the next main-queue turn reads.
///
/// ## `off-by-one:Retrier.swift:retry:81be02`
///
/// The README leaves it open: "how many times it retries before giving up is yours to choose".
/// ```
///
/// Code no test may reach, a live adapter behind the kata's seam (a `URLSession` client, when the
/// README keeps every test off the network), is left out whole, with the reason:
///
/// ```markdown
/// ## Not mutated: `HTTPCatalogue`
///
/// The live catalogue behind the seam: the README keeps every test off the network.
/// ```
///
/// A reason says either that no behaviour differs (and why), or quotes the README's sentence
/// that leaves the difference open ("free to choose", "left open"): a mutant that only breaks a
/// promise the README never made is no bug. `kata mutate` counts a listed mutant as neither
/// killed nor survived, and names entries whose mutant it no longer makes.
public struct EquivalentMutants: Sendable, Equatable {
    public static let fileName = "EQUIVALENT-MUTANTS.md"

    public struct Entry: Sendable, Equatable {
        public var id: String
        public var reason: String
    }

    /// A declaration left out of mutation, and why: `## Not mutated: \`HTTPCatalogue\``.
    public struct Exclusion: Sendable, Equatable {
        /// A type or function as mutant ids name it (`HTTPCatalogue`, `Feed.reload`).
        public var declaration: String
        public var reason: String
    }

    public var entries: [Entry]
    public var exclusions: [Exclusion] = []

    public func reason(for id: String) -> String? {
        entries.first { $0.id == id }?.reason
    }

    /// The exclusion that covers a mutant's declaration (`HTTPCatalogue` covers
    /// `HTTPCatalogue.product`), if any.
    public func exclusion(covering declaration: String) -> Exclusion? {
        exclusions.first { declaration == $0.declaration || declaration.hasPrefix($0.declaration + ".") }
    }

    public static func url(for kata: Kata, design: MutatedDesign = .reference) -> URL {
        design.solutionFolder(of: kata).appendingPathComponent(fileName)
    }

    /// The kata's file for `design`; no entries when it has none. In the learner edition, which has
    /// no `Solutions/`, a tests kata's ``VersionPack`` holds the ids (the reasons stay with the authors).
    public static func load(for kata: Kata, design: MutatedDesign = .reference) throws -> EquivalentMutants {
        let url = url(for: kata, design: design)
        let label = "\(design.solutionLabel(of: kata))/\(fileName)"
        guard let data = FileManager.default.contents(atPath: url.path) else {
            guard design == .reference, let pack = VersionPack.load(for: kata) else {
                return EquivalentMutants(entries: [])
            }
            let reason = "Listed in the kata authors' \(fileName)."
            return EquivalentMutants(
                entries: (pack.equivalentMutants ?? []).map { Entry(id: $0, reason: reason) },
                exclusions: (pack.notMutated ?? []).map { Exclusion(declaration: $0, reason: reason) })
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw KataError(
                .invalidCatalog, "\(label) is not UTF-8 text.",
                advice: "Save it as UTF-8.")
        }
        do {
            return try parse(text)
        } catch let problem as Problem {
            throw KataError(
                .invalidCatalog, "\(label), line \(problem.line): \(problem.reason)",
                advice: "Each entry is a heading `## \\`MUTANT-ID\\`` (the id `kata mutate` prints), then a paragraph"
                    + " with the reason.")
        }
    }

    struct Problem: Error {
        var line: Int
        var reason: String
    }

    static let exclusionPrefix = "Not mutated: "

    /// Reads the headings `## \`id\`` and `## Not mutated: \`Declaration\`` and the text below
    /// each, up to the next heading.
    static func parse(_ text: String) throws -> EquivalentMutants {
        var file = EquivalentMutants(entries: [])
        var current: (id: String, excluded: Bool, line: Int, reason: [Substring])?
        func close() throws {
            guard let entry = current else { return }
            let reason = entry.reason.joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
            guard !reason.isEmpty else {
                throw Problem(line: entry.line, reason: "`\(entry.id)` has no reason below it")
            }
            guard !file.entries.contains(where: { $0.id == entry.id }),
                !file.exclusions.contains(where: { $0.declaration == entry.id })
            else {
                throw Problem(line: entry.line, reason: "`\(entry.id)` is listed twice")
            }
            if entry.excluded {
                file.exclusions.append(Exclusion(declaration: entry.id, reason: reason))
            } else {
                file.entries.append(Entry(id: entry.id, reason: reason))
            }
        }
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.hasPrefix("## ") {
                try close()
                var heading = line.dropFirst(3).trimmingCharacters(in: .whitespaces)
                let excluded = heading.hasPrefix(exclusionPrefix)
                if excluded { heading = String(heading.dropFirst(exclusionPrefix.count)) }
                guard heading.count > 2, heading.hasPrefix("`"), heading.hasSuffix("`") else {
                    throw Problem(
                        line: index + 1,
                        reason: "a heading names one mutant's id in backticks, or `Not mutated:` and a declaration in"
                            + " backticks, not \"\(line.dropFirst(3))\"")
                }
                current = (String(heading.dropFirst().dropLast()), excluded, index + 1, [])
            } else if current != nil {
                current?.reason.append(line)
            }
        }
        try close()
        return file
    }
}
