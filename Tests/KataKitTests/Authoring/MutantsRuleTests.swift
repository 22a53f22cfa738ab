import Foundation
import Testing

@testable import KataKit

@Suite("kata verify --mutants: an equivalent mutant's reason")
struct MutantsRuleTests {
    static let readme = KataVerifier.normalized(
        """
        ## Your task

        How many times it retries before it gives up is **yours to choose**,
        as long as it stops.
        """)

    @Test("\"No behaviour differs\" with its why, or a quote the README holds word for word, however wrapped")
    func acceptedReasons() {
        #expect(
            KataVerifier.reasonProblem("No behaviour differs: both set flags nothing reads yet.", readme: Self.readme)
                == nil)
        #expect(
            KataVerifier.reasonProblem(
                "The README leaves it open:\n\n> How many times it retries before it gives up\n> is yours to choose",
                readme: Self.readme) == nil)
        // Two quotes apart, each word for word, though not one after the other in the README.
        #expect(
            KataVerifier.reasonProblem("> is yours to choose\n\n> How many times it retries", readme: Self.readme)
                == nil)
    }

    @Test("a reason that neither says so nor quotes, or quotes what the README does not say: named")
    func refusedReasons() {
        #expect(
            KataVerifier.reasonProblem("It seems fine to me.", readme: Self.readme)?.contains(
                "neither says \"No behaviour differs\" nor quotes") == true)
        #expect(
            KataVerifier.reasonProblem("> it may retry for ever", readme: Self.readme)?.contains(
                "which the README does not say word for word") == true)
        // Each quote is held to the README: one that holds does not excuse one that does not.
        #expect(
            KataVerifier.reasonProblem("> is yours to choose\n\n> it may retry for ever", readme: Self.readme)?
                .contains("it quotes \"it may retry for ever\"") == true)
    }
}
