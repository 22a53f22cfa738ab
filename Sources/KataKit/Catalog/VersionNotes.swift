import Foundation

/// What a version of a kata's code says about itself, beside its `Sources/`: a wrong or buggy
/// version's `CHAFF.md` (its misconception, the sentence of the contract it breaks, what to
/// test to catch it, the test that does), or a correct version's `WHEAT.md` (what it does
/// differently, and the sentence of the contract that allows it). `kata verify` holds the
/// notes to the kata: the quoted sentence must stand in the README's contract section ("Your
/// task" for a kata of the first kind, "What the code promises" for a tests kata), and the
/// named test must be among the tests that fail on the version, so the notes cannot drift from
/// the README or the tests.
///
/// ```markdown
/// # Clears the cart without the queue
///
/// "Only adding needs the queue. Emptying the cart cannot race with anything, so I clear it directly."
///
/// ## Breaks
///
/// > `tapAdd(_:)` and `tapClearCart()` change the cart and the label only inside work they hand
/// > to that queue's `async`, and nowhere else
///
/// ## Caught by
///
/// `empties the cart only when the queue runs the work`: the label still shows the old total
/// until the test runs the held queue.
/// ```
///
/// A buggy version of a tests kata adds `## Nudge`, what a learner whose tests miss it should
/// test next; a correct version has `## Allowed by` in place of `## Breaks`, and no test. A quote
/// may be a whole sentence or a clause of one; line breaks and runs of spaces may differ from the
/// README's, every other character must match. The test is the first text in backticks under
/// "Caught by", named as the test runner prints it (a Swift Testing display name, or an XCTest
/// method name).
public struct VersionNotes: Sendable, Equatable {
    /// A wrong solution's or a buggy version's notes.
    public static let fileName = "CHAFF.md"
    /// A correct version's notes.
    public static let correctFileName = "WHEAT.md"

    /// The H1: the version in a few words.
    public var title: String
    /// The paragraphs under the title: the misconception in its author's words, or what a
    /// correct version does differently.
    public var misconception: String
    /// The block quote under `## Breaks` (or, for a correct version, `## Allowed by`), whitespace folded.
    public var brokenSentence: String
    /// `## Nudge`: what a learner whose tests let this bug through should test next.
    public var nudge: String
    /// The first backticked text under `## Caught by`, or nil while it is missing (or a TODO).
    public var catchingTest: String?

    /// Reads `CHAFF.md` or `WHEAT.md` text; the parts it lacks are empty.
    public init(parsing markdown: String) {
        var title = ""
        var section: String? = nil
        var sections: [String: [String]] = [:]
        var preamble: [String] = []
        var inFence = false
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix("```") { inFence.toggle() }
            if !inFence, line.hasPrefix("# "), title.isEmpty, section == nil {
                title = String(line.dropFirst(2)).trimmingCharacters(in: .whitespaces)
            } else if !inFence, line.hasPrefix("## ") {
                section = String(line.dropFirst(3)).trimmingCharacters(in: .whitespaces).lowercased()
            } else if let section {
                sections[section, default: []].append(line)
            } else if !title.isEmpty {
                preamble.append(line)
            }
        }
        self.title = title
        misconception = Self.fold(preamble.joined(separator: " "))
        let quoted = sections["breaks"] ?? sections["allowed by"] ?? []
        brokenSentence = Self.fold(
            quoted.filter { $0.hasPrefix(">") }.map { String($0.dropFirst()) }.joined(separator: " "))
        nudge = Self.fold((sections["nudge"] ?? []).joined(separator: " "))
        let caughtBy = (sections["caught by"] ?? []).joined(separator: " ")
        catchingTest = Self.firstCode(in: caughtBy).map(Self.fold).flatMap { $0.isEmpty ? nil : $0 }
    }

    /// What an author must mend in `version`'s notes, each as a sentence; none when they are
    /// complete and quote the kata's contract.
    public func problems(for version: KataVersion, of kata: Kata) -> [String] {
        var problems: [String] = []
        let section = kata.contractSection
        let quoteHeading = version.isCorrect ? "## Allowed by" : "## Breaks"
        if title.isEmpty { problems.append("it has no `# title` naming the version") }
        if misconception.isEmpty {
            problems.append(
                version.isCorrect
                    ? "it does not say under its title what the version does differently"
                    : "it does not say the misconception under its title, in the learner's words")
        }
        if brokenSentence.isEmpty {
            problems.append("its `\(quoteHeading)` section quotes no sentence of \"\(section)\" (a `> ` block quote)")
        } else if let contract = Self.section(section, of: kata.instructions) {
            if !Self.fold(contract).contains(brokenSentence) {
                problems.append(
                    "the sentence it quotes is not in the README's \"\(section)\": \"\(brokenSentence)\"")
            }
        } else {
            problems.append("the kata's README has no `## \(section)` section to quote")
        }
        if version.role == .buggy, nudge.isEmpty {
            problems.append("its `## Nudge` section does not say what a learner should test to catch it")
        }
        if !version.isCorrect, catchingTest == nil {
            problems.append("its `## Caught by` section names no test in backticks")
        }
        return problems
    }

    /// Reads `version`'s notes, or nil when it has none.
    public static func load(for version: KataVersion) -> VersionNotes? {
        if let change = version.change {
            let notes = change.notes
            return notes.isEmpty ? nil : VersionNotes(parsing: notes)
        }
        guard let data = FileManager.default.contents(atPath: version.notesFile.path) else { return nil }
        return VersionNotes(parsing: String(decoding: data, as: UTF8.self))
    }

    /// The README's `## <heading>` section, without its heading; nil when there is none.
    static func section(_ heading: String, of instructions: String) -> String? {
        var lines: [Substring] = []
        var inside = false
        var inFence = false
        for line in instructions.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") { inFence.toggle() }
            if !inFence, line.hasPrefix("## ") || line.hasPrefix("# ") {
                if inside { break }
                inside = line.trimmingCharacters(in: .whitespaces) == "## " + heading
                continue
            }
            if inside { lines.append(line) }
        }
        return inside ? lines.joined(separator: "\n") : nil
    }

    /// Whitespace runs as one space, as a quote reflowed over other lines reads.
    static func fold(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    private static func firstCode(in text: String) -> String? {
        guard let open = text.firstIndex(of: "`") else { return nil }
        let rest = text[text.index(after: open)...]
        guard let close = rest.firstIndex(of: "`") else { return nil }
        let code = String(rest[..<close])
        return code.trimmingCharacters(in: .whitespaces).uppercased() == "TODO" ? nil : code
    }
}
