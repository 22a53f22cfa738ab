import Foundation
import Yams

/// Splits a markdown document into its YAML front matter and its body, and reads the front
/// matter as a ``KataMetadata``.
///
/// Errors name the file, the line and the field, because the person reading them is an author
/// who has to find the mistake:
///
/// ```swift
/// let document = try FrontMatter.split(readme, file: "Katas/01-x/README.md")
/// let metadata = try FrontMatter.metadata(from: document, file: "Katas/01-x/README.md")
/// ```
public enum FrontMatter {
    /// A markdown file cut in two.
    public struct Document: Sendable, Equatable {
        /// The YAML between the `---` lines.
        public var yaml: String
        /// The markdown after the closing `---` line.
        public var body: String
        /// The line of the file where the YAML starts (1-based), to turn YAML lines into file lines.
        public var yamlFirstLine: Int
        /// The line of the file where the body starts (1-based).
        public var bodyFirstLine: Int
    }

    public static func split(_ text: String, file: String) throws -> Document {
        // By scalar, not by Character: "\r\n" is one Character, and a CRLF file must still split.
        // (Foundation's components(separatedBy:) does the same, many times slower.)
        var lines = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map {
            String(String.UnicodeScalarView($0))
        }
        if lines.first?.hasPrefix("\u{FEFF}") == true { lines[0].removeFirst() }
        guard lines.first?.trimmingTrailingWhitespace == "---" else {
            throw invalid(
                file, line: 1, "does not start with front matter (a line `---`, the YAML fields, then `---`).")
        }
        guard let closing = lines.dropFirst().firstIndex(where: { $0.trimmingTrailingWhitespace == "---" }) else {
            throw invalid(
                file, line: 1, "has front matter that is never closed: add a line `---` after the last field.")
        }
        return Document(
            yaml: lines[1..<closing].joined(separator: "\n"),
            body: lines[(closing + 1)...].joined(separator: "\n"),
            yamlFirstLine: 2,
            bodyFirstLine: closing + 2
        )
    }

    public static func metadata(from document: Document, file: String) throws -> KataMetadata {
        let root: Node?
        do {
            // An explicit encoding: the default reads the whole environment on every call.
            root = try Yams.compose(yaml: document.yaml, .default, .default, .utf8)
        } catch let error as YamlError {
            // libyaml notices a missing `]` where the next line starts; the context says where
            // the construct it gave up on began, which is usually the line to fix.
            let started =
                error.context.map { " (\($0.text) that starts on line \(document.fileLine(of: $0.mark)))" } ?? ""
            throw invalid(
                file, line: document.fileLine(of: error.mark),
                "has front matter that is not valid YAML: \(error.problem)\(started).")
        }
        guard let mapping = root?.mapping else {
            throw invalid(
                file, line: document.yamlFirstLine, "has front matter that is not a list of `field: value` lines.")
        }
        let fields = Fields(mapping: mapping, document: document, file: file)
        try fields.rejectUnknown()
        var sanitizer: Sanitizer? = nil
        if let sanitizerText = try fields.optionalString("sanitizer") {
            guard let named = Sanitizer(rawValue: sanitizerText) else {
                let allowed = Sanitizer.allCases.map(\.rawValue).joined(separator: ", ")
                throw fields.error("sanitizer", "must be one of \(allowed), not '\(sanitizerText)'.")
            }
            sanitizer = named
        }
        var kind = KataMetadata.Kind.code
        if let kindText = try fields.optionalString("kind") {
            guard let named = KataMetadata.Kind(rawValue: kindText) else {
                let allowed = KataMetadata.Kind.allCases.map(\.rawValue).joined(separator: ", ")
                throw fields.error("kind", "must be one of \(allowed), not '\(kindText)'.")
            }
            kind = named
        }
        var mutantShare: Double? = nil
        if let shareText = try fields.optionalString("mutants") {
            guard let share = Double(shareText), share > 0, share <= 1 else {
                throw fields.error(
                    "mutants",
                    "must be the share of mutants a learner's tests must kill, above 0 and at most 1 (0.8 for"
                        + " four in five), not '\(shareText)'.")
            }
            guard kind == .tests else {
                throw fields.error("mutants", "grades a learner's tests, so it belongs to a kata with `kind: tests`.")
            }
            mutantShare = share
        }
        let mutantFloor =
            fields.has("mutants-at-least") ? try fields.integer("mutants-at-least", in: 0...1000) : nil
        let difficultyText = try fields.string("difficulty")
        guard let difficulty = KataMetadata.Difficulty(rawValue: difficultyText) else {
            let allowed = KataMetadata.Difficulty.allCases.map(\.rawValue).joined(separator: ", ")
            throw fields.error("difficulty", "must be one of \(allowed), not '\(difficultyText)'.")
        }
        return KataMetadata(
            number: try fields.integer("number", in: 1...99),
            title: try fields.string("title"),
            slug: try fields.slug("slug"),
            patterns: try fields.strings("patterns"),
            seed: try fields.string("seed"),
            minutes: try fields.integer("minutes", in: 1...240),
            difficulty: difficulty,
            summary: try fields.string("summary"),
            hints: try fields.strings("hints"),
            sanitizer: sanitizer,
            kind: kind,
            mutantShare: mutantShare,
            mutantFloor: mutantFloor
        )
    }

