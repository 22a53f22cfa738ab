import Foundation
import Kata22

/// An uploader that finishes each upload when the test tells it to.
///
/// `upload(_:completion:)` writes the photo down, keeps the completion and returns. Nothing comes
/// back until the test ends that photo's upload, on the test's thread: the operation has handled
/// the answer by the time `finishUpload(of:with:)` returns. `ManualUploader(answeringAtOnce: true)`
/// is the other extreme, a photo service that has every photo already: it calls the completion
/// inside `upload`, with the photo's link.
///
/// Uploads are found by the photo they are for, never by the order they were asked for in: in which
/// order the operation asks, and how many it keeps open, is its own business.
final class ManualUploader: PhotoUploading, @unchecked Sendable {
    private typealias Completion = (Result<URL, Error>) -> Void

    private let lock = NSLock()
    private let answeringAtOnce: Bool
    private var asked: [URL] = []
    private var open: [(photo: URL, completion: Completion)] = []

    init(answeringAtOnce: Bool = false) {
        self.answeringAtOnce = answeringAtOnce
    }

    /// Every photo asked for so far, in the order asked.
    var requestedPhotos: [URL] {
        lock.lock()
        defer { lock.unlock() }
        return asked
    }

    /// The photos whose upload has been asked for and not ended yet.
    var openPhotos: [URL] {
        lock.lock()
        defer { lock.unlock() }
        return open.map(\.photo)
    }

    func upload(_ photo: URL, completion: @escaping (Result<URL, Error>) -> Void) {
        lock.lock()
        asked.append(photo)
        if !answeringAtOnce { open.append((photo, completion)) }
        lock.unlock()
        if answeringAtOnce { completion(.success(link(for: photo))) }
    }

    /// Ends the open upload of `photo` with `result`. False when `photo` has no open upload.
    @discardableResult
    func finishUpload(of photo: URL, with result: Result<URL, Error>) -> Bool {
        lock.lock()
        guard let index = open.firstIndex(where: { $0.photo == photo }) else {
            lock.unlock()
            return false
        }
        let upload = open.remove(at: index)
        lock.unlock()
        upload.completion(result)  // outside the lock: the operation may ask for the next photo from inside it
        return true
    }

    /// The open upload of the photo that comes latest in `album`, if any.
    func latestOpenPhoto(in album: [URL]) -> URL? {
        let open = Set(openPhotos)
        return album.last { open.contains($0) }
    }

    /// Ends open uploads one at a time, the photo latest in the album first, each with its link,
    /// until none is open, including the ones the operation asks for meanwhile. `afterEach` runs
    /// after each upload has ended, with the number ended so far.
    func finishEveryUploadLatestFirst(in album: [URL], afterEach: (Int) -> Void = { _ in }) {
        var ended = 0
        while let photo = latestOpenPhoto(in: album) {
            finishUpload(of: photo, with: .success(link(for: photo)))
            ended += 1
            afterEach(ended)
        }
    }
}

/// The public link the photo service gives `photo`.
func link(for photo: URL) -> URL {
    URL(string: "https://photos.journal.example/p/\(photo.deletingPathExtension().lastPathComponent)")!
}

/// The error of an upload that did not make it.
struct Offline: Error, Equatable {}

/// Values recorded from any thread.
final class Recorded<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [Value] = []

    func append(_ value: Value) {
        lock.lock()
        stored.append(value)
        lock.unlock()
    }

    var values: [Value] {
        lock.lock()
        defer { lock.unlock() }
        return stored
    }
}

/// Lets `onProgress`, which is handed to the operation's `init`, look at the operation itself.
final class OperationBox: @unchecked Sendable {
    weak var operation: Operation?
}

/// The step that builds the album page: an operation that depends on the publish operation, as the
/// album screen's does. The test never runs it: it reads `isReady`, which Foundation sets when the
/// publish operation announces, with `didChangeValue(forKey: "isFinished")`, that it finished.
/// Foundation on Linux does not retain an operation's dependents, so every step stays alive until
/// the run is over.
func pageStep(dependingOn publish: Operation) -> Operation {
    let step = BlockOperation {}
    step.addDependency(publish)
    stepsKeptAlive.append(step)
    return step
}

private let stepsKeptAlive = Recorded<Operation>()

/// Runs `body` on a thread of its own and returns what it returned, or nil when it had not returned
/// after a second: an upload's completion that never returns fails the test by an assertion, and
/// leaves the test's own thread free.
func onAThreadOfItsOwn<Value>(_ body: @escaping () -> Value) -> Value? {
    let result = Recorded<Value>()
    let returned = DispatchSemaphore(value: 0)
    Thread {
        result.append(body())
        returned.signal()
    }.start()
    guard returned.wait(timeout: .now() + 1) == .success else { return nil }
    return result.values.first
}
