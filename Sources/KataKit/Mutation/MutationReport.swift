import Foundation

/// `kata mutate --format json`: every kata's mutants as one JSON object.
///
/// For each kata and design mutated (an entry each): the code mutated, a count per status, and
/// each mutant with its stable id (operator, file, declaration and a hash of the text it changes,
/// never a line number), its operator, file and line, its number in the schema (`KATA_MUTANT`),
/// its status, the tests that failed on it, why it was not killed (or the equivalent-mutants
/// file's reason), and its diff.
/// The keys are stable; a new key may appear, an existing one keeps its meaning.
///
/// ```json
/// {"katas":[{"number":3,"slug":"conform-the-real-queue","code":"the reference solution",
///   "counts":{"killed":21,"timedOut":0,"crashed":0,"survived":2,"stillborn":1,"equivalent":1},
///   "score":0.913,"problem":null,"staleEquivalents":[],"notMutated":[],"seconds":48.2,
///   "mutants":[{"id":"delete-call:Screen.swift:tapAdd:3f2a9c","operator":"delete-call",
///     "file":"Screen.swift","line":42,"number":7,"status":"survived","tests":[],
///     "why":"it passed every test","killedThoughListed":false,"diff":"--- a/Screen.swift\n+++ b/Screen.swift\n…"}]}],
///  "killed":21,"counted":23,"survived":2}
/// ```
public struct MutationReport: Encodable, Sendable {
    public struct KataEntry: Encodable, Sendable {
        public var number: Int
        public var slug: String
        public var code: String
        public var counts: [String: Int]
        /// Killed over counted (neither stillborn nor equivalent); null when none counts.
        public var score: Double?
        public var problem: String?
        public var staleEquivalents: [String]
        /// The declarations the equivalent-mutants file leaves out: `{declaration, reason, mutants}`.
        public var notMutated: [MutationTester.NotMutated]
        public var seconds: Double
        public var mutants: [MutantEntry]

        enum CodingKeys: String, CodingKey {
            case number, slug, code, counts, score, problem, staleEquivalents, notMutated, seconds, mutants
        }

        /// Every key, null included: a reader sees `"problem": null`, not a missing key.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(number, forKey: .number)
            try container.encode(slug, forKey: .slug)
            try container.encode(code, forKey: .code)
            try container.encode(counts, forKey: .counts)
            try container.encode(score, forKey: .score)
            try container.encode(problem, forKey: .problem)
            try container.encode(staleEquivalents, forKey: .staleEquivalents)
            try container.encode(notMutated, forKey: .notMutated)
            try container.encode(seconds, forKey: .seconds)
            try container.encode(mutants, forKey: .mutants)
        }
    }

    public struct MutantEntry: Encodable, Sendable {
        public var id: String
        public var `operator`: String
        public var file: String
        public var line: Int
        public var number: Int?
        public var status: String
        public var tests: [String]
        public var why: String?
        /// Listed as equivalent, yet killed in every run (``MutantResult/killedThoughListed``).
        public var killedThoughListed: Bool
        public var diff: String

        enum CodingKeys: String, CodingKey {
            case id, `operator`, file, line, number, status, tests, why, killedThoughListed, diff
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(`operator`, forKey: .operator)
            try container.encode(file, forKey: .file)
            try container.encode(line, forKey: .line)
            try container.encode(number, forKey: .number)
            try container.encode(status, forKey: .status)
            try container.encode(tests, forKey: .tests)
            try container.encode(why, forKey: .why)
            try container.encode(killedThoughListed, forKey: .killedThoughListed)
            try container.encode(diff, forKey: .diff)
        }
    }

    public var katas: [KataEntry]
    public var counted: Int
    public var killed: Int
    public var survived: Int

    /// `files`: the mutated module's files of each outcome, by its ``MutationTester/Outcome/schemaName``.
    public init(outcomes: [MutationTester.Outcome], files: [String: [String: String]]) {
        katas = outcomes.map { outcome in
            let texts = files[outcome.schemaName] ?? [:]
            return KataEntry(
                number: outcome.kata.number, slug: outcome.kata.slug, code: outcome.code,
                counts: Dictionary(
                    uniqueKeysWithValues: MutantResult.Status.allCases.map { ($0.rawValue, outcome.count($0)) }),
                score: outcome.counted == 0
                    ? nil : (Double(outcome.killed) / Double(outcome.counted) * 1000).rounded() / 1000,
                problem: outcome.problem, staleEquivalents: outcome.staleEquivalents, notMutated: outcome.notMutated,
                seconds: (outcome.seconds * 10).rounded() / 10,
                mutants: outcome.results.map { result in
                    MutantEntry(
                        id: result.mutant.id, operator: result.mutant.operatorName.rawValue, file: result.mutant.file,
                        line: result.mutant.line, number: result.number, status: result.status.rawValue,
                        tests: result.failingTests, why: result.why, killedThoughListed: result.killedThoughListed,
                        diff: texts[result.mutant.file].flatMap { result.mutant.unifiedDiff(of: $0) } ?? "")
                })
        }
        counted = outcomes.map(\.counted).reduce(0, +)
        killed = outcomes.map(\.killed).reduce(0, +)
        survived = outcomes.map { $0.count(.survived) }.reduce(0, +)
    }

    public func json() -> String {
        stableJSON()
    }
}
