import Foundation
import TestSupport
import Testing

@testable import KataKit

@Suite("A version as a unified diff")
struct UnifiedDiffTests {
    static func files(_ texts: [String: String]) -> [String: Data] {
        texts.mapValues { Data($0.utf8) }
    }

    static let numbered = (1...40).map { "line \($0)\n" }.joined()

    @Test(
        "a diff written from two sets of files turns the first into the second, through its text",
        arguments: [
            ["A.swift": numbered.replacingOccurrences(of: "line 20\n", with: "changed\n")],
            [
                "A.swift": numbered.replacingOccurrences(of: "line 3\n", with: "").replacingOccurrences(
                    of: "line 38\n", with: "line 38\nadded\n")
            ],
            ["A.swift": numbered, "New.swift": "created\n"],
            [:],
            ["A.swift": numbered + "no newline at the end"],
            ["A.swift": "line 1\r\nline 2\r\n" + numbered],
            ["A.swift": ""],
        ])
    func roundTrip(after: [String: String]) throws {
        let before = Self.files(["A.swift": Self.numbered])
        let diff = UnifiedDiff.between(before, Self.files(after))
        let read = try UnifiedDiff(parsing: diff.text)
        #expect(read == diff)
        #expect(try read.applied(to: before) == Self.files(after))
    }

    @Test("nothing changed is an empty diff")
    func empty() {
        let same = Self.files(["A.swift": Self.numbered])
        #expect(UnifiedDiff.between(same, same).isEmpty)
    }

    @Test("a hunk whose lines moved (the base gained lines above them) still applies, where they are now")
    func moved() throws {
        let before = Self.files(["A.swift": Self.numbered])
        let changed = Self.files(["A.swift": Self.numbered.replacingOccurrences(of: "line 30\n", with: "thirty\n")])
        let diff = UnifiedDiff.between(before, changed)
        let grown = Self.files(["A.swift": "/// A doc comment.\n/// Two lines.\n" + Self.numbered])
        let applied = try diff.applied(to: grown)
        #expect(
            applied["A.swift"]
                == Data(
                    ("/// A doc comment.\n/// Two lines.\n" + Self.numbered)
                        .replacingOccurrences(of: "line 30\n", with: "thirty\n").utf8))
    }

    @Test("a hunk whose lines are gone fails, naming the file, the line and what differs")
    func mismatch() throws {
        let before = Self.files(["Sources/A.swift": Self.numbered])
        let diff = UnifiedDiff.between(
            before, Self.files(["Sources/A.swift": Self.numbered.replacingOccurrences(of: "line 30\n", with: "x\n")]))
        let edited = Self.files(["Sources/A.swift": Self.numbered.replacingOccurrences(of: "line 29\n", with: "y\n")])
        let failure = try #require(throws: UnifiedDiff.ApplyFailure.self) { try diff.applied(to: edited) }
        #expect(failure.path == "Sources/A.swift")
        #expect(failure.line == 27)
        #expect(failure.description.contains("line 29 reads `y` where the change expects `line 29`"))
        // What applies applies; the rest is handed back.
        let lenient = diff.appliedLeniently(to: edited)
        #expect(lenient.rejected.files.map(\.path) == ["Sources/A.swift"])
        #expect(lenient.files == edited)
    }

    @Test("a change to a file that is not there, or a file created twice, fails")
    func missingFiles() throws {
        let diff = UnifiedDiff.between(Self.files(["A.swift": "a\n"]), Self.files(["A.swift": "b\n"]))
        #expect(throws: UnifiedDiff.ApplyFailure.self) { try diff.applied(to: [:]) }
        let creation = UnifiedDiff.between([:], Self.files(["A.swift": "b\n"]))
        #expect(throws: UnifiedDiff.ApplyFailure.self) { try creation.applied(to: Self.files(["A.swift": "a\n"])) }
    }

    @Test(
        "a path that leaves the folder, or a hunk that miscounts its lines, is not read",
        arguments: [
            "--- a/../../etc/passwd\n+++ b/../../etc/passwd\n@@ -1 +1 @@\n-a\n+b\n",
            "--- /etc/passwd\n+++ /etc/passwd\n@@ -1 +1 @@\n-a\n+b\n",
            // A rename whose new side climbs out: both sides are checked.
            "--- a/Sources/K/A.swift\n+++ b/Sources/K/../../../escaped.swift\n@@ -1 +1 @@\n-a\n+b\n",
            // `..` then a combining mark on the slash: one Character to `split`, `..` to the file system.
            "--- /dev/null\n+++ b/../\u{301}x.swift\n@@ -0,0 +1 @@\n+b\n",
            "--- a/A.swift\n+++ b/A.swift\n@@ -1,3 +1,3 @@\n-a\n+b\n",
            "--- a/A.swift\n+++ b/A.swift\n@@ nonsense @@\n-a\n+b\n",
        ])
    func hostile(text: String) {
        #expect(throws: UnifiedDiff.ParseFailure.self) { try UnifiedDiff(parsing: text) }
    }

    @Test("git's own output reads as written, whatever precedes it")
    func readsGit() throws {
        let text = """
            Notes above the diff.

            diff --git a/Sources/K/A.swift b/Sources/K/A.swift
            index 3b18e51..a1b2c3d 100644
            --- a/Sources/K/A.swift
            +++ b/Sources/K/A.swift
            @@ -1,2 +1,2 @@ func f() {
             one
            -two
            +TWO

            """
        let diff = try UnifiedDiff(parsing: text)
        #expect(
            try diff.applied(to: Self.files(["Sources/K/A.swift": "one\ntwo\n"]))
                == Self.files(["Sources/K/A.swift": "one\nTWO\n"]))
    }

    @Test("a version's notes end where its diff begins")
    func notes() throws {
        let diff = UnifiedDiff.between(Self.files(["A.swift": "a\n"]), Self.files(["A.swift": "b\n"]))
        let change = VersionChange(file: nil, notes: "# Title\n\n## Breaks\n\n> a sentence\n", diff: diff)
        #expect(change.notes == "# Title\n\n## Breaks\n\n> a sentence")
        #expect(try change.diff() == diff)
        #expect(VersionNotes(parsing: change.notes).brokenSentence == "a sentence")
    }
}
