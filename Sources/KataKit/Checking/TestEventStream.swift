import Foundation

/// Swift Testing's event stream: the JSON lines `swift test --event-stream-output-path FILE
/// --event-stream-version 0` writes while the tests run (both options exist since Swift 6.0).
///
/// It is where `kata check`, `kata verify` and `kata watch` read what the Swift Testing tests did:
/// which passed, which failed and why, with file and line. Unlike the console it carries no
/// symbols, colours or terminal state, so it reads the same on Linux and on a Mac whose Swift
/// Testing prints SF Symbols (``SwiftTestingGlyphs``). It is also written as each event happens,
/// while `swift test` holds back the console output when it writes into a pipe, so a run stopped
/// at its time limit still names the tests that started and never ended. XCTest does not write
/// to it; its results come from its console lines, which have no symbols.
///
/// ```swift
/// let run = TestEventStream.run(in: try Data(contentsOf: eventFile))
/// // run?.failed == ["greets by name"], run?.failures.first?.message == "Expectation failed: …"
/// ```
enum TestEventStream {
    /// The options that make `swift test` write the stream to `file`.
    static func arguments(writingTo file: URL) -> [String] {
        ["--event-stream-output-path", file.path, "--event-stream-version", "0"]
    }

    /// What the Swift Testing tests of one run did.
    struct Run: Sendable, Equatable {
        /// Test functions, by display name, in the order they started.
        var started: [String] = []
        var passed: [String] = []
        var failed: [String] = []
        /// Each failing issue (a failed `#expect`, a thrown error), with its test, file and line.
        var failures: [TestRunSummary.Failure] = []
        /// Test functions that started and did not end: the ones a stopped run was still running.
        var unfinished: [TestRunSummary.RunningTest] = []
        /// Whether the run reached its end (false when it crashed or was stopped).
        var ended = false
        /// How long each test function that ended took, in seconds, by display name (the
        /// longest run when it ran more than once).
        var durations: [String: Double] = [:]
        /// Seconds from the run's start to the first issue that failed a test by an assertion
        /// (not by a time limit); nil when none did. Tests run in parallel, so this is the only
        /// honest "when was it caught": adding up durations would not be.
        var secondsToFirstFailure: Double? = nil
    }

    /// The run the stream records; nil when no run started in it (the build failed, or the
    /// file is not an event stream). Lines that do not decode (the last one, cut off when the
    /// run was stopped) are skipped.
    static func run(in data: Data) -> Run? {
        var tests: [String: Record.Payload] = [:]
        var startedIDs: [String] = []
        var endedIDs: Set<String> = []
        var failingIDs: Set<String> = []
        var startInstants: [String: Double] = [:]
        var durations: [String: Double] = [:]
        var run = Run()
        var runStarted = false
        var runStartInstant: Double? = nil
        let decoder = JSONDecoder()
        for line in data.split(separator: UInt8(ascii: "\n")) {
            guard let record = try? decoder.decode(Record.self, from: Data(line)) else { continue }
            let payload = record.payload
            switch (record.kind, payload.kind) {
            case ("test", "function"), ("test", "suite"):
                if let id = payload.id { tests[id] = payload }
            case ("event", "runStarted"):
                runStarted = true
                runStartInstant = payload.instant?.absolute
            case ("event", "runEnded"):
                run.ended = true
            case ("event", "testStarted"):
                if let id = payload.testID, tests[id]?.kind == "function" {
                    startedIDs.append(id)
                    startInstants[id] = payload.instant?.absolute
                }
            case ("event", "testEnded"):
                if let id = payload.testID {
                    endedIDs.insert(id)
                    if let start = startInstants[id], let end = payload.instant?.absolute {
                        durations[id] = max(durations[id] ?? 0, end - start)
                    }
                }
            case ("event", "issueRecorded"):
                guard let issue = payload.issue, !issue.isKnown, issue.isFailure != false else { continue }
                let id = payload.testID ?? ""
                failingIDs.insert(id)
                let recorded = failure(payload, test: tests[id].map(displayName) ?? id)
                run.failures.append(recorded)
                if run.secondsToFirstFailure == nil, !recorded.isTimeLimit, let start = runStartInstant,
                    let instant = payload.instant?.absolute
                {
                    run.secondsToFirstFailure = max(0, instant - start)
                }
            default:
                continue
            }
        }
        guard runStarted else { return nil }
        for id in startedIDs {
            guard let test = tests[id] else { continue }
            let name = displayName(test)
            run.started.append(name)
            if let seconds = durations[id] { run.durations[name] = max(run.durations[name] ?? 0, seconds) }
            if !endedIDs.contains(id) {
                run.unfinished.append(
                    TestRunSummary.RunningTest(
                        name: name,
                        file: test.sourceLocation?.filePath ?? test.sourceLocation?.fileID ?? "",
                        line: test.sourceLocation?.line ?? 0
                    ))
            } else if failingIDs.contains(id) {
                run.failed.append(name)
            } else {
                run.passed.append(name)
            }
        }
        return run
    }

