import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Downloads one photo of an album.
///
/// The album screen puts one of these per photo on an `OperationQueue`, so it can cap how many
/// downloads run at once, cancel the ones the user scrolled away from, and chain work after them:
/// a `BlockOperation` that saves the album for offline use depends on every download, and each
/// download's `completionBlock` updates the photo's cell.
final class ImageDownloadOperation: Operation, @unchecked Sendable {
    enum DownloadError: Error, Equatable {
        case badStatus(Int)
        case emptyBody
    }

    private enum State {
        case ready
        case executing
        case finished
    }

    let url: URL
    private(set) var imageData: Data?
    private(set) var error: Error?

    private var state: State = .ready

    init(url: URL) {
        self.url = url
        super.init()
    }

    // The download runs on URLSession's threads, so `start()` returns long before it is done.
    override var isAsynchronous: Bool { true }
    override var isExecuting: Bool { state == .executing }
    override var isFinished: Bool { state == .finished }

    override func start() {
        if isCancelled {
            state = .finished
            return
        }
        state = .executing

        URLSession.shared.dataTask(with: url) { data, response, error in
            if let error = error {
                self.error = error
            } else if let http = response as? HTTPURLResponse, !(200..<300).contains(http.statusCode) {
                self.error = DownloadError.badStatus(http.statusCode)
            } else if let data = data, !data.isEmpty {
                self.imageData = data
            } else {
                self.error = DownloadError.emptyBody
            }
            self.state = .finished
        }.resume()
    }
}
