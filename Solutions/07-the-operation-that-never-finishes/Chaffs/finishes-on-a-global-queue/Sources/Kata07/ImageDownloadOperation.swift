import Foundation

/// Downloads one photo of an album.
///
/// The album screen puts one of these per photo on an `OperationQueue`, so it can cap how many
/// downloads run at once, cancel the ones the user scrolled away from, and chain work after them:
/// a `BlockOperation` that saves the album for offline use depends on every download, and each
/// download's `completionBlock` updates the photo's cell.
///
/// An asynchronous operation owns its state, so it must tell whoever watches it (the queue, its
/// dependents, the machinery that runs `completionBlock`) when that state changes. It does so
/// with `willChangeValue(forKey:)` / `didChangeValue(forKey:)` for "isExecuting" and
/// "isFinished". Those calls are the only way the queue learns that the download is over.
///
/// `@unchecked Sendable` is inherited from `Operation`; the lock below is what makes it true.
final class ImageDownloadOperation: Operation, @unchecked Sendable {
    private enum State {
        case ready
        case executing
        case finished
    }

    let url: URL
    private let loader: ImageLoading

    // The queue reads `isExecuting` and `isFinished` from its own threads while the loader
    // finishes on another one: every read and write of these goes through `lock`.
    private let lock = NSLock()
    private var state: State = .ready
    private var storedImageData: Data?
    private var storedError: Error?

    init(url: URL, loader: ImageLoading = URLSessionImageLoader()) {
        self.url = url
        self.loader = loader
        super.init()
    }

    var imageData: Data? { locked { storedImageData } }
    var error: Error? { locked { storedError } }

    override var isAsynchronous: Bool { true }
    override var isExecuting: Bool { locked { state == .executing } }
    override var isFinished: Bool { locked { state == .finished } }

    override func start() {
        // A queue starts cancelled operations too, so that it can retire them. Finish at once,
        // with the notifications, or the queue waits for this operation forever.
        if isCancelled {
            finish(with: nil)
            return
        }

        willChangeValue(forKey: "isExecuting")
        locked { state = .executing }
        didChangeValue(forKey: "isExecuting")

        // `start()` returns right after this call; the download ends later, on any thread.
        loader.loadImage(from: url) { result in
            // Don't do the bookkeeping on the loader's (URLSession's) thread: finish on a global queue.
            DispatchQueue.global().async {
                self.finish(with: result)
            }
        }
    }

    /// Stores the result and moves to `.finished`, notifying observers around the change.
    /// The notifications are sent outside the lock: an observer reads `isFinished` at once, and
    /// `NSLock` is not re-entrant, so sending them while holding it would deadlock.
    private func finish(with result: Result<Data, Error>?) {
        guard !isFinished else { return }  // finish once, even if a loader calls back twice

        willChangeValue(forKey: "isExecuting")
        willChangeValue(forKey: "isFinished")
        locked {
            switch result {
            case .success(let data)?: storedImageData = data
            case .failure(let error)?: storedError = error
            case nil: break
            }
            state = .finished
        }
        didChangeValue(forKey: "isExecuting")
        didChangeValue(forKey: "isFinished")
    }

    private func locked<T>(_ body: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }
}
