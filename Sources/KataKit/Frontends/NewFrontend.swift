import Foundation

/// `kata new "Title" --patterns "a,b"`: scaffolds a kata that already keeps every rule but the
/// count of its wrong solutions, so its author starts from green tooling: `Katas/NN-slug` (package,
/// README, starter, a failing test, `.shipped.json`), `Solutions/NN-slug` (solutions, a wrong one,
/// `SOLUTION.md`) and its line in the root `Package.swift`; with `kind: .tests`, a kata where the
/// learner writes the tests. See ``KataScaffold`` for the files.
///
/// Every check runs before anything is written, and a failure while writing removes what was
/// written (``ScaffoldInstaller``):
///
/// ```swift
/// let request = NewFrontend.Request(title: "Retry without waiting", patterns: "virtual time, fake")
/// let status = try NewFrontend(context: context).run(request)
/// // Created Kata 05 · Retry without waiting …
/// ```
public struct NewFrontend: Sendable {
    /// What the author asked for, as typed; ``run(_:)`` validates it.
    public struct Request: Sendable, Equatable {
        public var title: String
        /// Comma-separated: `"virtual time, fake"`.
        public var patterns: String
        public var minutes: Int
        public var difficulty: KataMetadata.Difficulty
        public var summary: String?
        public var seed: String?
        /// nil for the next free number.
        public var number: Int?
        public var languageMode: KataScaffold.LanguageMode
        /// What the learner writes: the code (the default), or the tests.
        public var kind: KataMetadata.Kind

        public init(
            title: String, patterns: String, minutes: Int = 30, difficulty: KataMetadata.Difficulty = .intermediate,
            summary: String? = nil, seed: String? = nil, number: Int? = nil,
            languageMode: KataScaffold.LanguageMode = .v6, kind: KataMetadata.Kind = .code
        ) {
            self.title = title
            self.patterns = patterns
            self.minutes = minutes
            self.difficulty = difficulty
            self.summary = summary
            self.seed = seed
            self.number = number
            self.languageMode = languageMode
            self.kind = kind
        }
    }

    /// Workshop time a kata may take: long enough to be worth a slot, short enough for one sitting.
    public static let minutesRange = 5...240
    /// Two digits in the folder name, so 01 to 99.
    public static let numberRange = 1...99

    public let context: CommandContext

    public init(context: CommandContext) {
        self.context = context
    }

    public func run(_ request: Request) throws -> Int32 {
        let repository = try context.repository()
        try repository.requireFullRepository(for: "new")
        let scaffold = try Self.scaffold(for: request, existing: try ExistingKatas(repository: repository))
        let manifestURL = repository.root.appendingPathComponent("Package.swift")
        let manifest = try Self.manifest(adding: scaffold, to: manifestURL)
        let readme = Self.readme(adding: scaffold, in: repository)
        try ScaffoldInstaller(repository: repository).install(scaffold, manifest: manifest, readme: readme)

        let console = context.console
        let style = console.style
        let number = scaffold.metadata.number
        console.line(style.green("Created ") + style.bold("Kata \(scaffold.id) · \(scaffold.metadata.title)"))
        let files = scaffold.files.keys.sorted() + ["\(scaffold.kataFolder)/\(ShippedRecord.fileName)"]
        for folder in [scaffold.kataFolder, scaffold.solutionFolder] {
            console.line("  \(folder)/")
            for path in files.filter({ $0.hasPrefix(folder + "/") }).sorted() {
                console.line("    " + path.dropFirst(folder.count + 1))
            }
        }
        console.line("  Package.swift  " + style.dim("+ " + scaffold.manifestEntry))
        if readme != nil {
            console.line("  README.md      " + style.dim("+ the kata's row in the kata table"))
        }
        console.line()
        let wrong = scaffold.metadata.kind == .tests ? "buggy versions" : "wrong solutions"
        console.line(
            "The placeholder already keeps every rule of `kata verify \(number)` but one: it has 1 of the "
                + "\(KataVerifier.minimumWrongSolutions) \(wrong) a kata needs. Next:"
        )
        console.line(
            "  1. Fill in every TODO of \(scaffold.kataFolder)/README.md and \(scaffold.solutionFolder)/SOLUTION.md.")
        if scaffold.metadata.kind == .tests {
            console.line(
                "  2. Replace the placeholder code, the starter test and the reference tests with the kata's own. Then"
                    + " write its versions with `kata version edit \(number) NAME --new` (add --correct for Wheats/)"
                    + " and `kata version save \(number) NAME`, five buggy versions at least, and delete the"
                    + " placeholder's .patch files (AUTHORING.md, \"Writing a tests kata\")."
            )
        } else {
            console.line(
                "  2. Replace the placeholder starter, test and solutions with the kata's own, then write five wrong"
                    + " solutions from its \"Your task\" with `kata version edit \(number) NAME --new` and"
                    + " `kata version save \(number) NAME`, and delete the placeholder's .patch"
                    + " (AUTHORING.md, \"Versions\")."
            )
        }
        console.line(
            "  3. `kata ship \(number)` after changing the starter or the tests, then `kata verify \(number)`.")
        if readme == nil {
            console.line(
                "  4. Add the kata to the README's kata table (README.md has none kata new could find), run "
                    + "`kata site`, and commit."
            )
        } else {
            console.line(
                "  4. Check its row in the README's kata table once the summary is written, run `kata site`, and "
                    + "commit."
            )
        }
        return ExitStatus.success
    }

