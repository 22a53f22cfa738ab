import Foundation
import TestSupport
import Testing

extension EndToEnd {
    /// `kata mutate` on the tests fixture's kata: its shipped `TapCounter` dispatches each tap and
    /// tells `onChange`; the reference tests run against every mutant of it, built once.
    @Suite("Mutants of a kata's code, graded by its tests, end to end")
    struct MutateTests {
        @Test(
            "each mutant killed, let through or stillborn, with its id, operator and diff; the equivalent-mutants file counts and is checked"
        )
        func mutates() throws {
            let repository = try KataBinary.repository("tests-repository")

            let json = try KataBinary.run(["mutate", "1", "--format", "json"], in: repository)
            let object = try #require(
                try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any], "\(json.output)")
            let kata = try #require((object["katas"] as? [[String: Any]])?.first)
            #expect(kata["code"] as? String == "the shipped code")
            #expect(kata["problem"] is NSNull, "\(kata["problem"] ?? "")")
            let mutants = try #require(kata["mutants"] as? [[String: Any]])
            #expect(mutants.count >= 5, "run in place, dropped, swapped, deleted, twice, off by one: \(mutants.count)")
            let ids = mutants.compactMap { $0["id"] as? String }
            #expect(Set(ids).count == mutants.count, "ids are unique")
            let statuses = Set(mutants.compactMap { $0["status"] as? String })
            #expect(statuses.isSubset(of: ["killed", "timedOut", "crashed", "survived", "stillborn", "equivalent"]))
            for mutant in mutants where mutant["status"] as? String == "killed" {
                #expect(!((mutant["tests"] as? [String]) ?? []).isEmpty, "a kill names the tests: \(mutant)")
            }
            for mutant in mutants {
                let diff = mutant["diff"] as? String ?? ""
                #expect(diff.contains("--- a/TapCounter.swift") || diff.contains("--- a/Dispatching.swift"), "\(diff)")
                #expect(!(mutant["operator"] as? String ?? "").isEmpty)
                #expect((mutant["id"] as? String ?? "").hasPrefix((mutant["operator"] as? String ?? "?") + ":"))
            }
            // The shipped code counts a tap only when the dispatcher runs the work: run in place,
            // the reference tests (which hold the work) see the count too soon.
            let inPlace = mutants.first { $0["operator"] as? String == "run-in-place" }
            #expect(inPlace?["status"] as? String == "killed", "\(inPlace ?? [:])")
            let counted = object["counted"] as? Int ?? -1
            let killed = object["killed"] as? Int ?? -1
            #expect(json.status == (killed == counted ? 0 : 1))

