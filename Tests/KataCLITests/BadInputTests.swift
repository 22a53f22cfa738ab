import Foundation
import Testing

/// Bad input gets a clear message, on standard error, naming what was wrong and what to do,
/// and an exit code a script can tell apart.
@Suite("kata, bad input")
struct BadInputTests {
    @Test("an unknown kata")
    func unknownKata() throws {
        let result = try KataBinary.run(["check", "17"], in: try KataBinary.repository())
        #expect(result.status == 64)
        #expect(result.errors.contains("error: There is no kata '17'. The katas are 01 to 04."))
        #expect(result.errors.contains("kata list"))
        #expect(result.output.isEmpty)
    }

    @Test("no repository where kata runs")
    func noRepository() throws {
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("not-katas-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let result = try KataBinary.run(["list"], in: empty)
        #expect(result.status == 66)
        #expect(result.errors.contains("error: No kata repository found in"))
        #expect(result.errors.contains("--root"))
    }

    @Test("--root that is not a kata repository")
    func badRoot() throws {
        let result = try KataBinary.run(["list", "--root", "/"], in: try KataBinary.repository())
        #expect(result.status == 66)
        #expect(result.errors.contains("error: / is not a kata repository"))
    }

    @Test("swift missing from PATH")
    func swiftMissing() throws {
        let result = try KataBinary.run(["check", "1"], in: try KataBinary.repository(), environment: ["PATH": "/nonexistent"])
        #expect(result.status == 69)
        #expect(result.errors.contains("error: The `swift` command was not found on your PATH"))
        #expect(result.errors.contains("swift --version"))
    }

    @Test("malformed front matter names the file, the line and the field")
    func malformedFrontMatter() throws {
        let repository = try KataBinary.repository()
        let readme = repository.appendingPathComponent("Katas/02-failing-kata/README.md")
        let text = try String(contentsOf: readme, encoding: .utf8).replacingOccurrences(of: "minutes: 10", with: "minutes: ten")
        try text.write(to: readme, atomically: true, encoding: .utf8)
        let result = try KataBinary.run(["list"], in: repository)
        #expect(result.status == 65)
        #expect(result.errors.contains("error: Katas/02-failing-kata/README.md:7: front-matter field 'minutes' must be a whole number, not 'ten'."))
    }

    @Test("an unknown option is a usage error with help")
    func unknownOption() throws {
        let result = try KataBinary.run(["check", "1", "--fast"], in: try KataBinary.repository())
        #expect(result.status == 64)
        #expect(result.errors.contains("Unknown option '--fast'"))
    }

    @Test("an empty --filter is refused before anything runs")
    func emptyFilter() throws {
        let result = try KataBinary.run(["check", "1", "--filter", " "], in: try KataBinary.repository())
        #expect(result.status == 64)
        #expect(result.errors.contains("--filter needs a pattern"))
    }

    @Test("every command's help explains it with an example", arguments: ["list", "show", "check", "verify", "new"])
    func help(command: String) throws {
        let result = try KataBinary.run([command, "--help"], in: try KataBinary.repository())
        #expect(result.status == 0)
        #expect(result.output.contains("Example"))
        #expect(result.output.contains("kata \(command)"))
    }

    @Test("--repeat outside 1…10000 and an unknown sanitizer are refused", arguments: [["--repeat", "0"], ["--repeat", "many"], ["--sanitize", "memory"]])
    func badRunOptions(arguments: [String]) throws {
        let result = try KataBinary.run(["check", "1"] + arguments, in: try KataBinary.repository())
        #expect(result.status == 64)
        #expect(result.errors.contains(arguments[0]))
    }
}
