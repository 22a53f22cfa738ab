import Testing

@testable import KataKit

@Suite("The katas list of the root Package.swift")
struct ManifestKataListTests {
    static let manifest = """
        // swift-tools-version:6.0
        let katas: [Kata] = [
            Kata("01-a", .v5),
            Kata("03-c", .v5, linuxDependencies: [
                .product(name: "X", package: "X"),
            ]),
            Kata("04-d", .v6),
        ]

        let package = Package(name: "P", targets: [])
        """

    @Test("a new kata goes in number order, indented like the others, and nothing else changes")
    func inOrder() throws {
        let middle = try ManifestKataList.inserting(#"Kata("02-b", .v6),"#, number: 2, into: Self.manifest)
        #expect(
            middle
                == Self.manifest.replacingOccurrences(
                    of: "    Kata(\"03-c\"", with: "    Kata(\"02-b\", .v6),\n    Kata(\"03-c\""))
        let last = try ManifestKataList.inserting(#"Kata("05-e", .v6),"#, number: 5, into: Self.manifest)
        #expect(last.contains("    Kata(\"04-d\", .v6),\n    Kata(\"05-e\", .v6),\n]\n"))
        let empty = try ManifestKataList.inserting(
            #"Kata("01-a", .v6),"#, number: 1, into: "let katas: [Kata] = [\n]\n")
        #expect(empty == "let katas: [Kata] = [\n    Kata(\"01-a\", .v6),\n]\n")
    }

    @Test("a number already listed and a missing list are problems, not guesses")
    func problems() {
        #expect(
            throws: ManifestKataList.Problem.numberListed(line: 4, entry: #"Kata("03-c", .v5, linuxDependencies: ["#)
        ) {
            try ManifestKataList.inserting(#"Kata("03-x", .v6),"#, number: 3, into: Self.manifest)
        }
        #expect(throws: ManifestKataList.Problem.listNotFound) {
            try ManifestKataList.inserting(
                #"Kata("01-a", .v6),"#, number: 1, into: "let package = Package(name: \"P\", targets: [])\n")
        }
        #expect(throws: ManifestKataList.Problem.listNotFound) {
            try ManifestKataList.inserting(
                #"Kata("01-a", .v6),"#, number: 1, into: "let katas: [Kata] = [\n    Kata(\"01-a\", .v6),\n")
        }
    }
}
