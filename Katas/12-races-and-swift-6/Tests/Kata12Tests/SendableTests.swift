import Kata12
import Testing

/// Compiles only when `T` is `Sendable`. The compiler is the assertion: a call below that
/// does not compile names a type that is not safe to share between threads yet.
private func requireSendable<T: Sendable>(_ type: T.Type) {}

@Suite("What crosses threads is Sendable")
struct SendableTests {
    @Test("the backup and everything it hands to other threads is Sendable")
    func sendableTypes() {
        requireSendable(Photo.self)  // captured by every upload's work item
        requireSendable(BackupReport.self)  // handed to the completion on another queue
        requireSendable((any PhotoUploading).self)  // called from several threads at once
        requireSendable((any Dispatching).self)  // kept by PhotoBackup, used from any thread
        requireSendable(Dispatcher.self)  // the app's dispatcher, through the protocol
        requireSendable(PhotoBackup.self)  // shared by the screen and the background refresh
    }
}
