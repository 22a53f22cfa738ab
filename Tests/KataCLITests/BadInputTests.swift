import Foundation
import Testing

extension EndToEnd {
    /// What thirty learners doing unexpected things at once will do: each row breaks a copy of the
    /// fixture repository (or types something odd) and expects a clear message on standard error,
    /// what was wrong and what to do, with an exit code scripts can tell apart; never a stack trace.
    @Suite("kata, bad input")
    struct BadInputTests {
        static let readme = BadInputCase.readme2

        static let cases: [BadInputCase] = [
            // Bad arguments: 64.
            .init(
                name: "an unknown kata number", arguments: ["check", "17"], status: 64,
                problem: ["error: There is no kata '17'. The katas are 01 to 04."],
                advice: ["`kata list` shows them all"]),
            .init(
                name: "an unknown slug", arguments: ["show", "no-such-kata"], status: 64,
                problem: ["There is no kata 'no-such-kata'."],
                advice: ["Name one by number or slug, e.g. `kata check 1`"]),
            .init(
                name: "a slug that climbs out of Katas/", arguments: ["show", "../../etc/passwd"], status: 64,
                problem: ["There is no kata '../../etc/passwd'."], advice: ["`kata list` shows them all"]),
            .init(
                name: "an absolute path for a kata", arguments: ["hint", "/etc/passwd"], status: 64,
                problem: ["There is no kata '/etc/passwd'."], advice: ["`kata list` shows them all"]),
            .init(
                name: "an unknown command", arguments: ["frobnicate"], status: 64,
                problem: ["Unexpected argument 'frobnicate'"], advice: ["See 'kata --help'"]),
            .init(
                name: "an unknown option", arguments: ["check", "1", "--fast"], status: 64,
                problem: ["Unknown option '--fast'"], advice: ["See 'kata check --help'"]),
            .init(
                name: "an empty --filter", arguments: ["check", "1", "--filter", " "], status: 64,
                problem: ["--filter needs a pattern"], advice: ["e.g. --filter loads"]),
            .init(
                name: "--repeat 0", arguments: ["check", "1", "--repeat", "0"], status: 64,
                problem: ["--repeat takes a number of runs from 1 to 10000"], advice: ["e.g. --repeat 200"]),
            .init(
                name: "--repeat that is not a number", arguments: ["check", "1", "--repeat", "many"], status: 64,
                problem: ["The value 'many' is invalid for '--repeat <N>'"], advice: ["See 'kata check --help'"]),
            .init(
                name: "an unknown sanitizer", arguments: ["check", "1", "--sanitize", "memory"], status: 64,
                problem: ["The value 'memory' is invalid"],
                advice: ["Please provide one of 'thread', 'address' or 'undefined'."]),
            .init(
                name: "--timeout 0", arguments: ["check", "1", "--timeout", "0"], status: 64,
                problem: ["--timeout takes a number of seconds from 1 to 86400"], advice: ["e.g. --timeout 900"]),
            .init(
                name: "--verbose with --format json", arguments: ["check", "1", "--verbose", "--format", "json"],
                status: 64,
                problem: ["--verbose and --format json cannot be combined"], advice: ["Leave out one of them"]),
            .init(
                name: "a spoiler without a terminal to ask", arguments: ["solution", "2"], status: 64,
                problem: ["Kata 02 has not passed yet", "there is no terminal to ask"],
                advice: ["Pass --yes to show it anyway"]),
            .init(
                name: "a reset without a terminal to confirm", arguments: ["reset", "2"],
                setup: BadInputCase.append(
                    Array("// changed\n".utf8), to: "Katas/02-failing-kata/Sources/Kata02/Greeter.swift"), status: 64,
                problem: ["cannot ask you to confirm here (not a terminal)"], advice: ["Run `kata reset 2 --yes`"]),
            .init(
                name: "a test filter that matches nothing",
                arguments: ["check", "2", "--filter", "nothingMatchesThis"], status: 64,
                problem: ["No test of Kata 02 · Fix the greeting matches --filter 'nothingMatchesThis'."],
                advice: ["Pass part of a test's name", "or leave --filter out"], messageOnOutput: true),

            // No repository: 66.
            .init(
                name: "kata run outside any repository", arguments: ["list"], folder: .elsewhere, status: 66,
                problem: ["error: No kata repository (a folder with a Package.swift and a Katas folder) found in"],
                advice: ["pass its folder with --root PATH"]),
            .init(
                name: "--root that is not a repository", arguments: ["list", "--root", "/"], status: 66,
                problem: ["error: / is not a kata repository: it needs a Package.swift and a Katas folder."],
                advice: ["Pass the folder you cloned dispatch-katas into"]),
            .init(
                name: "--root that does not exist", arguments: ["list", "--root", "/no/such/folder"], status: 66,
                problem: ["/no/such/folder is not a kata repository"],
                advice: ["Pass the folder you cloned dispatch-katas into"]),
            .init(
                name: "--root that climbs out of the repository", arguments: ["list", "--root", "Katas/../.."],
                status: 66,
                problem: ["is not a kata repository"], advice: ["Pass the folder you cloned dispatch-katas into"]),
            .init(
                name: "the Katas folder deleted", arguments: ["list"], setup: BadInputCase.remove("Katas"), status: 66,
                problem: ["No kata repository (a folder with a Package.swift and a Katas folder) found"],
                advice: ["--root PATH"]),

            // A broken kata: 65, with the file, the line and the field.
            .init(
                name: "a kata folder half deleted: no README", arguments: ["check", "2"],
                setup: BadInputCase.remove(readme), status: 65,
                problem: ["Katas/02-failing-kata has no README.md."],
                advice: ["`git checkout -- Katas/02-failing-kata/README.md`"]),
            .init(
                name: "an empty kata folder", arguments: ["check", "5"],
                setup: BadInputCase.makeFolder("Katas/05-empty-kata"), status: 65,
                problem: ["Katas/05-empty-kata is empty: the kata's README.md, code and tests are missing."],
                advice: ["`git checkout -- Katas/05-empty-kata`", "or remove the empty folder"]),
            .init(
                name: "an empty kata folder does not hide the others", arguments: ["list"],
                setup: BadInputCase.makeFolder("Katas/05-empty-kata"), status: 65,
                problem: ["Katas/05-empty-kata is empty"], advice: ["`git checkout -- Katas/05-empty-kata`"],
                output: ["01  Already solved", "04  Tame the flaky test"]),
            .init(
                name: "a README without front matter", arguments: ["show", "2"],
                setup: BadInputCase.write("# Kata 02\n\nJust text.\n", to: readme), status: 65,
                problem: ["Katas/02-failing-kata/README.md:1: the README does not start with front matter"],
                advice: ["AUTHORING.md", "`git checkout -- Katas/02-failing-kata/README.md`"]),
            .init(
                name: "an empty README", arguments: ["show", "2"], setup: BadInputCase.write("", to: readme),
                status: 65,
                problem: ["README.md:1: the README does not start with front matter"],
                advice: ["`git checkout -- Katas/02-failing-kata/README.md`"]),
            .init(
                name: "front matter never closed", arguments: ["show", "2"],
                setup: BadInputCase.edit(readme, replacing: "---\n# Kata 02", with: "# Kata 02"), status: 65,
                problem: ["README.md:1: the README has front matter that is never closed"],
                advice: ["add a line `---` after the last field"]),
            .init(
                name: "malformed YAML", arguments: ["show", "2"],
                setup: BadInputCase.edit(
                    readme, replacing: "title: Fix the greeting", with: "title: [Fix, the greeting"), status: 65,
                problem: [
                    "README.md:4: the README has front matter that is not valid YAML: did not find expected ',' or ']' (while parsing a flow sequence that starts on line 3)."
                ],
                advice: ["AUTHORING.md", "git checkout --"]),
            .init(
                name: "a missing field", arguments: ["show", "2"],
                setup: BadInputCase.edit(readme, replacing: "title: Fix the greeting\n", with: ""), status: 65,
                problem: ["README.md:2: the front matter has no 'title' field."],
                advice: ["Add `title: ...` between the `---` lines"]),
            .init(
                name: "a number where text was wanted", arguments: ["list"],
                setup: BadInputCase.edit(readme, replacing: "minutes: 10", with: "minutes: ten"), status: 65,
                problem: [
                    "error: Katas/02-failing-kata/README.md:7: front-matter field 'minutes' must be a whole number, not 'ten'."
                ],
                advice: ["AUTHORING.md describes every front-matter field"]),
            .init(
                name: "a list where one line of text was wanted", arguments: ["show", "2"],
                setup: BadInputCase.edit(readme, replacing: "title: Fix the greeting", with: "title: [Fix, greeting]"),
                status: 65,
                problem: ["README.md:3: front-matter field 'title' must be a single line of text."],
                advice: ["AUTHORING.md"]),
            .init(
                name: "a number out of range", arguments: ["show", "2"],
                setup: BadInputCase.edit(readme, replacing: "number: 2", with: "number: 100"), status: 65,
                problem: ["README.md:2: front-matter field 'number' must be between 1 and 99, not 100."],
                advice: ["AUTHORING.md"]),
            .init(
                name: "an unknown difficulty", arguments: ["show", "2"],
                setup: BadInputCase.edit(readme, replacing: "difficulty: beginner", with: "difficulty: expert"),
                status: 65,
                problem: [
                    "front-matter field 'difficulty' must be one of beginner, intermediate, advanced, not 'expert'."
                ], advice: ["AUTHORING.md"]),
            .init(
                name: "an unknown field", arguments: ["show", "2"],
                setup: BadInputCase.edit(readme, replacing: "minutes: 10", with: "minutes: 10\nduration: 10"),
                status: 65,
                problem: ["README.md:8: unknown front-matter field 'duration'."],
                advice: ["The fields are: number, title, slug"]),
            .init(
                name: "hints that are not a list", arguments: ["hint", "2"],
                setup: BadInputCase.edit(
                    readme, replacing: "hints:\n  - Look at `greeting(for:)`.\n  - It should say `Hello, \\(name)!`.",
                    with: "hints: Look at greeting."),
                status: 65, problem: ["front-matter field 'hints' must be a list"],
                advice: ["one `- item` per line or `[a, b]`"]),
            .init(
                name: "a hint that YAML reads as a mapping", arguments: ["hint", "2"],
                setup: BadInputCase.edit(
                    readme, replacing: "  - Look at `greeting(for:)`.", with: "  - Note: look at greeting."),
                status: 65,
                problem: ["README.md:11: item 1 of 'hints' reads as `key: value` because it contains ': '."],
                advice: ["Put the whole item in double quotes"]),
            .init(
                name: "an empty list of patterns", arguments: ["show", "2"],
                setup: BadInputCase.edit(readme, replacing: "patterns: [fixture, greeting]", with: "patterns: []"),
                status: 65,
                problem: ["front-matter field 'patterns' is an empty list."], advice: ["AUTHORING.md"]),
            .init(
                name: "a slug that is not a slug", arguments: ["show", "2"],
                setup: BadInputCase.edit(readme, replacing: "slug: failing-kata", with: "slug: Failing_Kata"),
                status: 65,
                problem: ["front-matter field 'slug' must be lower-case letters, digits and single dashes"],
                advice: ["AUTHORING.md"]),
            .init(
                name: "a folder that disagrees with its front matter", arguments: ["show", "2"],
                setup: BadInputCase.edit(readme, replacing: "slug: failing-kata", with: "slug: other-kata"), status: 65,
                problem: ["so the folder should be Katas/02-other-kata."],
                advice: ["Make the folder name and the front matter's number and slug agree."]),
            .init(
                name: "two katas with one number", arguments: ["list"],
                setup: BadInputCase.all(
                    BadInputCase.write("", to: "Katas/02-second-kata/README.md"),
                    { repository in
                        let text = try String(
                            contentsOf: repository.appendingPathComponent(BadInputCase.readme2), encoding: .utf8)
                        try Data(text.replacingOccurrences(of: "slug: failing-kata", with: "slug: second-kata").utf8)
                            .write(to: repository.appendingPathComponent("Katas/02-second-kata/README.md"))
                    }
                ), status: 65,
                problem: ["Katas/02-failing-kata and Katas/02-second-kata both have the number 02."],
                advice: ["Give each kata its own number"]),
            .init(
                name: "a README that is not UTF-8", arguments: ["show", "2"],
                setup: BadInputCase.append([0x0A, 0x63, 0x61, 0x66, 0xE9, 0x0A], to: readme), status: 65,
                problem: ["Katas/02-failing-kata/README.md:34: byte 4 of the line is not UTF-8 text"],
                advice: ["Save the file as UTF-8 in your editor", "`git checkout -- Katas/02-failing-kata/README.md`"]),
            .init(
                name: "a SOLUTION.md that is not UTF-8", arguments: ["site"],
                setup: BadInputCase.append([0xFF, 0xFE], to: "Solutions/02-failing-kata/SOLUTION.md"), status: 65,
                problem: ["Solutions/02-failing-kata/SOLUTION.md:", "is not UTF-8 text"],
                advice: ["Save the file as UTF-8"]),
            .init(
                name: "a SOLUTION.md deleted", arguments: ["site"],
                setup: BadInputCase.remove("Solutions/02-failing-kata/SOLUTION.md"), status: 65,
                problem: ["Solutions/02-failing-kata/SOLUTION.md is missing."],
                advice: ["Every kata needs a SOLUTION.md"]),
            .init(
                name: "a broken link in a kata README", arguments: ["site"],
                setup: BadInputCase.append(Array("\nSee [kata 9](../09-missing/README.md).\n".utf8), to: readme),
                status: 65,
                problem: [
                    "Katas/02-failing-kata/README.md:34: links to Katas/09-missing/README.md, which does not exist."
                ],
                advice: ["Fix the link, then run `kata site` again; the site was not changed."]),
            .init(
                name: "a javascript: link in a kata README", arguments: ["site"],
                setup: BadInputCase.append(Array("\n[click](javascript:alert(1))\n".utf8), to: readme), status: 65,
                problem: ["README.md:34: has a `javascript:…` link, which the site never publishes."],
                advice: ["Fix the link"]),
            .init(
                name: "an image from another site", arguments: ["site"],
                setup: BadInputCase.append(Array("\n![tracker](https://example.com/pixel.png)\n".utf8), to: readme),
                status: 65,
                problem: ["README.md:34: shows the image 'https://example.com/pixel.png' from elsewhere"],
                advice: ["Link to it instead"]),
            .init(
                name: "a kata package that does not parse", arguments: ["check", "2"],
                setup: BadInputCase.write(
                    "// swift-tools-version:6.0\nimport PackageDescription\nlet package = Package(name: 1 +\n",
                    to: "Katas/02-failing-kata/Package.swift"),
                status: 65,
                problem: [
                    "Katas/02-failing-kata/Package.swift is broken, so SwiftPM cannot load the kata: line 4: expected expression"
                ],
                advice: ["`kata reset 2 --tests-only` puts back the shipped Package.swift"]),
            .init(
                name: "a kata without its Package.swift", arguments: ["check", "2"],
                setup: BadInputCase.remove("Katas/02-failing-kata/Package.swift"), status: 65,
                problem: ["Katas/02-failing-kata/Package.swift is missing"], advice: ["`kata reset 2 --tests-only`"]),
            .init(
                name: "the learner's file deleted", arguments: ["check", "2"],
                setup: BadInputCase.remove("Katas/02-failing-kata/Sources/Kata02/Greeter.swift"), status: 65,
                problem: ["Katas/02-failing-kata/Sources/Kata02 has no Swift files: the kata's code is missing."],
                advice: ["`kata reset 2` brings back the starter code"]),
            .init(
                name: "the kata's tests deleted", arguments: ["check", "2"],
                setup: BadInputCase.remove("Katas/02-failing-kata/Tests"), status: 65,
                problem: ["Katas/02-failing-kata/Tests/Kata02Tests has no Swift files: the kata's tests are missing."],
                advice: ["`kata reset 2 --tests-only` brings back the shipped tests"]),
            .init(
                name: "a damaged shipped record", arguments: ["reset", "2", "--yes"],
                setup: BadInputCase.write("{ not json", to: "Katas/02-failing-kata/.shipped.json"), status: 65,
                problem: ["Katas/02-failing-kata/.shipped.json is damaged"],
                advice: ["`git checkout -- Katas/02-failing-kata/.shipped.json`"]),

            // A missing tool: 69.
            .init(
                name: "swift missing from PATH", arguments: ["check", "1"], environment: ["PATH": "/nonexistent"],
                status: 69,
                problem: ["error: The `swift` command was not found on your PATH"],
                advice: ["make sure `swift --version` works"]),
            .init(
                name: "diff missing from PATH", arguments: ["solution", "1", "--yes"],
                environment: ["PATH": "/nonexistent"], status: 69,
                problem: ["The `diff` command was not found on your PATH"], advice: ["apt install diffutils"]),

            // Files that cannot be written: 74, or a warning when nothing is lost.
            .init(
                name: "a progress folder that is a file: the hint still shows", arguments: ["hint", "2"],
                setup: BadInputCase.write("in the way", to: ".kata"), status: 0,
                problem: [
                    "warning: Could not save your progress", "File exists: something of that name is in the way",
                ],
                advice: ["Your code is untouched"], output: ["Hint 1 of 2 · Kata 02 · Fix the greeting"]),
            .init(
                name: "a progress file that is a folder", arguments: ["hint", "2"],
                setup: BadInputCase.makeFolder(".kata/state.json"), status: 0,
                problem: ["warning: Could not save your progress", "a folder is in the way where a file should be"],
                advice: ["Your code is untouched"], output: ["Hint 1 of 2"]),
            .init(
                name: "a corrupt progress file is set aside, not fatal", arguments: ["list"],
                setup: BadInputCase.write("{ \"version\": 1, \"katas\": [", to: ".kata/state.json"), status: 0,
                problem: ["warning: Your progress file state.json was damaged"],
                advice: ["moved to state.json.corrupt and progress starts afresh"],
                output: ["02  Fix the greeting"]),
            .init(
                name: "progress on a full disk", arguments: ["hint", "2"], fullDisk: true, status: 0,
                problem: ["warning: Could not save your progress", "the disk is full"],
                advice: ["Your code is untouched"], output: ["Hint 1 of 2"]),
            .init(
                name: "a reset whose backup cannot be written", arguments: ["reset", "2", "--yes"],
                setup: BadInputCase.all(
                    BadInputCase.write("in the way", to: ".kata"),
                    BadInputCase.append(
                        Array("// mine\n".utf8), to: "Katas/02-failing-kata/Sources/Kata02/Greeter.swift")),
                status: 74,
                problem: [
                    "Could not save a backup of Katas/02-failing-kata", "a file is in the way where a folder should be",
                ],
                advice: ["Nothing was reset and your files are untouched."]),
            .init(
                name: "the site on a full disk", arguments: ["site"], fullDisk: true, status: 74,
                problem: ["Could not write the new site", "the disk is full"],
                advice: ["Free some disk space", "The previous site is untouched."]),
        ]

