import Foundation
import TestSupport
import Testing

extension EndToEnd {
    /// No command reads or writes outside the repository: not through a kata named `../..`, not
    /// through `--root`, not through a symbolic link in `Katas/`, `Solutions/` or `.kata`. Each test
    /// puts something worth protecting outside the repository and checks it is untouched.
    @Suite("kata, paths outside the repository")
    struct PathSafetyTests {
        /// A folder outside the repository, with a file in it.
        func outsideFolder() throws -> URL {
            let folder = ScratchFolder.make("outside")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data("precious\n".utf8).write(to: folder.appendingPathComponent("precious.txt"))
            return folder
        }

        func link(_ path: String, in repository: URL, to destination: URL) throws {
            let url = repository.appendingPathComponent(path)
            try? FileManager.default.removeItem(at: url)
            try FileManager.default.createSymbolicLink(at: url, withDestinationURL: destination)
        }

        @Test("a kata folder that links outside is refused by every command, and nothing is written through it")
        func kataFolderLink() throws {
            let repository = try KataBinary.repository()
            let outside = try outsideFolder()
            // A whole kata out there, one that would load if the link were followed.
            let kata = outside.appendingPathComponent("kata")
            try FileManager.default.copyItem(at: repository.appendingPathComponent("Katas/02-failing-kata"), to: kata)
            let readme = kata.appendingPathComponent("README.md")
            try Data(
                try String(contentsOf: readme, encoding: .utf8)
                    .replacingOccurrences(of: "number: 2", with: "number: 5")
                    .replacingOccurrences(of: "slug: failing-kata", with: "slug: outside-kata").utf8
            ).write(to: readme)
            try link("Katas/05-outside-kata", in: repository, to: kata)
            let before = KataBinary.snapshot(outside)

            let list = try KataBinary.run(["list"], in: repository)
            #expect(list.status == 65)
            #expect(list.output.contains("04  Tame the flaky test"), "the other katas still list")
            #expect(list.errors.contains("error: Katas/05-outside-kata leads to "))
            #expect(list.errors.contains("outside the repository; kata reads and writes only inside"))
            #expect(
                list.errors.contains("Replace the link with a real folder or file inside the repository, or remove it.")
            )

