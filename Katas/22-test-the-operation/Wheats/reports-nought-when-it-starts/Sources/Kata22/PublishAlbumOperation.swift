import Foundation

/// Publishes an album: puts every photo online and collects their public links.
///
/// The album screen puts it on an `OperationQueue`, with a step that depends on it: a
/// `BlockOperation` that builds the album's web page from `links`. While it runs, `onProgress`
/// moves the progress bar, starting with "0 of N" as soon as it starts, so that the bar appears
/// before the first photo is online.
///
/// It is an asynchronous operation: `start()` hands the photos to the uploader and returns, and
/// the operation finishes later, when the last upload calls back. It tells the queue, and the step
/// that depends on it, with `willChangeValue(forKey:)` / `didChangeValue(forKey:)` for
/// "isExecuting" and "isFinished".
public final class PublishAlbumOperation: Operation, @unchecked Sendable {
    /// The album's photos, in the album's order.
    public let photos: [URL]
    private let uploader: PhotoUploading
    private let onProgress: (PublishProgress) -> Void

    // The state lives on a private serial queue: two flags instead of an enum, and every read and
    // write of them, and of the results, is a `sync` block on `stateQueue`.
    private let stateQueue = DispatchQueue(label: "journal.publish-album.state")
    private var executing = false
    private var finished = false
    private var linksByPosition: [URL?]
    private var storedLinks: [URL]?
    private var storedError: Error?

    // Reports are made one at a time, in order, on this serial queue, synchronously: each one has
    // been made by the time the upload that caused it returns.
    private let reportQueue = DispatchQueue(label: "journal.publish-album.reports")

    public init(
        photos: [URL], uploader: PhotoUploading, onProgress: @escaping (PublishProgress) -> Void = { _ in }
    ) {
        self.photos = photos
        self.uploader = uploader
        self.onProgress = onProgress
        self.linksByPosition = Array(repeating: nil, count: photos.count)
        super.init()
    }

    public var links: [URL]? { stateQueue.sync { storedLinks } }
    public var error: Error? { stateQueue.sync { storedError } }

    public override var isAsynchronous: Bool { true }
    public override var isExecuting: Bool { stateQueue.sync { executing } }
    public override var isFinished: Bool { stateQueue.sync { finished } }

    public override func start() {
        if isCancelled {
            finish(links: nil, error: nil)
            return
        }

        willChangeValue(forKey: "isExecuting")
        stateQueue.sync { executing = true }
        didChangeValue(forKey: "isExecuting")

        let total = photos.count
        reportQueue.sync { onProgress(PublishProgress(uploaded: 0, total: total)) }
        guard total > 0 else {
            finish(links: [], error: nil)
            return
        }
        for (position, photo) in photos.enumerated() where !isFinished {
            uploader.upload(photo) { result in
                self.uploadEnded(at: position, with: result)
            }
        }
    }

    private func uploadEnded(at position: Int, with result: Result<URL, Error>) {
        reportQueue.sync {
            enum Outcome {
                case ignore
                case failed(Error)
                case progressed(PublishProgress, allOnline: [URL]?)
            }
            let outcome: Outcome = stateQueue.sync {
                guard executing else { return .ignore }
                switch result {
                case .failure(let error):
                    return .failed(error)
                case .success(let link):
                    linksByPosition[position] = link
                    let online = linksByPosition.compactMap { $0 }
                    let progress = PublishProgress(uploaded: online.count, total: photos.count)
                    return .progressed(progress, allOnline: online.count == photos.count ? online : nil)
                }
            }
            switch outcome {
            case .ignore:
                break
            case .failed(let error):
                finish(links: nil, error: error)
            case .progressed(let progress, let allOnline):
                onProgress(progress)
                if let allOnline { finish(links: allOnline, error: nil) }
            }
        }
    }

    private func finish(links: [URL]?, error: Error?) {
        willChangeValue(forKey: "isExecuting")
        willChangeValue(forKey: "isFinished")
        stateQueue.sync {
            storedLinks = links
            storedError = error
            executing = false
            finished = true
        }
        didChangeValue(forKey: "isExecuting")
        didChangeValue(forKey: "isFinished")
    }
}
