import Foundation
import TestSupport
import Testing

extension EndToEnd {
    /// A full disk, or a file where a folder must go, while kata writes progress, the site, a reset
    /// backup or a shipped record: a clear error, and the previous files exactly as they were.
    ///
    /// Tests run as root here, and root ignores file permissions, so "read-only" is simulated in two
    /// ways that stop root too: `ulimit -f 0` (RLIMIT_FSIZE: every write to a file fails with EFBIG,
    /// as it fails with ENOSPC on a full disk), and a regular file named `.kata` where kata must
    /// create a folder (mkdir fails with EEXIST or ENOTDIR).
    @Suite("kata, faults while writing")
    struct FaultTests {
        /// Runs kata with every write to a file failing as on a full disk.
        func runOnFullDisk(_ arguments: [String], in repository: URL) throws -> KataBinary.Result {
            try KataBinary.run(
                ["-c", #"ulimit -f 0 && exec "$0" "$@""#, KataBinary.url.path] + arguments,
                in: repository, executable: URL(fileURLWithPath: "/bin/sh")
            )
        }

        func entries(of folder: URL) -> [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
        }

        @Test("a full disk while saving progress keeps the previous progress file, and the hint still shows")
        func progressOnFullDisk() throws {
            let repository = try KataBinary.repository()
            #expect(try KataBinary.run(["hint", "2"], in: repository).status == 0)
            let kataFolder = repository.appendingPathComponent(".kata")
            let before = KataBinary.snapshot(kataFolder)
            #expect(before.keys.sorted() == ["/state.json"])

            let result = try runOnFullDisk(["hint", "2"], in: repository)
            #expect(result.status == 0)
            #expect(result.output.contains("Hint 2 of 2"))
            #expect(result.errors.contains("warning: Could not save your progress"))
            #expect(result.errors.contains("the disk is full"))
            #expect(KataBinary.snapshot(kataFolder) == before, "the previous progress file is intact")
            #expect(entries(of: kataFolder) == ["state.json"], "no half-written temporary file is left")
        }

        @Test("a full disk while writing the site keeps the previous site, byte for byte")
        func siteOnFullDisk() throws {
            let repository = try KataBinary.repository()
            #expect(try KataBinary.run(["site"], in: repository).status == 0)
            let site = repository.appendingPathComponent("site")
            let before = KataBinary.snapshot(site)
            let readme = repository.appendingPathComponent("Katas/02-failing-kata/README.md")
            try Data((try String(contentsOf: readme, encoding: .utf8) + "\nA change the site must show.\n").utf8).write(
                to: readme)

            let result = try runOnFullDisk(["site"], in: repository)
            #expect(result.status == 74)
            #expect(result.errors.contains("error: Could not write the new site beside"))
            #expect(result.errors.contains("The previous site is untouched."))
            #expect(KataBinary.snapshot(site) == before)
            #expect(!entries(of: repository).contains("site.new"))
            #expect(!entries(of: repository).contains("site.old"))
        }

        @Test(
            "a backup that cannot be written stops the reset before it changes anything",
            arguments: ["full disk", ".kata is a file"])
        func resetBackupFails(way: String) throws {
            let repository = try KataBinary.repository()
            let source = repository.appendingPathComponent("Katas/02-failing-kata/Sources/Kata02/Greeter.swift")
            try Data("public func greeting(for name: String) -> String { \"Hi, \\(name)!\" }\n".utf8).write(to: source)
            let kata = repository.appendingPathComponent("Katas/02-failing-kata")
            if way == ".kata is a file" {
                try Data("in the way".utf8).write(to: repository.appendingPathComponent(".kata"))
            }
            let before = KataBinary.snapshot(kata)

            let result =
                way == "full disk"
                ? try runOnFullDisk(["reset", "2", "--yes"], in: repository)
                : try KataBinary.run(["reset", "2", "--yes"], in: repository)
            #expect(result.status == 74)
            #expect(result.errors.contains("error: Could not save a backup of Katas/02-failing-kata"))
            #expect(result.errors.contains("Nothing was reset and your files are untouched."))
            #expect(KataBinary.snapshot(kata) == before, "the learner's files are as they were")
            let backups = repository.appendingPathComponent(".kata/backups")
            #expect(entries(of: backups).isEmpty, "no half-made backup is left: \(entries(of: backups))")
        }

        @Test("a full disk while kata ship records a kata keeps the previous record")
        func shipOnFullDisk() throws {
            let repository = try KataBinary.repository()
            let test = repository.appendingPathComponent("Katas/02-failing-kata/Tests/Kata02Tests/GreeterTests.swift")
            try Data((try String(contentsOf: test, encoding: .utf8) + "// a new test\n").utf8).write(to: test)
            let record = repository.appendingPathComponent("Katas/02-failing-kata/.shipped.json")
            let before = try Data(contentsOf: record)

            let result = try runOnFullDisk(["ship", "2"], in: repository)
            #expect(result.status == 74)
            #expect(result.errors.contains("Could not write"))
            #expect(result.errors.contains("the disk is full"))
            #expect(try Data(contentsOf: record) == before)
            #expect(
                !entries(of: repository.appendingPathComponent("Katas/02-failing-kata")).contains {
                    $0.hasPrefix(".shipped.json.") || $0.hasPrefix(".dat")
                })
        }

        @Test("every file kata writes is written atomically, or staged and swapped in whole")
        func atomicWrites() throws {
            let sources = Fixtures.folder.deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("Sources/KataKit")
            let files =
                FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL }
                .filter { $0.pathExtension == "swift" } ?? []
            #expect(!files.isEmpty)
            for file in files {
                let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n")
                for line in lines
                where line.contains(".write(to:") && !line.trimmingCharacters(in: .whitespaces).hasPrefix("///") {
                    // The site's files go into site.new, which SiteWriter swaps in whole, and a new
                    // kata's into hidden folders that ScaffoldInstaller renames into place.
                    let staged = ["SiteWriter.swift", "ScaffoldInstaller.swift"].contains(file.lastPathComponent)
                    #expect(line.contains(".atomic") || staged, "\(file.lastPathComponent): \(line)")
                }
            }
        }
    }
}