        @Test("a clear message and exit code", arguments: cases)
        func badInput(_ row: BadInputCase) throws {
            let result = try row.run()
            #expect(result.status == row.status, "\(row.name): exit \(result.status)\n\(result.errors)")
            let message = row.messageOnOutput ? result.output : result.errors
            for fragment in row.problem + row.advice {
                #expect(message.contains(fragment), "\(row.name): no '\(fragment)' in:\n\(message)")
            }
            for fragment in row.output {
                #expect(
                    result.output.contains(fragment), "\(row.name): no '\(fragment)' in the output:\n\(result.output)")
            }
            // Never a stack trace or a crash report.
            for sign in [
                "Fatal error", "Stack dump", "Current stack trace", "Segmentation fault", "Illegal instruction",
            ] {
                #expect(!result.errors.contains(sign), "\(row.name): \(result.errors)")
            }
        }

        @Test("the table covers enough ground")
        func coverage() {
            #expect(Self.cases.count >= 30)
            #expect(Set(Self.cases.map(\.name)).count == Self.cases.count, "every row has a name of its own")
            #expect(Set(Self.cases.map(\.status)) == [0, 64, 65, 66, 69, 74])
        }

        @Test(
            "every command's help explains it with an example",
            arguments: ["list", "show", "hint", "check", "watch", "solution", "reset", "verify", "new", "ship", "site"])
        func help(command: String) throws {
            let result = try KataBinary.run([command, "--help"], in: try KataBinary.repository())
            #expect(result.status == 0)
            #expect(result.output.contains("Example"))
            #expect(result.output.contains("kata \(command)"))
        }
    }
}
