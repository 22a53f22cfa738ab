import Foundation

/// Publishes an album: puts every photo online and collects their public links.
///
/// The album screen puts it on an `OperationQueue`, with a step that depends on it: a
/// `BlockOperation` that builds the album's web page from `links`. While it runs, `onProgress`
/// moves the progress bar.
///
/// It is an asynchronous operation: `start()` hands the photos to the uploader and returns, and
/// the operation finishes later, when the last upload calls back. It tells the queue, and the step
/// that depends on it, with `willChangeValue(forKey:)` / `didChangeValue(forKey:)` for
/// "isExecuting" and "isFinished".
///
/// `@unchecked Sendable` is inherited from `Operation`; the locks below are what make it true.
public final class PublishAlbumOperation: Operation, @unchecked Sendable {
    private enum State {
        case ready
        case executing
        case finished
    }

    /// The album's photos, in the album's order.
    public let photos: [URL]
    private let uploader: PhotoUploading
    private let onProgress: (PublishProgress) -> Void

    // The queue reads the state on its threads, while uploads end on others: every read and
    // write of these goes through `lock`.
    private let lock = NSLock()
    private var state: State = .ready
    private var linksByPosition: [URL?]
    private var uploadedCount = 0
    private var storedLinks: [URL]?
    private var storedError: Error?

    // Uploads may end on several threads at once. Each one counts, reports and maybe finishes
    // while holding `reporting`, so that the reports come one at a time and in order.
    private let reporting = NSLock()

    /// - Parameter onProgress: called after each photo is online, on the thread its upload ended on.
    public init(
        photos: [URL], uploader: PhotoUploading, onProgress: @escaping (PublishProgress) -> Void = { _ in }
    ) {
        self.photos = photos
        self.uploader = uploader
        self.onProgress = onProgress
        self.linksByPosition = Array(repeating: nil, count: photos.count)
        super.init()
    }

    /// One public link per photo, in the album's order, once every photo is online.
    public var links: [URL]? { locked { storedLinks } }
    /// The uploader's error, when an upload failed.
    public var error: Error? { locked { storedError } }

    public override var isAsynchronous: Bool { true }
    public override var isExecuting: Bool { locked { state == .executing } }
    public override var isFinished: Bool { locked { state == .finished } }

    public override func start() {
        // A queue starts cancelled operations too, so that it can retire them: finish at once.
        if isCancelled {
            finish(links: nil, error: nil)
            return
        }

        willChangeValue(forKey: "isExecuting")
        locked { state = .executing }
        didChangeValue(forKey: "isExecuting")

        guard !photos.isEmpty else {
            finish(links: [], error: nil)
            return
        }
        // Every photo at once: the uploader decides how many really go up side by side. An upload
        // may fail before `upload` returns; then the rest are not asked for.
        for (position, photo) in photos.enumerated() where !isFinished {
            uploader.upload(photo) { result in
                self.uploadEnded(at: position, with: result)
            }
        }
    }

    private func uploadEnded(at position: Int, with result: Result<URL, Error>) {
        reporting.lock()
        defer { reporting.unlock() }

        lock.lock()
        guard state == .executing else {
            lock.unlock()  // finished already, after a failure: this upload changes nothing
            return
        }
        let progress: PublishProgress
        var allOnline: [URL]?
        switch result {
        case .failure(let error):
            lock.unlock()
            finish(links: nil, error: error)
            return
        case .success(let link):
            linksByPosition[position] = link
            uploadedCount += 1
            progress = PublishProgress(uploaded: uploadedCount, total: photos.count)
            if uploadedCount == photos.count {
                allOnline = linksByPosition.map { $0! }
            }
        }
        lock.unlock()

        // The bar reaches the end when the album is published: the last step is reported once
        // the operation has finished.
        if let allOnline {
            finish(links: allOnline, error: nil)
        }
        onProgress(progress)
    }

    /// Stores the outcome and moves to `.finished`, telling observers around the change. The
    /// notifications go outside the lock: an observer reads `isFinished` at once, and `NSLock` is
    /// not re-entrant.
    private func finish(links: [URL]?, error: Error?) {
        willChangeValue(forKey: "isExecuting")
        willChangeValue(forKey: "isFinished")
        locked {
            storedLinks = links
            storedError = error
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
