import Foundation
import Kata09
import Testing

private let photo = Photo(id: "rear-bumper", jpeg: Data(repeating: 0xFF, count: 1024))
private let claimPhotoURL = URL(string: "https://claims.example.com/claims/4711/photos/rear-bumper")!

@Suite("PhotoUploadScreen with an injected scheduler")
struct PhotoUploadScreenTests {

    @Test("shows every progress step, then the attached photo, as soon as the uploader sends them")
    func progressThenAttached() {
        let uploader = ControlledUploader()
        let screen = PhotoUploadScreen(uploader: uploader, scheduler: ImmediateScheduler.shared)
        let states = StateRecorder(screen.$state)

        screen.upload(photo)
        uploader.send(.progress(0.25))
        uploader.send(.progress(0.5))
        uploader.send(.progress(0.75))
        uploader.send(.progress(1.0))
        uploader.send(.attached(claimPhotoURL))
        uploader.finish()

        #expect(uploader.photos == [photo], "upload(_:) should hand the photo to the uploader exactly once.")
        let expected: [UploadState] = [
            .idle,
            .uploading(progress: 0),
            .uploading(progress: 0.25),
            .uploading(progress: 0.5),
            .uploading(progress: 0.75),
            .uploading(progress: 1.0),
            .attached(claimPhotoURL),
        ]
        #expect(
            states.values == expected,
            """
            With ImmediateScheduler, every event must reach `state` before `send` returns, in order. \
            If the list stops at .uploading(progress: 0), the screen still hands events to \
            DispatchQueue.main: pass them through the injected scheduler instead (`receive(on: scheduler)`).
            """
        )
    }

    @Test("an uploader that answers the moment it is subscribed to still comes after .uploading(progress: 0)")
    func answerAtSubscription() {
        let immediate = PhotoUploadScreen(
            uploader: AlreadyUploadedUploader(url: claimPhotoURL), scheduler: ImmediateScheduler.shared)
        let states = StateRecorder(immediate.$state)

        immediate.upload(photo)

        #expect(
            states.values == [.idle, .uploading(progress: 0), .attached(claimPhotoURL)],
            """
            The uploader had the photo already and sent .attached the moment the screen subscribed. \
            The screen must end attached, with .uploading(progress: 0) before it, but it went through \
            \(states.values). Set .uploading(progress: 0) first, then subscribe: an event can arrive \
            inside the subscription, before upload(_:) returns.
            """)

        let scheduler = HeldScheduler()
        let held = PhotoUploadScreen(uploader: AlreadyUploadedUploader(url: claimPhotoURL), scheduler: scheduler)
        held.upload(photo)
        #expect(
            held.state == .uploading(progress: 0),
            "Right after upload(_:) the screen shows .uploading(progress: 0); the answer waits in the scheduler.")
        scheduler.runHeldWork()
        #expect(
            held.state == .attached(claimPhotoURL),
            "Once the scheduler has run the answer, the screen shows the attached photo; it shows \(held.state).")
    }

    @Test("shows the failure after the progress that came before it")
    func progressThenFailure() {
        let uploader = ControlledUploader()
        let screen = PhotoUploadScreen(uploader: uploader, scheduler: ImmediateScheduler.shared)
        let states = StateRecorder(screen.$state)

        screen.upload(photo)
        uploader.send(.progress(0.25))
        uploader.send(.progress(0.5))
        uploader.fail(.rejected(statusCode: 413))

        let expected: [UploadState] = [
            .idle,
            .uploading(progress: 0),
            .uploading(progress: 0.25),
            .uploading(progress: 0.5),
            .failed(.rejected(statusCode: 413)),
        ]
        #expect(
            states.values == expected,
            """
            A failure is delivered like a value: through the injected scheduler, after the \
            progress sent before it. The screen should end in .failed(.rejected(statusCode: 413)).
            """
        )
    }

    @Test("hands every event to the injected scheduler and applies it only when the scheduler runs it")
    func deliversThroughTheScheduler() {
        let uploader = ControlledUploader()
        let scheduler = HeldScheduler()
        let screen = PhotoUploadScreen(uploader: uploader, scheduler: scheduler)
        let states = StateRecorder(screen.$state)

        screen.upload(photo)
        uploader.send(.progress(0.5))
        uploader.send(.progress(1.0))
        uploader.send(.attached(claimPhotoURL))
        uploader.finish()

        let beforeTheSchedulerRuns: [UploadState] = [.idle, .uploading(progress: 0)]
        #expect(
            states.values == beforeTheSchedulerRuns,
            """
            The scheduler has not run anything yet, so the uploader's events must not have reached \
            `state`. If they did, the screen applies them directly: keep delivering them through \
            the scheduler, as the app needs the main queue.
            """
        )
        #expect(scheduler.heldCount > 0, "The screen should schedule its work on the injected scheduler.")

        scheduler.runHeldWork()

        let expected: [UploadState] = [
            .idle,
            .uploading(progress: 0),
            .uploading(progress: 0.5),
            .uploading(progress: 1.0),
            .attached(claimPhotoURL),
        ]
        #expect(
            states.values == expected,
            "Once the scheduler runs the held work, every event should reach `state`, in the order it was sent."
        )
    }

    @Test("holds the failure in the scheduler too, behind the progress sent before it")
    func failureGoesThroughTheScheduler() {
        let uploader = ControlledUploader()
        let scheduler = HeldScheduler()
        let screen = PhotoUploadScreen(uploader: uploader, scheduler: scheduler)
        let states = StateRecorder(screen.$state)

        screen.upload(photo)
        uploader.send(.progress(0.5))
        uploader.fail(.offline)

        #expect(
            states.values == [.idle, .uploading(progress: 0)],
            """
            The scheduler has not run anything yet, and `state` already shows the failure. A failure \
            goes through the injected scheduler like every event: in the app it must reach `state` on \
            the main queue, and after the progress sent before it.
            """
        )

        scheduler.runHeldWork()

        let expected: [UploadState] = [.idle, .uploading(progress: 0), .uploading(progress: 0.5), .failed(.offline)]
        #expect(states.values == expected, "Once the scheduler runs, the progress and then the failure reach `state`.")
    }

    @Test("a second upload replaces the first: the first one's events no longer change the screen")
    func aNewUploadReplacesTheRunningOne() {
        let uploader = ControlledUploader()
        let scheduler = HeldScheduler()
        let screen = PhotoUploadScreen(uploader: uploader, scheduler: scheduler)
        let states = StateRecorder(screen.$state)
        let secondPhoto = Photo(id: "side-mirror", jpeg: Data(repeating: 0xD8, count: 512))

        screen.upload(photo)
        uploader.send(.progress(0.75), upload: 0)  // handed to the scheduler, not run yet
        screen.upload(secondPhoto)
        uploader.send(.progress(0.25), upload: 0)
        uploader.send(.progress(0.1), upload: 1)
        uploader.send(.attached(claimPhotoURL), upload: 0)
        scheduler.runHeldWork()

        let expected: [UploadState] = [
            .idle, .uploading(progress: 0), .uploading(progress: 0), .uploading(progress: 0.1),
        ]
        #expect(
            states.values == expected,
            """
            The adjuster started a second upload; from then on only its events may change `state`. \
            Here the first upload's events still did. Keep one running upload and cancel it when \
            `upload(_:)` starts the next one (assigning a new subscription to the same property does).
            """
        )
    }

    @Test("ignores events that arrive after cancel()")
    func cancelStopsTheUpload() {
        let uploader = ControlledUploader()
        let screen = PhotoUploadScreen(uploader: uploader, scheduler: ImmediateScheduler.shared)
        let states = StateRecorder(screen.$state)

        screen.upload(photo)
        uploader.send(.progress(0.25))
        screen.cancel()
        uploader.send(.progress(0.5))
        uploader.send(.attached(claimPhotoURL))

        let expected: [UploadState] = [.idle, .uploading(progress: 0), .uploading(progress: 0.25), .idle]
        #expect(
            states.values == expected,
            "After cancel() the screen is .idle and stays there, whatever the uploader still sends."
        )
    }

    @Test("cancel() goes back to idle at once, and drops events already handed to the scheduler")
    func cancelDropsScheduledEvents() {
        let uploader = ControlledUploader()
        let scheduler = HeldScheduler()
        let screen = PhotoUploadScreen(uploader: uploader, scheduler: scheduler)
        let states = StateRecorder(screen.$state)

        screen.upload(photo)
        uploader.send(.progress(0.5))
        uploader.fail(.offline)
        screen.cancel()  // the event and the failure are on their way to the main queue, not applied yet

        let expected: [UploadState] = [.idle, .uploading(progress: 0), .idle]
        #expect(
            states.values == expected,
            """
            cancel() puts the screen back to .idle at once, before the scheduler runs anything: the \
            user tapped the button, and the screen answers now. Only the uploader's events go \
            through the scheduler.
            """
        )

        scheduler.runHeldWork()

        #expect(
            states.values == expected,
            """
            The user cancelled before the scheduler ran the upload's event and its failure, so they \
            must not reach `state` when it does, the failure included: the screen stays .idle. With \
            `receive(on:)` cancelling the subscription is enough; work you schedule yourself must \
            check that its upload is still the current one before it changes `state`.
            """
        )
    }

    /// How the first photo of a batch ends before the app starts the next one.
    enum FirstPhotoEnd: String, CaseIterable, CustomTestStringConvertible {
        case cancelled, attached, failed
        var testDescription: String { rawValue }
    }

    @Test(
        "an upload started by whoever watches state, the moment the last one ended, runs like any other",
        arguments: FirstPhotoEnd.allCases)
    func theNextUploadStartsFromTheStateThatEndedTheLastOne(end: FirstPhotoEnd) {
        let uploader = ControlledUploader()
        let screen = PhotoUploadScreen(uploader: uploader, scheduler: ImmediateScheduler.shared)
        let nextPhoto = Photo(id: "side-mirror", jpeg: Data(repeating: 0xD8, count: 512))
        let lastState: UploadState
        switch end {
        case .cancelled: lastState = .idle
        case .attached: lastState = .attached(claimPhotoURL)
        case .failed: lastState = .failed(.offline)
        }
        // The app's batch: as soon as the screen shows how the first photo ended, it starts the next.
        let batch = screen.$state.sink { state in
            if state == lastState, uploader.photos == [photo] { screen.upload(nextPhoto) }
        }
        defer { batch.cancel() }

        screen.upload(photo)
        switch end {
        case .cancelled: screen.cancel()
        case .attached: uploader.send(.attached(claimPhotoURL))
        case .failed: uploader.fail(.offline)
        }
        uploader.send(.progress(0.5))  // the next photo's upload, the latest one

        #expect(
            uploader.photos == [photo, nextPhoto],
            """
            The batch starts the next photo once, when the screen shows \(lastState): the uploader should \
            have been asked for both photos, in order, but was asked for \(uploader.photos.map(\.id)).
            """
        )
        #expect(
            screen.state == .uploading(progress: 0.5),
            """
            The batch started the next photo from inside the change to \(lastState), but that upload's \
            progress did not reach `state` (it shows \(screen.state)): the code after that change went on \
            as if the old upload were still the current one, and cancelled or dropped the new one. \
            Finish with the old upload (cancel it, clear it) before `state` changes, and let the change \
            come last.
            """
        )
    }

    @Test("the app's screen, built without a scheduler, still delivers on the main queue")
    @MainActor
    func appScreenDeliversOnMain() async {
        let uploader = ControlledUploader()
        let screen = PhotoUploadScreen(uploader: uploader)
        // Every state the screen publishes after `upload`, and whether it came on the main queue:
        // the main queue carries a marker that no other queue has.
        DispatchQueue.main.setSpecific(key: mainQueueMarker, value: ())
        let delivered = DeliveryLog()
        let watching = screen.$state.dropFirst(2).sink { state in
            delivered.append(state, onMain: DispatchQueue.getSpecific(key: mainQueueMarker) != nil)
        }
        defer { watching.cancel() }

        screen.upload(photo)
        uploader.send(.progress(1.0))
        uploader.send(.attached(claimPhotoURL))
        uploader.finish()

        // This test runs on the main queue, so work queued there cannot have run yet.
        #expect(
            screen.state == .uploading(progress: 0),
            """
            `PhotoUploadScreen(uploader:)` is what the app uses: it must deliver on \
            DispatchQueue.main, later, not at once. Keep an initializer without `scheduler:` \
            that passes DispatchQueue.main.
            """
        )

        // The main queue runs its work in order: once this block runs, the screen's has run too.
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            DispatchQueue.main.async { done.resume() }
        }

        let deliveries = delivered.entries
        let offMain = deliveries.filter { !$0.onMain }.map(\.state)
        #expect(
            offMain.isEmpty,
            """
            The app's screen published \(offMain) on a queue that is \
            not the main queue. `PhotoUploadScreen(uploader:)` must deliver on DispatchQueue.main itself, \
            not on a serial queue of its own: the screen's state belongs to the UI.
            """
        )
        let lastDelivered = deliveries.last?.state
        let states = deliveries.map(\.state)
        #expect(
            lastDelivered == .attached(claimPhotoURL),
            """
            Once the main queue has run, the app's screen should show the attached photo; it published \
            \(states) by then. `PhotoUploadScreen(uploader:)` delivers on \
            DispatchQueue.main, not on another queue that runs later.
            """
        )
    }
}

private let mainQueueMarker = DispatchSpecificKey<Void>()

/// States the screen published, and whether each came on the main queue. Written on whatever
/// queue delivers, read by the test: under a lock.
private final class DeliveryLog: @unchecked Sendable {
    struct Entry {
        let state: UploadState
        let onMain: Bool
    }

    private let lock = NSLock()
    private var stored: [Entry] = []

    func append(_ state: UploadState, onMain: Bool) {
        lock.lock()
        stored.append(Entry(state: state, onMain: onMain))
        lock.unlock()
    }

    var entries: [Entry] {
        lock.lock()
        defer { lock.unlock() }
        return stored
    }
}
