import Testing
@testable import Kata18

/// A placeholder from `kata new`: it fails against the starter and passes against the
/// reference solution, the two rules `kata verify` checks. Replace it with the kata's tests.
@Suite("Placeholder")
struct PlaceholderTests {
    @Test("the placeholder answers as the solution does")
    func placeholder() {
        #expect(placeholderAnswer() == "solved", "A placeholder from `kata new`: replace it with the kata's own tests and starter.")
    }
}