    /// The test functions that started and did not end, in the order they started.
    static func unfinishedTests(in data: Data) -> [TestRunSummary.RunningTest] {
        run(in: data)?.unfinished ?? []
    }

    /// The name the console shows: `@Test("greets by name")`'s display name, or `greetsByName()`.
    private static func displayName(_ test: Record.Payload) -> String {
        test.displayName ?? test.name ?? test.id ?? ""
    }

    /// An issue as the console prints it: the message, then its comments after " — ".
    private static func failure(_ payload: Record.Payload, test: String) -> TestRunSummary.Failure {
        let messages = payload.messages ?? []
        let main = messages.first { $0.symbol != "details" && $0.symbol != "difference" }?.text ?? "Issue recorded"
        let details = messages.filter { $0.symbol == "details" }.map(\.text)
        let location = payload.issue?.sourceLocation ?? payload.sourceLocation
        return TestRunSummary.Failure(
            test: test,
            file: location?.filePath ?? location?.fileID ?? "",
            line: location?.line ?? 0,
            message: ([main] + details).joined(separator: " — ")
        )
    }

    /// The parts of a record (ABI version 0) kata reads; the rest is ignored.
    private struct Record: Decodable {
        struct Payload: Decodable {
            struct SourceLocation: Decodable {
                var filePath: String?
                var fileID: String?
                var line: Int?

                enum CodingKeys: String, CodingKey {
                    case filePath = "_filePath"
                    case fileID
                    case line
                }
            }

            struct Issue: Decodable {
                var isKnown: Bool
                /// Since Swift 6.3 (and only in newer stream versions): false for a warning.
                var isFailure: Bool?
                var sourceLocation: SourceLocation?
            }

            struct Message: Decodable {
                var symbol: String
                var text: String
            }

            /// When an event happened: `absolute` is seconds on a monotonic clock.
            struct Instant: Decodable {
                var absolute: Double
            }

            var kind: String
            var id: String?
            var testID: String?
            var name: String?
            var displayName: String?
            var sourceLocation: SourceLocation?
            var issue: Issue?
            var messages: [Message]?
            var instant: Instant?

            enum CodingKeys: String, CodingKey {
                case kind, id, testID, name, displayName, sourceLocation, issue, messages, instant
                // An event's source location is experimental in version 0, hence the underscore.
                case eventSourceLocation = "_sourceLocation"
            }

            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: CodingKeys.self)
                kind = try container.decode(String.self, forKey: .kind)
                id = try container.decodeIfPresent(String.self, forKey: .id)
                testID = try container.decodeIfPresent(String.self, forKey: .testID)
                name = try container.decodeIfPresent(String.self, forKey: .name)
                displayName = try container.decodeIfPresent(String.self, forKey: .displayName)
                sourceLocation =
                    try container.decodeIfPresent(SourceLocation.self, forKey: .sourceLocation)
                    ?? container.decodeIfPresent(SourceLocation.self, forKey: .eventSourceLocation)
                issue = try container.decodeIfPresent(Issue.self, forKey: .issue)
                messages = try container.decodeIfPresent([Message].self, forKey: .messages)
                instant = try container.decodeIfPresent(Instant.self, forKey: .instant)
            }
        }

        var kind: String
        var payload: Payload
    }
}
