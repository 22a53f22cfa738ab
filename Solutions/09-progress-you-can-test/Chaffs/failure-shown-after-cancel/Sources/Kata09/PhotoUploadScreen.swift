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
/// Not generic: the initializer takes any `Scheduler` and keeps only what the
/// screen needs from it, "run this later", in a closure. Every event from the
/// uploader reaches `state` through that closure. The app passes
/// `DispatchQueue.main`; a test passes a scheduler that runs the work at once,
/// or when the test says so.
public final class PhotoUploadScreen: ObservableObject {
    @Published public private(set) var state: UploadState = .idle

    private let uploader: PhotoUploading
    private let deliver: (@escaping () -> Void) -> Void
    private var running: AnyCancellable?
    /// Names the upload whose events may still change `state`. Read and written
    /// only where the scheduler runs work (the main queue in the app).
    private var currentUpload: UUID?

    public init<S: Scheduler>(uploader: PhotoUploading, scheduler: S) {
        self.uploader = uploader
        self.deliver = { work in scheduler.schedule(work) }
    }

    /// The app's screen: delivers every event on the main queue.
    public convenience init(uploader: PhotoUploading) {
        self.init(uploader: uploader, scheduler: DispatchQueue.main)
    }

    public func upload(_ photo: Photo) {
        let upload = UUID()
        currentUpload = upload
        state = .uploading(progress: 0)
        // The sink runs on whatever thread the uploader sends on; it only hands
        // the change to the scheduler. The scheduled work applies a progress or
        // attached event unless the upload was cancelled or replaced meanwhile.
        running = uploader.upload(photo).sink(
            receiveCompletion: { [weak self] completion in
                guard case .failure(let error) = completion else { return }
                // A failure is never swallowed: even after a cancel, the adjuster must
                // learn that the photo did not make it.
                self?.deliver { [weak self] in self?.state = .failed(error) }
            },
            receiveValue: { [weak self] event in
                let newState: UploadState
                switch event {
                case .progress(let fraction): newState = .uploading(progress: fraction)
                case .attached(let url): newState = .attached(url)
                }
                self?.deliver { [weak self] in self?.apply(newState, from: upload) }
            }
        )
    }

    public func cancel() {
        currentUpload = nil
        running?.cancel()
        running = nil
        state = .idle
    }

    private func apply(_ newState: UploadState, from upload: UUID) {
        guard currentUpload == upload else { return }
        state = newState
    }
}