    /// The README as it is and with the kata's row added, or nil when there is no README or
    /// no kata table in it: a README is the project's, and kata new never makes one up.
    static func readme(adding scaffold: KataScaffold, in repository: KataRepository) -> (old: Data, new: String)? {
        let url = repository.root.appendingPathComponent("README.md")
        // A link could lead out of the repository; kata writes only inside it.
        guard
            (try? FileManager.default.attributesOfItem(atPath: url.path)[.type] as? FileAttributeType) == .typeRegular,
            let data = FileManager.default.contents(atPath: url.path), let text = String(data: data, encoding: .utf8),
            let updated = ReadmeKataTable.adding(scaffold.metadata, folder: scaffold.folderName, to: text)
        else { return nil }
        return (data, updated)
    }

    /// The validated scaffold: every problem with the request is a usage error that names the
    /// bad value and what to do instead.
    static func scaffold(for request: Request, existing: ExistingKatas) throws -> KataScaffold {
        let title = request.title.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !title.isEmpty else {
            throw usage(
                "The title is empty.",
                "Give the kata a short imperative title, e.g. "
                    + "`kata new \"Retry without waiting\" --patterns \"virtual time,fake\"`."
            )
        }
        try rejectControlCharacters(in: title, what: "The title")
        // The slug could not carry them anyway; a title that has them is a path typed by mistake.
        if let trick = ["/", "\\"].first(where: { title.contains($0) }) {
            throw usage(
                "The title '\(title)' contains '\(trick)', which belongs in paths, not titles.",
                "kata new makes the folder name from the title's words; write words only, e.g. \"Retry without "
                    + "waiting\"."
            )
        }
        let slug = Slug.make(from: title)
        guard Slug.isValid(slug) else {
            throw usage(
                "The title '\(title)' has no letter or digit that can go into a folder name (a–z, 0–9), so it gives no "
                    + "slug.",
                "Start the title with a few plain words, e.g. \"Retry without waiting\"."
            )
        }
        if let other = existing.folders.first(where: { $0.slug == slug }) {
            throw usage(
                "A kata with the slug '\(slug)' exists already: \(other.path).",
                "Choose a title that says what is different about the new kata."
            )
        }
        if let other = existing.titles.first(where: { $0.title.lowercased() == title.lowercased() }) {
            throw usage(
                "Kata \(Kata.id(other.number)) is already called '\(other.title)'.",
                "Choose a title that says what is different about the new kata.")
        }

        var seen: Set<String> = []
        // Spelled as in the Swift world (XCTestExpectation, ThreadSanitizer, `@unchecked Sendable`),
        // so kept as typed; a pattern named twice, in any case, is kept once.
        let patterns = request.patterns.split(separator: ",")
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && seen.insert($0.lowercased()).inserted }
        guard !patterns.isEmpty else {
            throw usage(
                "--patterns '\(request.patterns)' names no pattern.",
                "Name the patterns the kata teaches, comma-separated, e.g. --patterns \"virtual time,fake\"."
            )
        }
        for pattern in patterns { try rejectControlCharacters(in: pattern, what: "The pattern '\(pattern)'") }
        guard minutesRange.contains(request.minutes) else {
            throw usage(
                "--minutes \(request.minutes) is out of range: a kata takes \(minutesRange.lowerBound) to "
                    + "\(minutesRange.upperBound) minutes of workshop time.",
                "Most katas take 25 to 40, e.g. --minutes 30."
            )
        }
        let summary =
            try optionalText(request.summary, option: "--summary")
            ?? "TODO: one line that says what the learner does in this kata."
        let seed =
            try optionalText(request.seed, option: "--seed")
            ?? "TODO: the seed topic this kata grew from, in a few words."

