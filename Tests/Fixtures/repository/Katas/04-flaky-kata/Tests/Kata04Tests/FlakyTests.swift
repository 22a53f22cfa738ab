import Foundation
import Kata04
import Testing

/// Flaky on purpose, and deterministically so: it counts its runs in a temporary file named after
/// this package's folder and fails from the third run on, which is how the end-to-end tests see
/// `--repeat` catch a flaky test.
@Suite("Flaky")
struct FlakyTests {
    @Test("passes twice, then fails")
    func passesTwice() throws {
        let name = "kata-flaky-" + #filePath.replacingOccurrences(of: "/", with: "_")
        let counter = FileManager.default.temporaryDirectory.appendingPathComponent(name)
        let runs = (try? String(contentsOf: counter, encoding: .utf8)).flatMap { Int($0) } ?? 0
        try String(runs + 1).write(to: counter, atomically: true, encoding: .utf8)
        #expect(runs < 2, "run \(runs + 1)")
        #expect(greeting(for: "Ada") == "Hello, Ada!")
    }
}
