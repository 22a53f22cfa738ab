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
/// The view observes `state`; it must only ever change on the main queue.
public final class PhotoUploadScreen: ObservableObject {
    @Published public private(set) var state: UploadState = .idle

    private let uploader: PhotoUploading
    private var running: AnyCancellable?

    public init(uploader: PhotoUploading) {
        self.uploader = uploader
    }

    public func upload(_ photo: Photo) {
        state = .uploading(progress: 0)
        running = uploader.upload(photo)
            .receive(on: DispatchQueue.main)
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
        running = nil
        state = .idle
    }
}