    static let fieldNames = [
        "number", "title", "slug", "patterns", "seed", "minutes", "difficulty", "summary", "hints", "sanitizer",
        "kind", "mutants", "mutants-at-least",
    ]

    static func invalid(_ file: String, line: Int, _ problem: String) -> KataError {
        KataError(.invalidCatalog, "\(file):\(line): the README \(problem)", advice: advice(for: file))
    }

    /// An author fixes the field; a learner who broke a README by accident gets it back from git.
    static func advice(for file: String) -> String {
        "Fix it as AUTHORING.md describes every front-matter field, or restore the file with `git checkout -- \(file)`."
    }
}

/// Typed access to the front-matter mapping, with errors that point at the offending line.
private struct Fields {
    let mapping: Node.Mapping
    let document: FrontMatter.Document
    let file: String

    func rejectUnknown() throws {
        for (key, _) in mapping {
            guard let name = key.string, FrontMatter.fieldNames.contains(name) else {
                let known = FrontMatter.fieldNames.joined(separator: ", ")
                throw KataError(
                    .invalidCatalog,
                    "\(file):\(document.fileLine(of: key.mark)): unknown front-matter field '\(key.string ?? "?")'.",
                    advice: "The fields are: \(known) (see AUTHORING.md)."
                )
            }
        }
    }

    func node(_ name: String) throws -> Node {
        if let node = mapping[Node(name)], node.null != nil, let written = node.scalar?.string, !written.isEmpty {
            throw KataError(
                .invalidCatalog,
                "\(file):\(document.fileLine(of: node.mark)): front-matter field '\(name)' reads as nothing: YAML "
                    + "takes `\(written)` for null.",
                advice: "Write the value in double quotes, `\(name): \"\(written)\"`, if you mean the word."
            )
        }
        guard let node = mapping[Node(name)], node.null == nil else {
            throw KataError(
                .invalidCatalog,
                "\(file):\(document.yamlFirstLine): the front matter has no '\(name)' field.",
                advice: "Add `\(name): ...` between the `---` lines (AUTHORING.md describes every field)."
            )
        }
        return node
    }

    func error(_ name: String, _ problem: String) -> KataError {
        let line = (try? node(name)).flatMap { document.fileLine(of: $0.mark) } ?? document.yamlFirstLine
        return KataError(
            .invalidCatalog, "\(file):\(line): front-matter field '\(name)' \(problem)",
            advice: FrontMatter.advice(for: file))
    }

