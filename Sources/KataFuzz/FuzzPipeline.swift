import Foundation
import KataKit

/// Feeds one input through everything that reads a kata's README: UTF-8 decoding, the front
/// matter's split and its fields, the site's markdown renderer with its link checks and raw-HTML
/// filter, the terminal renderer and the Swift highlighter. Each may refuse the input, but only
/// with a ``KataError`` that says what is wrong and what to do; anything else is a problem, and so
/// is HTML that could run a script.
struct FuzzPipeline {
    static let file = "Katas/01-fuzz/README.md"

    /// The outcome of a case: what the pipeline got through, and what went wrong.
    struct Outcome {
        var metadata: KataMetadata?
        var problems: [String] = []
    }

    func run(_ bytes: [UInt8]) -> Outcome {
        var outcome = Outcome()
        let text: String
        do {
            text = try UTF8Text.decode(Data(bytes), file: Self.file)
        } catch {
            check(error, in: "UTF-8 decoding", &outcome)
            text = String(decoding: bytes, as: UTF8.self)
        }

        var body = text
        var firstLine = 1
        do {
            let document = try FrontMatter.split(text, file: Self.file)
            body = document.body
            firstLine = document.bodyFirstLine
            outcome.metadata = try FrontMatter.metadata(from: document, file: Self.file)
        } catch {
            check(error, in: "front matter", &outcome)
        }
        if let metadata = outcome.metadata {
            if !(1...99).contains(metadata.number) || !(1...240).contains(metadata.minutes) {
                outcome.problems.append("front matter accepted number \(metadata.number), minutes \(metadata.minutes)")
            }
            if !Slug.isValid(metadata.slug) {
                outcome.problems.append("front matter accepted the slug '\(metadata.slug)'")
            }
            if metadata.hints.isEmpty || metadata.patterns.isEmpty {
                outcome.problems.append("front matter accepted an empty list")
            }
        }

        do {
            let page = try SiteMarkdown.render(body, source: Self.file, firstLine: firstLine) { target, _ in
                try Self.resolve(target)
            }
            for problem in HTMLSafetyInspector.problems(in: page.html) {
                outcome.problems.append("site markdown: \(problem)")
            }
            // Ids go into attributes and URLs: nothing that could end the attribute or the tag.
            for heading in page.headings
            where heading.id.unicodeScalars.contains(where: { "\"'<>& \t\n#".unicodeScalars.contains($0) }) {
                outcome.problems.append("site markdown: the heading id '\(heading.id)'")
            }
        } catch {
            check(error, in: "site markdown", &outcome)
        }

        let document = MarkdownDocument(parsing: body)
        _ = TerminalMarkdownRenderer(style: TextStyle(enabled: bytes.count % 2 == 0)).render(document)

        // The site highlights only ```swift blocks, which the markdown above may contain; small
        // inputs go to the highlighter whole as well, to reach it with anything at all.
        if bytes.count <= 1_024, let stray = Self.strayTag(inHighlighted: SwiftHighlighter.html(body)) {
            outcome.problems.append("Swift highlighter: unescaped '<' in its HTML: \(stray.debugDescription)")
        }
        return outcome
    }

    /// A `<` in the highlighter's HTML that does not start one of its own `<span>` tags, read
    /// as UTF-8 bytes: a token may begin with a combining mark, which joins the `>` before it
    /// into one Character, and a search by Character would miss the tag.
    static func strayTag(inHighlighted html: String) -> String? {
        let bytes = Array(html.utf8)
        let opening = Array(#"span class="hl-"#.utf8)
        let closing = Array("/span>".utf8)
        var index = 0
        while index < bytes.count {
            defer { index += 1 }
            guard bytes[index] == UInt8(ascii: "<") else { continue }
            let rest = bytes[(index + 1)...]
            if rest.starts(with: closing) { continue }
            if rest.starts(with: opening) {
                let name = rest.dropFirst(opening.count).prefix { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) }
                if rest.dropFirst(opening.count + name.count).starts(with: Array(#"">"#.utf8)) { continue }
            }
            return String(decoding: bytes[index..<min(bytes.count, index + 40)], as: UTF8.self)
        }
        return nil
    }

    /// The link policy of the site, in short: web links stay, other schemes are refused,
    /// relative links are taken as they are (the site sample checks the real resolver).
    static func resolve(_ target: String) throws -> String {
        if LinkScheme.controlCharacter(in: target) != nil {
            throw KataError(.invalidCatalog, "\(file): a control character in '\(target)'.", advice: "Fix the link.")
        }
        guard let scheme = LinkScheme.of(target), !LinkScheme.published.contains(scheme) else { return target }
        throw KataError(.invalidCatalog, "\(file): links to '\(target)'.", advice: "Fix the link.")
    }

    /// A refusal must be a KataError that says what to do; anything else is a bug.
    private func check(_ error: any Error, in stage: String, _ outcome: inout Outcome) {
        guard let kataError = error as? KataError else {
            outcome.problems.append("\(stage) threw \(type(of: error)), not a KataError: \(error)")
            return
        }
        if kataError.message.isEmpty || (kataError.advice ?? "").isEmpty {
            outcome.problems.append("\(stage) threw a KataError without a message or advice: \(kataError)")
        }
        if kataError.kind != .invalidCatalog {
            outcome.problems.append("\(stage) threw a KataError of kind \(kataError.kind): \(kataError)")
        }
    }
}