        let number = try request.number ?? existing.nextFreeNumber()
        guard numberRange.contains(number) else {
            throw usage(
                "--number \(number) is out of range: kata numbers go from 01 to 99.",
                "Leave out --number to take the next free one.")
        }
        if let other = existing.folders.first(where: { $0.number == number }) {
            let next = (try? existing.nextFreeNumber()).map {
                "The next free number is \(Kata.id($0)): leave out --number to take it."
            }
            throw usage(
                "Kata number \(Kata.id(number)) is taken by \(other.path).",
                next ?? "Every number from 01 to 99 is taken.")
        }
        let metadata = KataMetadata(
            number: number, title: title, slug: slug, patterns: patterns,
            seed: seed, minutes: request.minutes, difficulty: request.difficulty, summary: summary,
            hints: KataScaffold.placeholderHints, kind: request.kind
        )
        return KataScaffold(metadata: metadata, languageMode: request.languageMode)
    }

    /// The root `Package.swift` with the kata's line added, or an error that says which line to add.
    static func manifest(adding scaffold: KataScaffold, to url: URL) throws -> String {
        guard let data = FileManager.default.contents(atPath: url.path), let text = String(data: data, encoding: .utf8)
        else {
            throw KataError(
                .fileSystem, "Could not read \(url.path); nothing was created.",
                advice: "Check that the repository's Package.swift exists and is readable.")
        }
        do {
            return try ManifestKataList.inserting(scaffold.manifestEntry, number: scaffold.metadata.number, into: text)
        } catch ManifestKataList.Problem.listNotFound {
            throw KataError(
                .invalidCatalog,
                "Package.swift has no `\(ManifestKataList.opening)` list for kata new to add "
                    + "`\(scaffold.manifestEntry)` to; nothing was created.",
                advice:
                    "Put the list back as AUTHORING.md shows it, one line per kata like `\(scaffold.manifestEntry)`, "
                    + "then run kata new again."
            )
        } catch ManifestKataList.Problem.numberListed(let line, let entry) {
            throw KataError(
                .usage,
                "Package.swift:\(line) already lists kata \(scaffold.id) (`\(entry)`), though Katas/ has no such "
                    + "folder; nothing was created.",
                advice: "Remove that line if the kata is gone, or choose another number with --number."
            )
        }
    }

    private static func optionalText(_ text: String?, option: String) throws -> String? {
        guard let text else { return nil }
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else {
            throw usage("\(option) is empty.", "Leave it out to get a TODO placeholder, or write one line.")
        }
        try rejectControlCharacters(in: trimmed, what: option)
        return trimmed
    }

    private static func rejectControlCharacters(in text: String, what: String) throws {
        guard text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else { return }
        throw usage(
            "\(what) contains a control character (a line break, a tab or NUL).", "Write it on one line of plain text.")
    }

    private static func usage(_ message: String, _ advice: String) -> KataError {
        KataError(.usage, message, advice: advice)
    }
}