    func string(_ name: String) throws -> String {
        let node = try node(name)
        guard let scalar = node.scalar else { throw error(name, "must be a single line of text.") }
        let text = scalar.string.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { throw error(name, "is empty.") }
        guard !text.unicodeScalars.contains(where: \.isControl) else {
            throw error(
                name, "must be a single line of text without control characters (a line break, a tab or an escape).")
        }
        return text
    }

    /// Whether the front matter has the field (which a kata may leave out).
    func has(_ name: String) -> Bool {
        mapping[Node(name)] != nil
    }

    /// A field a kata may leave out: nil when it does.
    func optionalString(_ name: String) throws -> String? {
        guard has(name) else { return nil }
        return try string(name)
    }

    func integer(_ name: String, in range: ClosedRange<Int>) throws -> Int {
        let node = try node(name)
        guard node.scalar != nil, let value = node.int else {
            throw error(name, "must be a whole number, not '\(node.string ?? "a list")'.")
        }
        guard range.contains(value) else {
            throw error(name, "must be between \(range.lowerBound) and \(range.upperBound), not \(value).")
        }
        return value
    }

    func strings(_ name: String) throws -> [String] {
        let node = try node(name)
        guard let sequence = node.sequence else {
            throw error(name, "must be a list, one `- item` per line or `[a, b]`.")
        }
        let items = try sequence.enumerated().map { offset, item -> String in
            let line = document.fileLine(of: item.mark)
            if item.mapping != nil {
                throw KataError(
                    .invalidCatalog,
                    "\(file):\(line): item \(offset + 1) of '\(name)' reads as `key: value` because it contains ': '.",
                    advice:
                        "Put the whole item in double quotes (escape quotes inside it as \\\"), or use a block scalar "
                        + "`- >-`."
                )
            }
            guard let text = item.scalar?.string.trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty else {
                throw KataError(
                    .invalidCatalog, "\(file):\(line): item \(offset + 1) of '\(name)' must be non-empty text.",
                    advice: FrontMatter.advice(for: file))
            }
            // Line breaks are fine (a hint may be a paragraph or two); an escape would reach the terminal.
            guard !text.unicodeScalars.contains(where: \.isControlBeyondLayout) else {
                throw KataError(
                    .invalidCatalog,
                    "\(file):\(line): item \(offset + 1) of '\(name)' contains a control character such as an escape.",
                    advice: "Remove it; hints are markdown text.")
            }
            return text
        }
        guard !items.isEmpty else { throw error(name, "is an empty list.") }
        return items
    }

    func slug(_ name: String) throws -> String {
        let text = try string(name)
        guard Slug.isValid(text) else {
            throw error(
                name, "must be lower-case letters, digits and single dashes, like 'stub-the-dispatcher', not '\(text)'."
            )
        }
        return text
    }
}

extension FrontMatter.Document {
    /// The line in the whole file of a YAML mark (marks count from the YAML's first line).
    func fileLine(of mark: Mark?) -> Int {
        guard let mark else { return yamlFirstLine }
        return yamlFirstLine + mark.line - 1
    }
}

extension YamlError {
    fileprivate var mark: Mark? {
        switch self {
        case .scanner(_, _, let mark, _), .parser(_, _, let mark, _), .composer(_, _, let mark, _): mark
        default: nil
        }
    }

    fileprivate var context: YamlError.Context? {
        switch self {
        case .scanner(let context, _, _, _), .parser(let context, _, _, _), .composer(let context, _, _, _): context
        default: nil
        }
    }

    fileprivate var problem: String {
        switch self {
        case .scanner(_, let problem, _, _), .parser(_, let problem, _, _), .composer(_, let problem, _, _),
            .reader(let problem, _, _, _), .writer(let problem), .emitter(let problem), .representer(let problem):
            problem
        default: "\(self)"
        }
    }
}

extension String {
    var trimmingTrailingWhitespace: Substring {
        var view = self[...]
        while let last = view.last, last.isWhitespace { view.removeLast() }
        return view
    }
}
