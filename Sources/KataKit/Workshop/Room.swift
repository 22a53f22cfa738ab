import Foundation

/// What `kata workshop room` shows a facilitator: every learner's standing on every kata, the
/// inputs it could not read, and where the room is stuck.
///
/// Everything a learner controls (names, test names, messages, paths) is cleaned with
/// ``RoomText/clean(_:limit:)`` when the room is built, so both the terminal table and the HTML
/// page start from one-line, bounded text; the page escapes it on top.
///
/// ```swift
/// var room = Room(katas: catalog.katas)
/// room.add(learner: "ada", source: "ada/progress.json", results: report.katas)
/// room.stuck.first?.kata.title   // the kata to explain next
/// ```
public struct Room: Sendable {
    /// A cell of the heat map.
    public enum State: String, Sendable, CaseIterable {
        case passed
        case failing
        case doesNotCompile
        case hung
        case notStarted

        /// For people.
        public var label: String {
            switch self {
            case .passed: "passed"
            case .failing: "failing"
            case .doesNotCompile: "does not compile"
            case .hung: "hung"
            case .notStarted: "not started"
            }
        }

        /// One column wide, for the terminal table.
        public var mark: String {
            switch self {
            case .passed: "✔"
            case .failing: "✘"
            case .doesNotCompile: "C"
            case .hung: "H"
            case .notStarted: "·"
            }
        }

        init(_ result: ProgressReport.KataResult) {
            switch TestRunSummary.Outcome(rawValue: result.outcome) {
            case .passed: self = .passed
            case _ where !result.started: self = .notStarted
            case .buildFailed: self = .doesNotCompile
            case .timedOut: self = .hung
            default: self = .failing
            }
        }
    }

    /// One learner's kata.
    public struct Cell: Sendable {
        public var state: State
        /// Cleaned test names.
        public var failedTests: [String]
        public var firstFailureTest: String?
        public var firstFailureMessage: String?
        /// A tests kata's: how many of its bugs the learner's tests catch, and which they miss
        /// (only names of the kata's own buggy versions are kept: the report is the learner's).
        public var bugsCaught: Int? = nil
        public var bugsTotal: Int? = nil
        public var bugsAtLarge: [String] = []
        /// A tests kata's that grades mutants: how many of them the learner's tests kill, of how
        /// many (nil in a report without them).
        public var mutantsKilled: Int? = nil
        public var mutantsTotal: Int? = nil

        /// "4/6", or "4/6 38/41" with the mutants; nil for a kata of the first kind.
        public var caughtSummary: String? {
            guard let caught = bugsCaught, let total = bugsTotal else { return nil }
            guard let killed = mutantsKilled, let mutants = mutantsTotal else { return "\(caught)/\(total)" }
            return "\(caught)/\(total) \(killed)/\(mutants)"
        }
    }

    /// A bug of a tests kata that learners' tests miss.
    public struct MissedBug: Sendable {
        /// The buggy version's folder name.
        public var name: String
        /// What a learner should test to catch it (its `## Nudge`).
        public var nudge: String
        public var learners: Int
    }

    public struct Learner: Sendable {
        /// Cleaned: one line, no control or bidi characters.
        public var name: String
        /// Where it was read from, relative to the folder given, cleaned.
        public var source: String
        /// The name the report itself gives, cleaned, when it differs from ``name``. The folder
        /// names the learner, not the report: a report could claim to be anyone's.
        public var claimedName: String?
        /// The commit the report measured, to tell a copy of a report from a second learner.
        public var commit: String?
        /// By kata number; a kata with no cell is not started.
        public var cells: [Int: Cell]

        public var passed: Int { cells.values.filter { $0.state == .passed }.count }
        public func state(of kata: Kata) -> State { cells[kata.number]?.state ?? .notStarted }
    }

    /// An input that could not be read, and why.
    public struct Unreadable: Sendable, Equatable {
        public var source: String
        public var reason: String
    }

