import Foundation
import Kata22
import Testing

// Your tests go here, in this file or in others beside it in Tests/Kata22Tests. So do the test
// doubles they need: an uploader that ends each upload when the test says so, a step that depends
// on the operation. Test through the public API only: `import Kata22`, never `@testable`.

@Suite("PublishAlbumOperation")
struct PublishAlbumOperationTests {
    @Test("example: an operation that has not started is neither executing nor finished, and has no links")
    func exampleBeforeStart() {
        // Given an album of two photos (the app's own uploader: the operation never starts here)
        let album = ["harbour", "tram"].map { URL(fileURLWithPath: "/journal/lisbon/\($0).jpg") }

        // When the operation is created
        let publish = PublishAlbumOperation(photos: album, uploader: URLSessionPhotoUploader())

        // Then it waits: nothing runs until a queue, or a test, calls start()
        #expect(!publish.isExecuting)
        #expect(!publish.isFinished)
        #expect(publish.links == nil)
        #expect(publish.photos == album)
    }
}