            for arguments in [
                ["show", "5"], ["hint", "5"], ["check", "5"], ["reset", "5", "--yes"], ["ship", "5"],
                ["solution", "5", "--yes"], ["site"],
            ] {
                let result = try KataBinary.run(arguments, in: repository)
                #expect(result.status == 65, "\(arguments): \(result.errors)")
                #expect(result.errors.contains("Katas/05-outside-kata"), "\(arguments): \(result.errors)")
            }
            #expect(KataBinary.snapshot(outside) == before, "nothing outside was changed")
            #expect(
                !FileManager.default.fileExists(atPath: kata.appendingPathComponent(".build").path),
                "nothing was built out there")
        }

        @Test("a README that links outside is not read")
        func readmeLink() throws {
            let repository = try KataBinary.repository()
            let outside = try outsideFolder()
            let readme = outside.appendingPathComponent("README.md")
            try FileManager.default.copyItem(
                at: repository.appendingPathComponent("Katas/02-failing-kata/README.md"), to: readme)
            try link("Katas/02-failing-kata/README.md", in: repository, to: readme)

            let result = try KataBinary.run(["show", "2"], in: repository)
            #expect(result.status == 65)
            #expect(
                result.errors.contains(
                    "error: Katas/02-failing-kata/README.md leads to \(readme.resolvingSymlinksInPath().path), outside the repository"
                ))
            #expect(result.output.isEmpty)
        }

        @Test("a .kata that links outside: progress is neither read nor written there, and reset saves no backup there")
        func progressFolderLink() throws {
            let repository = try KataBinary.repository()
            let outside = try outsideFolder()
            try Data(#"{"version":1,"katas":{"02":{"status":"passed","hintsShown":2}}}"#.utf8).write(
                to: outside.appendingPathComponent("state.json"))
            try link(".kata", in: repository, to: outside)
            let before = KataBinary.snapshot(outside)

            let hint = try KataBinary.run(["hint", "2"], in: repository)
            #expect(hint.status == 0)
            #expect(hint.output.contains("Hint 1 of 2"), "the progress out there was not read")
            #expect(
                hint.errors.contains(
                    ".kata/state.json leads outside the repository (a symbolic link), so kata neither reads nor saves your progress there."
                ))
            #expect(hint.errors.contains("Remove the link"))

            let source = repository.appendingPathComponent("Katas/02-failing-kata/Sources/Kata02/Greeter.swift")
            try Data("// mine\n".utf8).write(to: source)
            let reset = try KataBinary.run(["reset", "2", "--yes"], in: repository)
            #expect(reset.status == 65)
            #expect(reset.errors.contains("error: .kata/backups leads to"))
            #expect(try String(contentsOf: source, encoding: .utf8) == "// mine\n", "nothing was reset")
            #expect(KataBinary.snapshot(outside) == before, "nothing outside was changed")
        }

        @Test("a kata's Sources that links outside: reset refuses before it writes anything")
        func sourcesLink() throws {
            let repository = try KataBinary.repository()
            let outside = try outsideFolder()
            let sources = outside.appendingPathComponent("Sources")
            try FileManager.default.createDirectory(
                at: sources.appendingPathComponent("Kata02"), withIntermediateDirectories: true)
            try Data("// not the starter\n".utf8).write(to: sources.appendingPathComponent("Kata02/Greeter.swift"))
            try link("Katas/02-failing-kata/Sources", in: repository, to: sources)
            let before = KataBinary.snapshot(outside)

            let result = try KataBinary.run(["reset", "2", "--yes"], in: repository)
            #expect(result.status == 65)
            #expect(
                result.errors.contains(
                    "error: Katas/02-failing-kata/Sources leads to \(sources.resolvingSymlinksInPath().path), outside the repository"
                ))
            #expect(KataBinary.snapshot(outside) == before, "the file out there was not overwritten")
            let backups =
                (try? FileManager.default.contentsOfDirectory(
                    atPath: repository.appendingPathComponent(".kata/backups").path)) ?? []
            #expect(backups.isEmpty, "no backup was started")
        }

        @Test("a solution folder that links outside is not read by site or solution")
        func solutionLink() throws {
            let repository = try KataBinary.repository()
            let outside = try outsideFolder()
            let solution = outside.appendingPathComponent("solution")
            try FileManager.default.copyItem(
                at: repository.appendingPathComponent("Solutions/02-failing-kata"), to: solution)
            try link("Solutions/02-failing-kata", in: repository, to: solution)

            for arguments in [["site"], ["solution", "2", "--yes"]] {
                let result = try KataBinary.run(arguments, in: repository)
                #expect(result.status == 65, "\(arguments): \(result.errors)")
                #expect(result.errors.contains("Solutions/02-failing-kata leads to"), "\(arguments): \(result.errors)")
            }
            #expect(!FileManager.default.fileExists(atPath: repository.appendingPathComponent("site").path))
        }

        @Test(
            "a kata named like a path reaches no file",
            arguments: ["../../Package.swift", "../01-passing-kata", "/etc/passwd", "02/../../..", "..", "."])
        func pathLikeNames(reference: String) throws {
            let repository = try KataBinary.repository()
            for command in ["show", "hint", "check", "reset"] {
                let result = try KataBinary.run(
                    command == "reset" ? [command, reference, "--yes"] : [command, reference], in: repository)
                #expect(result.status == 64, "\(command) \(reference): \(result.errors)")
                #expect(
                    result.errors.contains("There is no kata '\(reference)'."),
                    "\(command) \(reference): \(result.errors)")
            }
            #expect(
                !FileManager.default.fileExists(atPath: repository.appendingPathComponent(".kata").path),
                "nothing was recorded")
        }

        @Test("--root names the repository, and kata writes only inside it")
        func explicitRoot() throws {
            let repository = try KataBinary.repository()
            let elsewhere = try outsideFolder()
            let result = try KataBinary.run(["hint", "2", "--root", repository.path], in: elsewhere)
            #expect(result.status == 0)
            #expect(FileManager.default.fileExists(atPath: repository.appendingPathComponent(".kata/state.json").path))
            #expect(
                KataBinary.snapshot(elsewhere).keys.sorted() == ["/precious.txt"], "nothing was written where kata ran")

            let notRepository = try KataBinary.run(["hint", "2", "--root", elsewhere.path], in: repository)
            #expect(notRepository.status == 66)
            #expect(
                notRepository.errors.contains("is not a kata repository: it needs a Package.swift and a Katas folder."))
        }
    }
}