    /// A test that fails for several learners of one kata.
    public struct FailingTest: Sendable {
        public var name: String
        public var learners: Int
        /// The first message seen for it.
        public var message: String?
    }

    /// Where the room stands on one kata.
    public struct KataSummary: Sendable {
        public var kata: Kata
        public var passed: Int
        /// Started and not passed: failing, not compiling or hung.
        public var stuck: Int
        public var notStarted: Int
        public var doesNotCompile: Int
        public var hung: Int
        /// The tests that fail for the most learners, most first (at most five).
        public var failingTests: [FailingTest]
        /// A compiler message, when some learners' code does not compile.
        public var firstCompileError: String?
        /// A tests kata's bugs the most learners' tests miss, most first; the bug most learners
        /// miss is the next thing to teach.
        public var missedBugs: [MissedBug] = []
    }

    /// Learners' strings are cut to these lengths.
    public static let nameLimit = 60
    public static let testNameLimit = 160
    public static let messageLimit = 400
    /// More mutants than a kata could have: a report that claims more is not believed.
    static let mutantLimit = 10_000

    public let katas: [Kata]
    public private(set) var learners: [Learner] = []
    public var unreadable: [Unreadable] = []
    /// Each tests kata's buggy versions, by kata number, as `kata check` names them (`bug 2`),
    /// with their nudges: what the room reads a report's `bugs` against. The room is often on a
    /// screen the learners see, so it names bugs as their check does, never by folder.
    private let bugNames: [Int: [String]]
    private let nudges: [Int: [String: String]]
    /// Reports written before bugs were numbered name them by folder: folder name → `bug N`.
    private let labelsOfFolderNames: [Int: [String: String]]

    public init(katas: [Kata]) {
        self.katas = katas
        var names: [Int: [String]] = [:]
        var nudges: [Int: [String: String]] = [:]
        var labels: [Int: [String: String]] = [:]
        for kata in katas where kata.metadata.kind == .tests {
            let versions = kata.buggyVersions()
            names[kata.number] = versions.map { kata.learnerLabel(of: $0) }
            nudges[kata.number] = Dictionary(
                versions.map { (kata.learnerLabel(of: $0), VersionNotes.load(for: $0)?.nudge ?? "") },
                uniquingKeysWith: { $1 })
            labels[kata.number] = Dictionary(
                versions.map { ($0.name, kata.learnerLabel(of: $0)) }, uniquingKeysWith: { $1 })
        }
        bugNames = names
        self.nudges = nudges
        labelsOfFolderNames = labels
    }

