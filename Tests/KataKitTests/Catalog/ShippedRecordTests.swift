import Foundation
import TestSupport
import Testing

@testable import KataKit

@Suite("The shipped record of a kata")
struct ShippedRecordTests {
    @Test("differences name changed, added and deleted files under a prefix, in path order")
    func differences() {
        let shipped = ShippedRecord(files: [
            "Package.swift": "p", "Sources/K/A.swift": "a", "Tests/KT/T.swift": "t", "Tests/KT/Gone.swift": "g",
        ])
        let current = ShippedRecord(files: [
            "Package.swift": "p", "Sources/K/A.swift": "a2", "Tests/KT/T.swift": "t", "Tests/KT/New.swift": "n",
        ])
        let all = shipped.differences(from: current).map { "\($0.difference.rawValue) \($0.path)" }
        #expect(all == ["changed Sources/K/A.swift", "deleted Tests/KT/Gone.swift", "added Tests/KT/New.swift"])
        #expect(shipped.differences(from: current, under: "Tests/").count == 2)
        #expect(shipped.differences(from: shipped).isEmpty)
    }

    @Test("the encoded record is stable: the same code gives the same bytes")
    func stableEncoding() throws {
        let one = ShippedRecord(files: ["b": "2", "a": "1/x"])
        let two = ShippedRecord(files: ["a": "1/x", "b": "2"])
        #expect(try one.encoded() == two.encoded())
        #expect(String(decoding: try one.encoded(), as: UTF8.self).contains(#""a" : "1/x""#))
    }

    @Test(
        "reset accepts only paths inside the kata's code",
        arguments: [
            ("Package.swift", true), ("Sources/Kata01/A.swift", true), ("Tests/Kata01Tests/T.swift", true),
            ("../escape.swift", false), ("Sources/../../x", false), ("/etc/passwd", false), ("README.md", false),
            ("Sources", false), ("Sources//A.swift", false), ("Tests/./T.swift", false),
            // A combining mark after the slash: one Character "/\u{301}", but `..` to the file system.
            ("Sources/../\u{301}x.swift", false), ("Sources/Kata01/\u{301}A.swift", true),
        ])
    func pathSafety(path: String, accepted: Bool) throws {
        let repository = try Fixtures.repositoryCopy()
        let kata = try KataCatalog.load(from: repository).kata(named: "1")
        let record = ShippedRecord(files: [path: ""])
        if accepted {
            try ResetFrontend.validatePaths(of: record, kata: kata)
        } else {
            #expect(throws: KataError.self) { try ResetFrontend.validatePaths(of: record, kata: kata) }
        }
    }
}
