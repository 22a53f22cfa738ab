import Foundation

/// Swift Testing's event stream: the JSON lines `swift test --event-stream-output-path FILE
/// --event-stream-version 0` writes while the tests run (both options exist since Swift 6.0).
///
/// `swift test` holds back the console output of the tests when it writes into a pipe, and a
/// run stopped at its time limit loses what was held back, so the console cannot tell which test
/// hung. The event stream is written as each event happens, so kata reads it to name the tests
/// that started and never ended. XCTest does not write to it; a hang in an XCTest test is
/// explained without names.
///
/// ```swift
/// let running = TestEventStream.unfinishedTests(in: try Data(contentsOf: eventFile))
/// // [RunningTest(name: "waits forever", file: "/…/HangingTests.swift", line: 9)]
/// ```
enum TestEventStream {
    /// The options that make `swift test` write the stream to `file`.
    static func arguments(writingTo file: URL) -> [String] {
        ["--event-stream-output-path", file.path, "--event-stream-version", "0"]
    }

    /// The test functions that started and did not end, in the order they started. Lines that do
    /// not decode (the last one, cut off when the run was stopped) are skipped.
    static func unfinishedTests(in data: Data) -> [TestRunSummary.RunningTest] {
        var functions: [String: TestRunSummary.RunningTest] = [:]
        var started: [String] = []
        var ended: Set<String> = []
        let decoder = JSONDecoder()
        for line in data.split(separator: UInt8(ascii: "\n")) {
            guard let record = try? decoder.decode(Record.self, from: Data(line)) else { continue }
            let payload = record.payload
            switch (record.kind, payload.kind) {
            case ("test", "function"):
                guard let id = payload.id else { continue }
                functions[id] = TestRunSummary.RunningTest(
                    name: payload.displayName ?? payload.name ?? id,
                    file: payload.sourceLocation?.filePath ?? payload.sourceLocation?.fileID ?? "",
                    line: payload.sourceLocation?.line ?? 0
                )
            case ("event", "testStarted"):
                if let id = payload.testID { started.append(id) }
            case ("event", "testEnded"):
                if let id = payload.testID { ended.insert(id) }
            default:
                continue
            }
        }
        // Suites start and end too; only test functions are named.
        return started.filter { !ended.contains($0) }.compactMap { functions[$0] }
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

            var kind: String
            var id: String?
            var testID: String?
            var name: String?
            var displayName: String?
            var sourceLocation: SourceLocation?
        }

        var kind: String
        var payload: Payload
    }
}
