import Foundation

/// `kata verify --format json`: every kata's rules as one JSON object, for CI.
///
/// Katas come in catalog order, rules in the order `kata verify` prints them; `detail` is null
/// for a rule that passed. A kata folder that could not even be read is a kata with one broken
/// rule, `readable`. The keys are stable; a new key may appear, an existing one keeps its meaning.
///
/// ```json
/// {"broken":1,"katas":[
///   {"number":1,"passed":false,"rules":[{"detail":null,"name":"documents","passed":true},
///     {"detail":"against the starter the tests should fail, but the run ended as 'passed'","name":"tests fail on starter","passed":false}, …],
///    "slug":"stub-the-dispatcher"}],
///  "verified":0}
/// ```
public struct VerifyReport: Encodable, Sendable {
    public struct KataEntry: Encodable, Sendable {
        public var number: Int
        public var slug: String
        public var passed: Bool
        public var rules: [RuleEntry]
    }

    public struct RuleEntry: Encodable, Sendable {
        public var name: String
        public var passed: Bool
        public var detail: String?

        enum CodingKeys: String, CodingKey { case name, passed, detail }

        /// `detail` is always there, null when the rule passed, so readers need not guess.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(name, forKey: .name)
            try container.encode(passed, forKey: .passed)
            try container.encode(detail, forKey: .detail)
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
                    rules: result.rules.map { RuleEntry(name: $0.name, passed: $0.passed, detail: $0.detail) }
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
                    ]
                )
            }
        verified = katas.filter(\.passed).count
        broken = katas.count - verified
    }

    public func json() -> String {
        stableJSON()
    }
}
