import Testing

@testable import Kata10

// Undo send on virtual time. Each test makes a fresh scheduler, transport and screen (Swift
// Testing makes a new suite value for every test), moves time by hand and checks the screen at
// the exact moments that matter. The whole suite runs in milliseconds.
@Suite("Outbox on a ManualScheduler")
struct OutboxScreenTests {
    let scheduler = ManualScheduler()
    let alarm = StuckAdvanceAlarm()
    let transport = RecordingTransport()
    let screen: OutboxScreen

    init() {
        screen = OutboxScreen(transport: transport, scheduler: scheduler)
    }

    @Test("send shows the email with Undo and delivers nothing yet")
    func sendWaits() {
        screen.send(.lunch)

        #expect(screen.waiting == [.lunch], "Right after send, the email waits in the outbox with its Undo button.")
        #expect(transport.delivered.isEmpty, "Nothing may go out before the undo window has passed.")
    }

    @Test("nothing goes out at 2.999 s; the email goes out at 3 s")
    func deliversAtThreeSeconds() {
        screen.send(.lunch)

        scheduler.advance(by: .milliseconds(2999))
        #expect(
            transport.delivered.isEmpty,
            "At 2.999 s the user can still undo: nothing may be delivered yet. Does send schedule the delivery on the injected scheduler, after 3 seconds?"
        )
        #expect(screen.waiting == [.lunch], "At 2.999 s the email still shows its Undo button.")