            // kata verify --mutants holds the kata to it, and to the mutants of its correct versions
            // (`--alternative`): every mutant killed or listed (the fixture lists one).
            let others = try KataBinary.run(["mutate", "1", "--alternative", "--format", "json"], in: repository)
            let othersObject = try #require(
                try JSONSerialization.jsonObject(with: Data(others.output.utf8)) as? [String: Any], "\(others.output)")
            #expect(others.status == 0, "\(others.output)")
            let allKilled = killed + (othersObject["killed"] as? Int ?? -1)
            let allCounted = counted + (othersObject["counted"] as? Int ?? -1)
            let verified = try KataBinary.run(["verify", "1", "--mutants"], in: repository)
            #expect(verified.output.contains("✔ mutants killed \(allKilled)/\(allCounted)"), "\(verified.output)")
            // --mutants-only: that rule alone, each mutant once.
            let alone = try KataBinary.run(["verify", "1", "--mutants-only", "--mutant-runs", "1"], in: repository)
            #expect(alone.status == 0, "\(alone.output)")
            #expect(
                alone.output.contains("Count the taps  ✔ mutants killed \(allKilled)/\(allCounted)"), "\(alone.output)")
            #expect(!alone.output.contains("documents") && !alone.output.contains("reference tests"))

            // Judged on too few mutants, over all its designs, a kata fails the rule: the fixture's
            // front matter lowers the floor of 20 to 12; raised above what it has, verify says so.
            let readme = repository.appendingPathComponent("Katas/01-count-the-taps/README.md")
            let frontMatter = try String(contentsOf: readme, encoding: .utf8)
            try Fixtures.write(
                frontMatter.replacingOccurrences(of: "mutants-at-least: 12", with: "mutants-at-least: 999"), to: readme)
            let tooFew = try KataBinary.run(["verify", "1", "--mutants-only", "--mutant-runs", "1"], in: repository)
            #expect(tooFew.status == 1, "\(tooFew.output)")
            #expect(
                tooFew.output.contains("over its 3 designs, fewer than 999: the code the learner writes is too small"),
                "\(tooFew.output)")
            try Fixtures.write(frontMatter, to: readme)

            // Listed as equivalent, a mutant counts neither way; an id it no longer makes is named.
            // The one listed here is killed: the listing is flagged as one the tests outgrew.
            let listed = try #require(mutants.first { $0["status"] as? String == "killed" }?["id"] as? String)
            #expect(mutants.allSatisfy { $0["killedThoughListed"] as? Bool == false }, "nothing is listed yet")
            try Fixtures.write(
                "# Equivalent mutants\n\n## `\(listed)`\n\nNo behaviour differs: for this test only.\n\n"
                    + "## `delete-call:Gone.swift:gone:00000000`\n\nA mutant of code since removed.\n",
                to: repository.appendingPathComponent("Solutions/01-count-the-taps/EQUIVALENT-MUTANTS.md"))
            let text = try KataBinary.run(["mutate", "1", "--all"], in: repository)
            let refused = try KataBinary.run(["verify", "1", "--mutants"], in: repository)
            #expect(refused.status == 1)
            #expect(refused.output.contains("✘ mutants killed"), "\(refused.output)")
            #expect(
                refused.output.contains(
                    "lists `delete-call:Gone.swift:gone:00000000`, which kata mutate no longer makes"))
            #expect(
                refused.output.contains("neither says \"No behaviour differs\" nor quotes") == false,
                "its reason says so")
            #expect(text.status == 1, "a stale entry fails the run: \(text.output)")
            #expect(text.output.contains("mutants of the shipped code:"), "\(text.output)")
            #expect(text.output.contains("1 equivalent"))
            #expect(text.output.contains("equivalent  "), "--all lists it")
            #expect(
                text.output.contains("! `\(listed)` is listed as equivalent, yet it was killed by `"), "\(text.output)")
            let listedJSON = try KataBinary.run(["mutate", "1", "--format", "json"], in: repository)
            let relisted = try #require(
                ((try JSONSerialization.jsonObject(with: Data(listedJSON.output.utf8)) as? [String: Any])?["katas"]
                    as? [[String: Any]])?.first?["mutants"] as? [[String: Any]])
            let flagged = relisted.filter { $0["killedThoughListed"] as? Bool == true }.compactMap {
                $0["id"] as? String
            }
            #expect(flagged == [listed])
            #expect(relisted.first { $0["id"] as? String == listed }?["status"] as? String == "equivalent")
            #expect(
                text.output.contains(
                    "EQUIVALENT-MUTANTS.md lists `delete-call:Gone.swift:gone:00000000`, which kata mutate no longer makes"
                ))

            // A file kata cannot read: the line and what to write.
            try Fixtures.write(
                "## not an id\n\nreason\n",
                to: repository.appendingPathComponent("Solutions/01-count-the-taps/EQUIVALENT-MUTANTS.md"))
            let broken = try KataBinary.run(["mutate", "1"], in: repository)
            #expect(broken.status == 65, "\(broken.output)\(broken.errors)")
            #expect(
                broken.errors.contains("EQUIVALENT-MUTANTS.md, line 1: a heading names one mutant's id in backticks"))
        }

        /// `kata mutate --alternative`: the same tests judged on slips in the second design, with
        /// the alternative's own listings, which the reference's run never reads.
        @Test("--alternative mutates the second design against the same tests, with its own listings")
        func mutatesTheAlternative() throws {
            let repository = try KataBinary.repository("repository")
            try Fixtures.write(
                """
                public func greeting(for name: String) -> String {
                    guard !name.isEmpty else { return "Hello!" }
                    return "Hello, \\(name)!"
                }

                """,
                to: repository.appendingPathComponent(
                    "Solutions/01-passing-kata/Alternative/Sources/Kata01/Greeter.swift"))

            let json = try KataBinary.run(["mutate", "1", "--alternative", "--format", "json"], in: repository)
            let kata = try #require(
                ((try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])?["katas"]
                    as? [[String: Any]])?.first, "\(json.output)\(json.errors)")
            #expect(kata["code"] as? String == "the alternative solution")
            let mutants = try #require(kata["mutants"] as? [[String: Any]])
            let status = Dictionary(
                mutants.map { ($0["operator"] as? String ?? "", $0["status"] as? String ?? "") },
                uniquingKeysWith: { first, _ in first })
            // The tests greet "Ada" and "Grace": a negated guard greets them wrongly; a removed one
            // changes only the greeting of nobody, which no test asks for.
            #expect(status["negate-condition"] == "killed", "\(mutants)")
            #expect(status["remove-guard"] == "survived", "\(mutants)")
            #expect(json.status == 1)
            let survivor = try #require(mutants.first { $0["status"] as? String == "survived" }?["id"] as? String)
            // kata verify --mutants holds the alternative too, with or without a file of its own
            // (without one, it lists nothing), and says where to look.
            let alternativeFile = repository.appendingPathComponent(
                "Solutions/01-passing-kata/Alternative/EQUIVALENT-MUTANTS.md")
            try? FileManager.default.removeItem(at: alternativeFile)
            let letThrough = try KataBinary.run(
                ["verify", "1", "--mutants-only", "--mutant-runs", "1"], in: repository)
            #expect(letThrough.status == 1, "\(letThrough.output)")
            #expect(
                letThrough.output.contains("the alternative solution: 1 of \(mutants.count) mutants were let through"),
                "\(letThrough.output)")
            #expect(letThrough.output.contains("`kata mutate 1 --alternative` shows each as a diff"))

            try Fixtures.write(
                "# Equivalent mutants\n\n## `\(survivor)`\n\nNo behaviour differs that the README promises.\n",
                to: alternativeFile)
            let listed = try KataBinary.run(["mutate", "1", "--alternative"], in: repository)
            #expect(listed.status == 0, "\(listed.output)\(listed.errors)")
            #expect(listed.output.contains("mutants of the alternative solution:"), "\(listed.output)")
            #expect(listed.output.contains("1 equivalent"), "\(listed.output)")
            // Listed, it is let through no more; but one of the kata's two or three mutants is more
            // than one in five.
            let share = try KataBinary.run(["verify", "1", "--mutants-only", "--mutant-runs", "1"], in: repository)
            #expect(share.status == 1, "\(share.output)")
            #expect(!share.output.contains("let through"), "\(share.output)")
            #expect(share.output.contains("mutants are listed as equivalent; at most one in five may be"))
            // The reference's run reads only the reference's file: the alternative's listing is
            // neither stale there nor applied.
            let reference = try KataBinary.run(["mutate", "1"], in: repository)
            #expect(!reference.output.contains("no longer makes"), "\(reference.output)")
            #expect(!reference.output.contains("equivalent"), "\(reference.output)")

        }

        /// A tests kata's other designs are its correct versions: `--alternative` mutates each, only
        /// where it differs from the shipped code, against the reference tests, with the listings
        /// of `Solutions/NN-slug/Wheats/<name>/EQUIVALENT-MUTANTS.md`.
        @Test("--alternative on a tests kata mutates each correct version where it differs, with its own listings")
        func mutatesTheCorrectVersions() throws {
            let repository = try KataBinary.repository("tests-repository")
            let shipped = try KataBinary.run(["mutate", "1", "--format", "json"], in: repository)
            let shippedIDs = Set(
                try #require(
                    ((try JSONSerialization.jsonObject(with: Data(shipped.output.utf8)) as? [String: Any])?["katas"]
                        as? [[String: Any]])?.first?["mutants"] as? [[String: Any]]
                ).compactMap { $0["id"] as? String })

            let json = try KataBinary.run(["mutate", "1", "--alternative", "--format", "json"], in: repository)
            #expect(json.status == 0, "\(json.output)\(json.errors)")
            let katas = try #require(
                (try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])?["katas"]
                    as? [[String: Any]])
            #expect(
                katas.compactMap { $0["code"] as? String }
                    == ["the correct version `dispatches-twice`", "the correct version `keeps-a-history`"])
            let mutants = katas.flatMap { $0["mutants"] as? [[String: Any]] ?? [] }
            #expect(mutants.count >= 4, "\(mutants)")
            // Only the changes' mutants: the shipped code's own are graded with the shipped code.
            let ids = mutants.compactMap { $0["id"] as? String }
            #expect(shippedIDs.isDisjoint(with: ids), "\(ids)")
            // The second dispatch run in place is what the shipped code does: listed, with the
            // README's words that leave it open.
            let inPlace = try #require(
                mutants.first { $0["id"] as? String == "run-in-place:TapCounter.swift:TapCounter.tap:a5854df3" })
            #expect(inPlace["status"] as? String == "equivalent", "\(inPlace)")
            #expect((inPlace["why"] as? String ?? "").contains("how many pieces of work a tap hands the dispatcher"))

            // Without its listing, verify names the version, the mutant and where to look.
            try FileManager.default.removeItem(
                at: repository.appendingPathComponent("Solutions/01-count-the-taps/Wheats/dispatches-twice"))
            let letThrough = try KataBinary.run(
                ["verify", "1", "--mutants-only", "--mutant-runs", "1"], in: repository)
            #expect(letThrough.status == 1, "\(letThrough.output)")
            #expect(
                letThrough.output.contains("the correct version `dispatches-twice`: 1 of "), "\(letThrough.output)")
            #expect(letThrough.output.contains("`\(inPlace["id"] as? String ?? "?")` (survived)"))
            #expect(letThrough.output.contains("`kata mutate 1 --alternative` shows each as a diff"))
            #expect(
                letThrough.output.contains("Solutions/01-count-the-taps/Wheats/dispatches-twice/EQUIVALENT-MUTANTS.md"))

            // A correct version takes the freedoms the README leaves open, so its listings are not
            // held to the one-in-five share (the shipped code's are): with every mutant of both
            // versions listed, more than one in five of the kata's, verify still passes.
            for (version, kata) in zip(["dispatches-twice", "keeps-a-history"], katas) {
                let listings = (kata["mutants"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }.map {
                    "## `\($0)`\n\nNo behaviour differs: for this test only.\n"
                }
                try Fixtures.write(
                    "# Equivalent mutants\n\n" + listings.joined(separator: "\n"),
                    to: repository.appendingPathComponent(
                        "Solutions/01-count-the-taps/Wheats/\(version)/EQUIVALENT-MUTANTS.md"))
            }
            let allListed = try KataBinary.run(["verify", "1", "--mutants-only", "--mutant-runs", "1"], in: repository)
            #expect(allListed.status == 0, "\(allListed.output)")
            #expect(!allListed.output.contains("at most one in five"), "\(allListed.output)")

            // A tests kata with no correct version has nothing else to mutate, and kata says so.
            try FileManager.default.removeItem(at: repository.appendingPathComponent("Katas/01-count-the-taps/Wheats"))
            let none = try KataBinary.run(["mutate", "1", "--alternative"], in: repository)
            #expect(none.status == 64, "\(none.output)\(none.errors)")
            #expect(none.errors.contains("has no other correct design to mutate"), "\(none.errors)")
        }
    }
}
