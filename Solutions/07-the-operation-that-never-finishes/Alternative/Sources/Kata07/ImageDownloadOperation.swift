import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Fetches the bytes of one image.
protocol ImageLoading {
    func loadImage(from url: URL, completion: @escaping (Result<Data, Error>) -> Void)
}

/// The production loader: one `URLSession` data task per image.
struct NetworkImageLoader: ImageLoading {
    struct BadStatus: Error, Equatable {
        let code: Int
    }

    var session: URLSession = .shared

    func loadImage(from url: URL, completion: @escaping (Result<Data, Error>) -> Void) {
        session.dataTask(with: url) { data, response, error in
            if let error {
                completion(.failure(error))
            } else if let http = response as? HTTPURLResponse, !(200..<300).contains(http.statusCode) {
                completion(.failure(BadStatus(code: http.statusCode)))
            } else {
                completion(.success(data ?? Data()))
            }
        }.resume()
    }
}

/// Downloads one photo of an album, as an asynchronous `Operation`.
///
/// Its state is two `Bool`s, each with its own key-value notifications, kept on a private
/// serial queue instead of behind a lock. Every read is a `sync` on that queue; every write
/// is announced with `willChangeValue` / `didChangeValue` *outside* it, because whoever hears
/// the notification reads the property back at once, and a read from inside the queue's own
/// block would deadlock.
final class ImageDownloadOperation: Operation, @unchecked Sendable {
    let url: URL
    private let loader: ImageLoading
    private let stateQueue = DispatchQueue(label: "ImageDownloadOperation.state")

    private var executing = false
    private var finished = false
    private var result: Result<Data, Error>?

    init(url: URL, loader: ImageLoading = NetworkImageLoader()) {
        self.url = url
        self.loader = loader
        super.init()
    }

    var imageData: Data? { stateQueue.sync { try? result?.get() } }
    var error: Error? {
        stateQueue.sync {
            guard case .failure(let error)? = result else { return nil }
            return error
        }
    }

    override var isAsynchronous: Bool { true }
    override var isExecuting: Bool { stateQueue.sync { executing } }
    override var isFinished: Bool { stateQueue.sync { finished } }

    override func start() {
        guard !isCancelled else {
            markFinished()  // a cancelled operation never executes, but it must finish
            return
        }
        setExecuting(true)
        loader.loadImage(from: url) { result in
            let isFirstAnswer = self.stateQueue.sync { () -> Bool in
                guard self.result == nil else { return false }  // a second answer changes nothing
                self.result = result
                return true
            }
            guard isFirstAnswer else { return }
            self.setExecuting(false)
            self.markFinished()
        }
    }

    private func setExecuting(_ newValue: Bool) {
        willChangeValue(forKey: "isExecuting")
        stateQueue.sync { executing = newValue }
        didChangeValue(forKey: "isExecuting")
    }

    private func markFinished() {
        let alreadyFinished = stateQueue.sync { finished }
        guard !alreadyFinished else { return }  // a loader that calls back twice finishes once
        willChangeValue(forKey: "isFinished")
        stateQueue.sync { finished = true }
        didChangeValue(forKey: "isFinished")
    }
}
