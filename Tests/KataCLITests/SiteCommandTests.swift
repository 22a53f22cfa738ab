import Foundation
import Testing

extension EndToEnd {
    @Suite("kata site, end to end")
    struct SiteCommandTests {
        @Test("builds the site, the same bytes every time, and --check agrees")
        func buildsDeterministically() throws {
            let repository = try KataBinary.repository()
            let first = try KataBinary.run(["site"], in: repository)
            #expect(first.status == 0, "\(first.errors)")
            #expect(first.output.hasPrefix("Wrote site/: 15 files"))
            let site = repository.appendingPathComponent("site")
            let before = KataBinary.snapshot(site)
            #expect(before["/katas/02-failing-kata.html"] != nil)
            #expect(before["/solutions/02-failing-kata.html"] != nil)
            _ = try KataBinary.run(["site"], in: repository)
            #expect(KataBinary.snapshot(site) == before)
            let check = try KataBinary.run(["site", "--check"], in: repository)
            #expect(check.status == 0)
            #expect(check.output == "site/ is up to date: 15 files.\n")
        }

        @Test("--check fails on a stale site and names what changed")
        func checkStale() throws {
            let repository = try KataBinary.repository()
            _ = try KataBinary.run(["site"], in: repository)
            let readme = repository.appendingPathComponent("Katas/02-failing-kata/README.md")
            try (try String(contentsOf: readme, encoding: .utf8) + "\nOne more line.\n").write(
                to: readme, atomically: true, encoding: .utf8)
            let check = try KataBinary.run(["site", "--check"], in: repository)
            #expect(check.status == 1)
            #expect(check.errors.contains("site/ is out of date with the katas"))
            #expect(check.errors.contains("changed katas/02-failing-kata.html"))
            #expect(check.errors.contains("Run `kata site` and commit site/."))
        }

        @Test("a broken link stops the build with its file and line, and the previous site stays")
        func brokenLink() throws {
            let repository = try KataBinary.repository()
            _ = try KataBinary.run(["site"], in: repository)
            let index = repository.appendingPathComponent("site/index.html")
            let before = try Data(contentsOf: index)
            let readme = repository.appendingPathComponent("Katas/02-failing-kata/README.md")
            try (try String(contentsOf: readme, encoding: .utf8) + "\nSee [kata 9](../09-missing/README.md).\n").write(
                to: readme, atomically: true, encoding: .utf8)
            let result = try KataBinary.run(["site"], in: repository)
            #expect(result.status == 65)
            #expect(
                result.errors.contains(
                    "error: Katas/02-failing-kata/README.md:34: links to Katas/09-missing/README.md, which does not exist."
                ))
            #expect(try Data(contentsOf: index) == before)
            #expect(!FileManager.default.fileExists(atPath: repository.appendingPathComponent("site.new").path))
        }
    }
}
