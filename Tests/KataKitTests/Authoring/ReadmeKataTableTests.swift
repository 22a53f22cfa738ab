import Testing

@testable import KataKit

@Suite("The README's kata table")
struct ReadmeKataTableTests {
    static let readme = """
        # Katas

        | # | Kata | What you do | Patterns | Min |
        |---|---|---|---|---|
        | 01 | [One](Katas/01-one/README.md) | First. | fake | 25 |
        | 03 | [Three](Katas/03-three/README.md) | Third. | spy | 30 |

        ## Next section
        """

    func metadata(_ number: Int, title: String = "Retry | wait", summary: String = "Retry without waiting.")
        -> KataMetadata
    {
        KataMetadata(
            number: number, title: title, slug: "retry-wait", patterns: ["virtual time", "fake"], seed: "s",
            minutes: 30, difficulty: .intermediate, summary: summary, hints: ["a", "b"]
        )
    }

    @Test("the row goes in number order, with pipes escaped")
    func inOrder() throws {
        let updated = try #require(ReadmeKataTable.adding(metadata(2), folder: "02-retry-wait", to: Self.readme))
        let rows = updated.split(separator: "\n").filter { $0.hasPrefix("| 0") }
        #expect(
            rows == [
                "| 01 | [One](Katas/01-one/README.md) | First. | fake | 25 |",
                "| 02 | [Retry \\| wait](Katas/02-retry-wait/README.md) | Retry without waiting. | virtual time, fake | 30 |",
                "| 03 | [Three](Katas/03-three/README.md) | Third. | spy | 30 |",
            ])
        #expect(updated.hasSuffix("| 30 |\n\n## Next section"))
    }

    @Test("a kata numbered after the others ends the table")
    func last() throws {
        let updated = try #require(ReadmeKataTable.adding(metadata(5), folder: "05-retry-wait", to: Self.readme))
        #expect(
            updated.contains("| 03 | [Three](Katas/03-three/README.md) | Third. | spy | 30 |\n| 05 | [Retry \\| wait]"))
    }

    @Test("no table, or the kata already in it: nothing to add")
    func nothingToAdd() {
        #expect(ReadmeKataTable.adding(metadata(2), folder: "02-retry-wait", to: "# Katas\n\nNo table here.\n") == nil)
        #expect(ReadmeKataTable.adding(metadata(3), folder: "03-three", to: Self.readme) == nil)
    }
}