        scheduler.advance(by: .milliseconds(1))
        #expect(
            transport.delivered == [.lunch],
            "At exactly 3 s the email must go out, once. If this fails, the delivery is still on DispatchQueue.main (real time), not on the injected scheduler."
        )
        #expect(screen.waiting.isEmpty, "Once delivered, the email leaves the outbox.")
    }

    @Test("undo inside the window takes the email back for good")
    func undoInTime() {
        screen.send(.lunch)
        scheduler.advance(by: .milliseconds(2999))

        screen.undo(.lunch)
        #expect(screen.waiting.isEmpty, "Undo removes the email from the outbox at once.")

        scheduler.advance(by: .seconds(60))
        #expect(
            transport.delivered.isEmpty, "An undone email must never go out: undo has to cancel the scheduled delivery."
        )
    }

    @Test("undo after the email went out changes nothing")
    func undoTooLate() {
        screen.send(.lunch)
        scheduler.advance(by: .seconds(3))

        screen.undo(.lunch)
        scheduler.advance(by: .seconds(60))

        #expect(
            transport.delivered == [.lunch],
            "Too late to undo: the email went out once, and undo must not send or remove anything.")
    }

    @Test("an undo too late, or a second time, changes nothing and calls no onChange")
    func lateOrRepeatedUndoIsSilent() {
        var changes = 0
        screen.onChange = { changes += 1 }
        screen.send(.lunch)
        scheduler.advance(by: .seconds(1))
        screen.send(.invoice)
        scheduler.advance(by: .seconds(2))  // 3 s: .lunch went out; .invoice waits until 4 s
        #expect(transport.delivered == [.lunch], "At 3 s the first email went out and the second still waits.")

        var before = changes
        screen.undo(.lunch)
        #expect(
            screen.waiting == [.invoice],
            "An undo after the email went out must leave the other waiting email alone.")
        #expect(
            changes == before,
            """
            undo(.lunch) after it went out ran onChange \(changes - before) time(s), though nothing changed: \
            the view would redraw for nothing. The screen still held the delivery of an email that had gone \
            out, so undo took it for waiting. Forget an email's delivery when it goes out.
            """
        )

        screen.undo(.invoice)
        #expect(screen.waiting.isEmpty, "Undo inside the window takes the email back.")
        before = changes
        screen.undo(.invoice)
        #expect(
            changes == before,
            """
            A second undo of the same email ran onChange \(changes - before) time(s), though nothing changed: \
            the first undo should have forgotten its delivery.
            """
        )

        scheduler.advance(by: .seconds(60))
        #expect(transport.delivered == [.lunch], "The undone email never goes out, and the sent one goes out once.")
    }

    @Test("each email has its own undo window")
    func separateWindows() {
        screen.send(.lunch)
        scheduler.advance(by: .seconds(1))
        screen.send(.invoice)

        scheduler.advance(by: .seconds(2))
        #expect(
            transport.delivered == [.lunch],
            "At 3 s only the first email's window has passed. The second one, sent at 1 s, goes out at 4 s.")
        #expect(screen.waiting == [.invoice])

        scheduler.advance(by: .milliseconds(999))
        #expect(
            transport.delivered == [.lunch],
            "At 3.999 s the second email is still inside its window: nothing more may go out.")

        scheduler.advance(by: .milliseconds(1))
        #expect(transport.delivered == [.lunch, .invoice], "At 4 s the second email goes out.")
    }

    @Test("undo takes back only the email it was asked for")
    func undoOneOfTwo() {
        screen.send(.lunch)
        screen.send(.invoice)

        screen.undo(.lunch)
        scheduler.advance(by: .seconds(3))

        #expect(transport.delivered == [.invoice], "Undoing one email must cancel its delivery only.")
    }

    @Test("the toast shows when an email goes out and hides 2 s later")
    func toastHides() {
        screen.send(.lunch)
        #expect(screen.toast == nil, "No toast while the email can still be undone.")

        scheduler.advance(by: .seconds(3))
        #expect(screen.toast == OutboxScreen.sentToast, "When the email goes out, the screen shows the toast.")

        scheduler.advance(by: .milliseconds(1999))
        #expect(screen.toast == OutboxScreen.sentToast, "At 4.999 s the toast must still be up: it stays 2 seconds.")

        scheduler.advance(by: .milliseconds(1))
        #expect(
            screen.toast == nil,
            "At 5 s, 2 s after the delivery, the toast must hide. If it never does, its timer is still on DispatchQueue.main instead of the injected scheduler."
        )
    }

    @Test("a second delivery keeps the toast up for 2 s after it")
    func toastAfterSecondDelivery() {
        screen.send(.lunch)
        scheduler.advance(by: .seconds(1))
        screen.send(.invoice)

        scheduler.advance(by: .seconds(3))
        #expect(transport.delivered == [.lunch, .invoice], "By 4 s both emails went out (at 3 s and at 4 s).")

        scheduler.advance(by: .seconds(1))
        #expect(
            screen.toast == OutboxScreen.sentToast,
            "At 5 s the toast must still be up: the second email went out at 4 s. It hid after only 1 s because the hide scheduled by the first delivery still ran. Cancel that hide when a new delivery shows the toast again."
        )

        scheduler.advance(by: .milliseconds(999))
        #expect(screen.toast == OutboxScreen.sentToast, "At 5.999 s the toast for the second email must still be up.")

        scheduler.advance(by: .milliseconds(1))
        #expect(screen.toast == nil, "At 6 s, 2 s after the second delivery, the toast hides.")
    }

    @Test("onChange runs once after each change, with the change already made")
    func onChangeOncePerChange() {
        var seen: [(waiting: [Email], toast: String?)] = []
        screen.onChange = { [weak screen] in
            guard let screen else { return }
            seen.append((screen.waiting, screen.toast))
        }
        let twice =
            "onChange ran more than once for one change: the view would redraw twice. Call it once, after each change of waiting or toast."

        screen.send(.lunch)
        #expect(
            seen.count == 1, "send changes waiting once, so onChange runs once; it ran \(seen.count) time(s). \(twice)")
        #expect(seen.last?.waiting == [.lunch], "When onChange runs after send, waiting already holds the email.")

        screen.send(.invoice)
        screen.undo(.invoice)
        #expect(
            seen.count == 3,
            "A second send and an undo are two more changes, so onChange has run 3 times; it ran \(seen.count) time(s). \(twice)"
        )
        #expect(seen.last?.waiting == [.lunch], "When onChange runs after undo, the email has already left waiting.")

        scheduler.advance(by: .seconds(3))
        #expect(
            seen.count == 5,
            "A delivery changes waiting (the email leaves) and toast (it shows): two changes, so onChange has run 5 times; it ran \(seen.count) time(s). \(twice)"
        )
        #expect(
            seen.last?.waiting == [] && seen.last?.toast == OutboxScreen.sentToast,
            "When onChange runs after the delivery, the email has left waiting and the toast shows."
        )

        scheduler.advance(by: .seconds(2))
        #expect(
            seen.count == 6,
            "The toast hiding is one more change, so onChange has run 6 times; it ran \(seen.count) time(s). \(twice)"
        )
        #expect(seen.last?.toast == nil, "When onChange runs after the toast hid, toast is already nil.")
    }

    @Test("the app's call site, OutboxScreen(transport:), still compiles")
    func appCallSite() {
        let appScreen = OutboxScreen(transport: RecordingTransport())

        #expect(
            appScreen.waiting.isEmpty,
            "Give the new scheduler parameter a default value, DispatchQueueScheduler(queue: .main), so the app needs no change."
        )
    }
}
