import Foundation
import TestSupport
import Testing

@testable import KataKit

@Suite("Swift Testing's event stream")
struct TestEventStreamTests {
    /// Recorded from a suite whose first test passes and whose second waits for ever, stopped
    /// at a time limit; the last line was cut off by the stop.
    static func recorded() throws -> Data {
        try Data(contentsOf: Fixtures.folder.appendingPathComponent("outputs/hanging-events.jsonl"))
    }

    @Test("names the test that started and never ended, with its file and line; not the suite, not the test that ended")
    func unfinished() throws {
        let tests = TestEventStream.unfinishedTests(in: try Self.recorded())
        #expect(
            tests == [
                TestRunSummary.RunningTest(
                    name: "waits forever",
                    file: "/repository/Katas/01-hanging-kata/Tests/Kata01Tests/HangingTests.swift", line: 12)
            ])
    }

    @Test("a stream with nothing unfinished, an empty one or garbage names nobody")
    func nothingUnfinished() throws {
        // Without the hanging test's start, every test that started also ended.
        let finished = try String(decoding: Self.recorded(), as: UTF8.self)
            .split(separator: "\n").filter { !($0.contains("waitsForever") && $0.contains("testStarted")) }
            .joined(separator: "\n")
        #expect(TestEventStream.unfinishedTests(in: Data(finished.utf8)).isEmpty)
        #expect(TestEventStream.unfinishedTests(in: Data()).isEmpty)
        #expect(TestEventStream.unfinishedTests(in: Data("not json\n{}\n[1,2]\n".utf8)).isEmpty)
    }

    @Test("the options ask for version 0 of the stream, written to the given file")
    func arguments() {
        #expect(
            TestEventStream.arguments(writingTo: URL(fileURLWithPath: "/tmp/e.jsonl")) == [
                "--event-stream-output-path", "/tmp/e.jsonl", "--event-stream-version", "0",
            ])
    }
}
