import Foundation

/// Downloads one photo of an album. This is the operation from kata 07, already fixed: it gets
/// its bytes from an injected `ImageLoading`, keeps its state behind a lock, and announces every
/// change with `willChangeValue`/`didChangeValue(forKey:)` for "isExecuting" and "isFinished",
/// so the queue, its dependents and its `completionBlock` all learn when it is done.
///
/// You should not need to change this file in kata 08.
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
            self.finish(with: result)
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
