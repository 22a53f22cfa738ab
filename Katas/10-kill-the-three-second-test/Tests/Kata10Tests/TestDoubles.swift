import Dispatch
import Testing

@testable import Kata10

/// A transport that only writes down what it was asked to deliver.
final class RecordingTransport: MailTransport {
    private(set) var delivered: [Email] = []

    func deliver(_ email: Email) {
        delivered.append(email)
    }
}

extension Email {
    static let lunch = Email(
        id: 1, to: "sam@example.com", subject: "Lunch on Friday?",
        body: "The new ramen place opens at noon.")
    static let invoice = Email(
        id: 2, to: "billing@example.com", subject: "Invoice 2024-117",
        body: "Attached, as promised.")
}

/// Ends the run when a test on the ManualScheduler is still running a second after it started.
/// Each test makes one (Swift Testing makes a new suite value for every test) and lets it go when
/// it ends, which calls the alarm off. Every test here runs in a millisecond; one that is still
/// going after a second is stuck inside advance(by:), running due work that never leaves the list.
/// Nothing can stop that loop from outside, and it would hold its thread, and the run, for good:
/// the alarm says what is wrong and stops the run. A passing run never comes near it.
final class StuckAdvanceAlarm {
    /// A queue of its own: a serial queue gets a thread even while the tests' threads are all busy,
    /// as a stuck advance keeps them; DispatchQueue.global() would wait for one of them.
    private static let queue = DispatchQueue(label: "kata10.stuck-advance-alarm")

    private let alarm: DispatchWorkItem

    init() {
        let test = Test.current?.displayName ?? Test.current?.name ?? "A test on the ManualScheduler"
        alarm = DispatchWorkItem {
            let message =
                "\"\(test)\" did not finish within a second: advance(by:) is stuck, running due work over and over. Take each piece of work out of your list (or mark it done) before you run it, and stop once nothing more is due by the end of the advance."
            Issue.record(Comment(rawValue: message))
            fatalError(message)
        }
        Self.queue.asyncAfter(deadline: .now() + 1, execute: alarm)
    }

    deinit {
        alarm.cancel()
    }
}
