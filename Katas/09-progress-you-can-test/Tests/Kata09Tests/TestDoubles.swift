import Foundation
import Kata09

/// An uploader the test drives by hand: nothing happens until the test calls
/// `send`, `finish` or `fail`, and each call delivers on the test's own thread.
///
/// Every `upload(_:)` gets events of its own. The calls talk to the latest
/// upload, or to an earlier one when `upload:` names it (0 is the first).
final class ControlledUploader: PhotoUploading {
    private var uploads: [PassthroughSubject<UploadEvent, UploadError>] = []
    private(set) var photos: [Photo] = []

    func upload(_ photo: Photo) -> AnyPublisher<UploadEvent, UploadError> {
        photos.append(photo)
        let events = PassthroughSubject<UploadEvent, UploadError>()
        uploads.append(events)
        return events.eraseToAnyPublisher()
    }

    func send(_ event: UploadEvent, upload: Int? = nil) { events(of: upload)?.send(event) }
    func finish(upload: Int? = nil) { events(of: upload)?.send(completion: .finished) }
    func fail(_ error: UploadError, upload: Int? = nil) { events(of: upload)?.send(completion: .failure(error)) }

    private func events(of upload: Int?) -> PassthroughSubject<UploadEvent, UploadError>? {
        upload.map { uploads[$0] } ?? uploads.last
    }
}

/// An uploader that already has the photo on the server: it answers `.attached` the moment the
/// screen subscribes, inside `upload(_:)`, then finishes.
struct AlreadyUploadedUploader: PhotoUploading {
    let url: URL

    func upload(_ photo: Photo) -> AnyPublisher<UploadEvent, UploadError> {
        Just(UploadEvent.attached(url)).setFailureType(to: UploadError.self).eraseToAnyPublisher()
    }
}

/// A scheduler that holds every piece of work it is given until the test
/// calls `runHeldWork()`. Time never moves: it borrows `ImmediateScheduler`'s
/// time type, whose clock stands still.
final class HeldScheduler: Scheduler {
    typealias SchedulerTimeType = ImmediateScheduler.SchedulerTimeType
    typealias SchedulerOptions = Never

    private var held: [() -> Void] = []
    var heldCount: Int { held.count }

    var now: SchedulerTimeType { ImmediateScheduler.shared.now }
    var minimumTolerance: SchedulerTimeType.Stride { ImmediateScheduler.shared.minimumTolerance }

    func schedule(options: Never?, _ action: @escaping () -> Void) {
        held.append(action)
    }

    func schedule(
        after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride,
        options: Never?, _ action: @escaping () -> Void
    ) {
        held.append(action)
    }

    func schedule(
        after date: SchedulerTimeType, interval: SchedulerTimeType.Stride,
        tolerance: SchedulerTimeType.Stride, options: Never?,
        _ action: @escaping () -> Void
    ) -> Cancellable {
        held.append(action)
        return AnyCancellable {}
    }

    /// Runs the held work in the order it was scheduled, including work it schedules itself.
    func runHeldWork() {
        while !held.isEmpty {
            held.removeFirst()()
        }
    }
}

/// Collects every state a screen publishes, synchronously, in order.
/// `@Published` sends its current value first, so recording `screen.$state`
/// starts with the state the screen is in now.
final class StateRecorder {
    private(set) var values: [UploadState] = []
    private var subscription: AnyCancellable?

    init<P: Publisher>(_ publisher: P) where P.Output == UploadState, P.Failure == Never {
        subscription = publisher.sink { [unowned self] value in
            values.append(value)
        }
    }
}
