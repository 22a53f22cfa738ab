import Foundation

/// What the upload screen shows.
public enum UploadState: Equatable, Sendable {
    case idle
    case uploading(progress: Double)
    case attached(URL)
    case failed(UploadError)
}

/// The "Attach photo" screen of the claims app: a progress bar while the
/// photo uploads, then a thumbnail linked to the claim, or an error.
///
/// Every event from the uploader reaches `state` through `scheduler`.
/// The app passes `DispatchQueue.main` (see the initializer below), so the
/// view only ever sees changes on the main queue; a test passes a scheduler
/// that runs the work at once, or when the test says so.
public final class PhotoUploadScreen<S: Scheduler>: ObservableObject {
    @Published public private(set) var state: UploadState = .idle

    private let uploader: PhotoUploading
    private let scheduler: S
    private var running: AnyCancellable?

    public init(uploader: PhotoUploading, scheduler: S) {
        self.uploader = uploader
        self.scheduler = scheduler
    }

    public func upload(_ photo: Photo) {
        state = .uploading(progress: 0)
        running = uploader.upload(photo)
            .receive(on: scheduler)
            .sink(
                receiveCompletion: { [weak self] completion in
                    if case .failure(let error) = completion {
                        self?.state = .failed(error)
                    }
                },
                receiveValue: { [weak self] event in
                    switch event {
                    case .progress(let fraction):
                        self?.state = .uploading(progress: fraction)
                    case .attached(let url):
                        self?.state = .attached(url)
                    }
                }
            )
    }

    public func cancel() {
        running?.cancel()
        state = .idle
    }
}

extension PhotoUploadScreen where S == DispatchQueue {
    /// The app's screen: delivers every event on the main queue.
    public convenience init(uploader: PhotoUploading) {
        self.init(uploader: uploader, scheduler: DispatchQueue.main)
    }
}
