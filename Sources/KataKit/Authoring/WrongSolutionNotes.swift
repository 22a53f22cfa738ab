import Foundation

/// A wrong solution's `CHAFF.md`: which misconception it holds, which sentence of the kata's
/// contract it breaks, and which test catches it. `kata verify` holds it to the kata: the quoted
/// sentence must stand in the README's "Your task", and the named test must be among the tests
/// that fail on the wrong solution, so the notes cannot drift from the README or the tests.
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
/// The quote may be a whole sentence or a clause of one; line breaks and runs of spaces may
/// differ from the README's, every other character must match. The test is the first text in
/// backticks under "Caught by", named as the test runner prints it (a Swift Testing display name,
/// or an XCTest method name).
public struct WrongSolutionNotes: Sendable, Equatable {
    public static let fileName = "CHAFF.md"

    /// The H1: the wrong solution in a few words.
    public var title: String
    /// The paragraphs under the title: the misconception, in the learner's words.
    public var misconception: String
    /// The block quote under `## Breaks`, whitespace folded.
    public var brokenSentence: String
    /// The first backticked text under `## Caught by`, or nil while it is missing (or a TODO).
    public var catchingTest: String?

    /// Reads `CHAFF.md` text; the parts it lacks are empty.
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
        brokenSentence = Self.fold(
            (sections["breaks"] ?? []).filter { $0.hasPrefix(">") }.map { String($0.dropFirst()) }.joined(
                separator: " "))
        let caughtBy = (sections["caught by"] ?? []).joined(separator: " ")
        catchingTest = Self.firstCode(in: caughtBy).map(Self.fold).flatMap { $0.isEmpty ? nil : $0 }
    }

    /// What an author must mend in these notes for `kata`'s wrong solution, each as a sentence;
    /// none when they are complete and quote the kata's "Your task".
    public func problems(for kata: Kata) -> [String] {
        var problems: [String] = []
        if title.isEmpty { problems.append("it has no `# title` naming the wrong solution") }
        if misconception.isEmpty {
            problems.append("it does not say the misconception under its title, in the learner's words")
        }
        if brokenSentence.isEmpty {
            problems.append("its `## Breaks` section quotes no sentence of \"Your task\" (a `> ` block quote)")
        } else if let task = Self.taskSection(of: kata.instructions), !Self.fold(task).contains(brokenSentence) {
            problems.append(
                "the sentence it says it breaks is not in the README's \"Your task\": \"\(brokenSentence)\"")
        } else if Self.taskSection(of: kata.instructions) == nil {
            problems.append("the kata's README has no `## Your task` section to quote")
        }
        if catchingTest == nil {
            problems.append("its `## Caught by` section names no test in backticks")
        }
        return problems
    }

    /// Reads `version`'s notes, or nil when it has none.
    public static func load(for version: KataVersion) -> WrongSolutionNotes? {
        guard let data = FileManager.default.contents(atPath: version.notesFile.path) else { return nil }
        return WrongSolutionNotes(parsing: String(decoding: data, as: UTF8.self))
    }

    /// The README's `## Your task` section, without its heading; nil when there is none.
    static func taskSection(of instructions: String) -> String? {
        var lines: [Substring] = []
        var inside = false
        var inFence = false
        for line in instructions.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") { inFence.toggle() }
            if !inFence, line.hasPrefix("## ") || line.hasPrefix("# ") {
                if inside { break }
                inside = line.trimmingCharacters(in: .whitespaces) == "## Your task"
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
