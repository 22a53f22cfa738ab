import Foundation
import TestSupport
import Testing

@testable import KataKit

@Suite("Source diff")
struct SourceDiffTests {
    private let raw = """
        diff -ruN Katas/01-x/Sources/Kata01/A.swift Solutions/01-x/Sources/Kata01/A.swift
        --- Katas/01-x/Sources/Kata01/A.swift\t2025-03-01 10:00:00.000000000 +0100
        +++ Solutions/01-x/Sources/Kata01/A.swift\t2025-03-01 11:00:00.000000000 +0100
        @@ -1,2 +1,2 @@
         let a = 1
        --- a comment that starts with two dashes
        +let b = 2
        \\ No newline at end of file
        diff -ruN Katas/01-x/Sources/Kata01/B.swift Solutions/01-x/Sources/Kata01/B.swift
        --- Katas/01-x/Sources/Kata01/B.swift\t1970-01-01 01:00:00.000000000 +0100
        +++ Solutions/01-x/Sources/Kata01/B.swift\t2025-03-01 11:00:00.000000000 +0100
        @@ -0,0 +1 @@
        +let c = 3

        """

    @Test("file headers lose the timestamps and say whose side they are, and which file is missing")
    func labels() {
        let text = SourceDiff.format(raw, style: TextStyle(enabled: false)) {
            !$0.hasSuffix("Katas/01-x/Sources/Kata01/B.swift")
        }
        #expect(
            text == """
                --- Katas/01-x/Sources/Kata01/A.swift (yours)
                +++ Solutions/01-x/Sources/Kata01/A.swift (reference)
                @@ -1,2 +1,2 @@
                 let a = 1
                --- a comment that starts with two dashes
                +let b = 2
                \\ No newline at end of file

                --- Katas/01-x/Sources/Kata01/B.swift (yours: no such file)
                +++ Solutions/01-x/Sources/Kata01/B.swift (reference)
                @@ -0,0 +1 @@
                +let c = 3

                """)
    }

    @Test(
        "with colours, removed lines are red, added green and hunk headers cyan, even a removed line starting with ---")
    func colours() {
        let text = SourceDiff.format(raw, style: TextStyle(enabled: true))
        #expect(text.contains("\u{1B}[31m--- a comment that starts with two dashes\u{1B}[0m"))
        #expect(text.contains("\u{1B}[32m+let b = 2\u{1B}[0m"))
        #expect(text.contains("\u{1B}[36m@@ -1,2 +1,2 @@\u{1B}[0m"))
        #expect(text.contains("\u{1B}[1m--- Katas/01-x/Sources/Kata01/A.swift (yours)\u{1B}[0m"))
        #expect(text.contains("\n let a = 1\n"), "context lines stay plain")
    }

    @Test(
        "the real diff: nil for the same code, and a missing diff is a clear tool error",
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/diff")))
    func realDiff() throws {
        let repository = try Fixtures.repositoryCopy()
        let diff = SourceDiff(runner: CommandRunner(environment: ["PATH": "/usr/bin:/bin"]), repository: repository)
        #expect(
            try diff.compare(
                "Katas/01-passing-kata/Sources", with: "Solutions/01-passing-kata/Sources",
                style: TextStyle(enabled: false)) == nil)
        let changed = try diff.compare(
            "Katas/02-failing-kata/Sources", with: "Solutions/02-failing-kata/Sources", style: TextStyle(enabled: false)
        )
        #expect(
            changed?.hasPrefix(
                "--- Katas/02-failing-kata/Sources/Kata02/Greeter.swift (yours)\n+++ Solutions/02-failing-kata/Sources/Kata02/Greeter.swift (reference)\n@@ "
            ) == true)

        let noTool = SourceDiff(runner: CommandRunner(environment: ["PATH": "/nonexistent"]), repository: repository)
        let error = #expect(throws: KataError.self) {
            try noTool.compare(
                "Katas/02-failing-kata/Sources", with: "Solutions/02-failing-kata/Sources",
                style: TextStyle(enabled: false))
        }
        #expect(error?.kind == .toolUnavailable)
        #expect(error?.message.contains("`diff`") == true)
    }
}