    /// Adds a learner, unless one of that name is there already, or the same report (the same
    /// claimed name and commit) under another name: then the source is listed as unreadable (a
    /// duplicate), and false is returned.
    @discardableResult
    public mutating func add(
        learner rawName: String, source rawSource: String, results: [ProgressReport.KataResult],
        claimedName rawClaimedName: String? = nil, commit: String? = nil
    ) -> Bool {
        let name = RoomText.clean(rawName, limit: Self.nameLimit)
        let source = RoomText.clean(rawSource, limit: Self.nameLimit * 3)
        let claimedName = rawClaimedName.map { RoomText.clean($0, limit: Self.nameLimit) }.flatMap {
            $0.isEmpty || $0 == name ? nil : $0
        }
        if let other = learners.first(where: { $0.name == name }) {
            unreadable.append(
                Unreadable(
                    source: source,
                    reason:
                        "a second report for learner \(name) (the first is \(other.source)); only the first is shown"
                ))
            return false
        }
        if let commit,
            let other = learners.first(where: {
                $0.commit == commit && ($0.claimedName ?? $0.name) == (claimedName ?? name)
            })
        {
            unreadable.append(
                Unreadable(
                    source: source,
                    reason:
                        "a copy of the report of learner \(other.name) (\(other.source)): same name, same "
                        + "commit; shown once"
                ))
            return false
        }
        var cells: [Int: Cell] = [:]
        for result in results {
            var cell = Cell(
                state: State(result),
                failedTests: result.failedTests.prefix(200).map { RoomText.clean($0, limit: Self.testNameLimit) },
                firstFailureTest: result.firstFailure?.test.map { RoomText.clean($0, limit: Self.testNameLimit) },
                firstFailureMessage: result.firstFailure.map { RoomText.clean($0.message, limit: Self.messageLimit) })
            if let bugs = result.bugs, let kata = katas.first(where: { $0.number == result.number }),
                kata.metadata.kind == .tests
            {
                let known = bugNames[kata.number] ?? []
                cell.bugsTotal = known.count
                let labels = bugs.atLarge.map { labelsOfFolderNames[kata.number]?[$0] ?? $0 }
                cell.bugsAtLarge = Array(Set(labels.filter { known.contains($0) }))
                    .sorted { $0.count == $1.count ? $0 < $1 : $0.count < $1.count }
                cell.bugsCaught = bugs.valid ? known.count - cell.bugsAtLarge.count : 0
                // The learner's report says it: only counts that can be true are shown.
                if let mutants = result.mutants, (1...Self.mutantLimit).contains(mutants.total),
                    (0...mutants.total).contains(mutants.killed)
                {
                    cell.mutantsKilled = bugs.valid ? mutants.killed : 0
                    cell.mutantsTotal = mutants.total
                }
            }
            cells[result.number] = cell
        }
        learners.append(
            Learner(name: name, source: source, claimedName: claimedName, commit: commit, cells: cells))
        learners.sort { $0.name.lowercased() < $1.name.lowercased() }
        return true
    }

    /// Every kata with learners stuck on it, the most stuck first (ties: the earlier kata, which
    /// the rest of the room meets next): the next thing to explain is at the top.
    public var stuck: [KataSummary] {
        summaries.filter { $0.stuck > 0 }.sorted { ($0.stuck, -$0.kata.number) > ($1.stuck, -$1.kata.number) }
    }

    /// Every kata, in catalog order.
    public var summaries: [KataSummary] {
        katas.map { kata in
            let cells = learners.map { $0.cells[kata.number] ?? Cell(state: .notStarted, failedTests: []) }
            var counts: [String: (learners: Int, message: String?)] = [:]
            for cell in cells where cell.state == .failing || cell.state == .hung {
                for test in Set(cell.failedTests) {
                    let message = cell.firstFailureTest == test ? cell.firstFailureMessage : nil
                    let known = counts[test]
                    counts[test] = ((known?.learners ?? 0) + 1, known?.message ?? message)
                }
            }
            let failing = counts.map {
                FailingTest(name: $0.key, learners: $0.value.learners, message: $0.value.message)
            }
            .sorted { ($0.learners, $1.name) > ($1.learners, $0.name) }
            var missed: [String: Int] = [:]
            for cell in cells where cell.bugsTotal != nil {
                for name in cell.bugsAtLarge { missed[name, default: 0] += 1 }
            }
            let missedBugs = missed.map {
                MissedBug(name: $0.key, nudge: nudges[kata.number]?[$0.key] ?? "", learners: $0.value)
            }
            .sorted { ($0.learners, $1.name) > ($1.learners, $0.name) }
            return KataSummary(
                kata: kata,
                passed: cells.filter { $0.state == .passed }.count,
                stuck: cells.filter { [.failing, .doesNotCompile, .hung].contains($0.state) }.count,
                notStarted: cells.filter { $0.state == .notStarted }.count,
                doesNotCompile: cells.filter { $0.state == .doesNotCompile }.count,
                hung: cells.filter { $0.state == .hung }.count,
                failingTests: Array(failing.prefix(5)),
                firstCompileError: cells.first { $0.state == .doesNotCompile }?.firstFailureMessage,
                missedBugs: missedBugs)
        }
    }
}
