import Foundation
import Kata21
import XCTest

// Your tests go here, in this file or in others beside it in Tests/Kata21Tests. So do the test
// doubles they need: a directory that answers when the test says so, a way to drain the callback
// queue. Test through the public API only: `import Kata21`, never `@testable`.

final class AddressLookupTests: XCTestCase {
    /// An example: a malformed postcode completes with `.malformedPostcode`.
    /// It passes on every version of the lookup, and catches none of their bugs.
    func test_example_aMalformedPostcode_completesWithMalformedPostcode() {
        // Given a lookup (with the app's own directory: a malformed postcode is never sent to it)
        let lookup = AddressLookup()
        let completed = expectation(description: "completion ran for a malformed postcode")
        var result: Result<[Address], LookupError>?

        // When the customer types something that is not a postcode
        lookup.lookUp("not a postcode") {
            result = $0
            completed.fulfill()
        }

        // Then the form hears back that it is malformed
        wait(for: [completed], timeout: 1)
        XCTAssertEqual(result, .failure(.malformedPostcode))
    }
}
