import Foundation

/// `kata verify --format json`: every kata's rules as one JSON object, for CI.
///
/// Katas come in catalog order, rules in the order `kata verify` prints them; `detail` is null
/// for a rule that passed, `tally` ("23/24") null for one that counts nothing. A kata folder that
/// could not even be read is a kata with one broken rule, `readable`. The keys are stable; a new
/// key may appear, an existing one keeps its meaning.
///
/// ```json
/// {"broken":1,"katas":[
///   {"number":1,"passed":false,"rules":[{"detail":null,"name":"documents","passed":true,"tally":null},
///     {"detail":"against the starter the tests should fail, but the run ended as 'passed'",
///      "name":"tests fail on starter","passed":false,"tally":null}, …],
///    "slug":"stub-the-dispatcher",
///    "seconds":41.2,
///    "wrongSolutions":{"caught":5,"escaped":[{"breaks":"only the first completion counts",
///      "name":"second-completion-wins","why":"it passed every test"}],"seconds":30.5,"total":6}}],
///  "verified":0}
/// ```
public struct VerifyReport: Encodable, Sendable {
    public struct KataEntry: Encodable, Sendable {
        public var number: Int
        public var slug: String
        public var passed: Bool
        public var rules: [RuleEntry]
        /// How many wrong solutions the tests caught; null when they were not run (`--sanitize`,
        /// `--solutions-only`).
        public var wrongSolutions: WrongSolutionsEntry?
        /// How long the kata's verification took, wrong solutions included.
        public var seconds: Double

        enum CodingKeys: String, CodingKey { case number, slug, passed, rules, wrongSolutions, seconds }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(number, forKey: .number)
            try container.encode(slug, forKey: .slug)
            try container.encode(passed, forKey: .passed)
            try container.encode(rules, forKey: .rules)
            try container.encode(wrongSolutions, forKey: .wrongSolutions)
            try container.encode((seconds * 10).rounded() / 10, forKey: .seconds)
        }
    }

    /// `{caught, total, escaped: [{name, breaks, why}], seconds}`: the wrong solutions of one
    /// kata, each one the tests did not catch with the sentence of "Your task" it breaks, and how
    /// long building and running them took.
    public struct WrongSolutionsEntry: Encodable, Sendable {
        public var caught: Int
        public var total: Int
        public var escaped: [EscapedEntry]
        public var seconds: Double

        init(_ results: [WrongSolutionResult], seconds: Double) {
            caught = results.filter(\.caught).count
            total = results.count
            self.seconds = (seconds * 10).rounded() / 10
            escaped = results.filter { !$0.caught }.map {
                EscapedEntry(name: $0.version.name, breaks: $0.notes?.brokenSentence, why: $0.escape ?? "")
            }
        }
    }

    public struct EscapedEntry: Encodable, Sendable {
        public var name: String
        /// The sentence its `CHAFF.md` quotes; null without one.
        public var breaks: String?
        public var why: String

        enum CodingKeys: String, CodingKey { case name, breaks, why }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(name, forKey: .name)
            try container.encode(breaks, forKey: .breaks)
            try container.encode(why, forKey: .why)
        }
    }

    public struct RuleEntry: Encodable, Sendable {
        public var name: String
        public var passed: Bool
        public var detail: String?
        /// What the rule counted, as the text shows it after its name ("23/24" mutants killed,
        /// "5/5" bugs caught); null for a rule that counts nothing.
        public var tally: String? = nil

        enum CodingKeys: String, CodingKey { case name, passed, detail, tally }

        /// `detail` and `tally` are always there, null when there is nothing to say, so readers
        /// need not guess.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(name, forKey: .name)
            try container.encode(passed, forKey: .passed)
            try container.encode(detail, forKey: .detail)
            try container.encode(tally, forKey: .tally)
        }
    }

    public var katas: [KataEntry]
    public var verified: Int
    public var broken: Int

    init(results: [KataVerifier.Result], unreadable: [KataCatalog.Problem]) {
        katas =
            results.map { result in
                KataEntry(
                    number: result.kata.number,
                    slug: result.kata.slug,
                    passed: result.passed,
                    rules: result.rules.map {
                        RuleEntry(name: $0.name, passed: $0.passed, detail: $0.detail, tally: $0.tally)
                    },
                    wrongSolutions: result.wrongSolutions.map {
                        WrongSolutionsEntry($0, seconds: result.wrongSolutionsSeconds ?? 0)
                    },
                    seconds: result.seconds
                )
            }
            + unreadable.map { problem in
                let folder = KataFolderName(problem.folderName)
                return KataEntry(
                    number: folder?.number ?? 0,
                    slug: folder?.slug ?? problem.folderName,
                    passed: false,
                    rules: [
                        RuleEntry(
                            name: "readable", passed: false,
                            detail: problem.error.description.replacingOccurrences(of: "\n", with: " "))
                    ],
                    wrongSolutions: nil,
                    seconds: 0
                )
            }
        verified = katas.filter(\.passed).count
        broken = katas.count - verified
    }

    public func json() -> String {
        stableJSON()
    }
}
