/// The strip under the mailbox that holds each sent email for a few seconds, so the user can
/// take it back ("Undo send"). The view draws `waiting` (one row with an Undo button per email)
/// and `toast`. The app calls `send` and `undo` on the main queue.
final class OutboxScreen {
    /// How long an email waits, with an Undo button, before it really goes out.
    static let undoWindow: Duration = .seconds(3)
    /// How long the "Message sent" toast stays on screen after the latest delivery.
    static let toastDuration: Duration = .seconds(2)
    static let sentToast = "Message sent"

    /// Emails still inside their undo window, oldest first.
    private(set) var waiting: [Email] = [] { didSet { onChange?() } }
    /// A short confirmation after an email went out. It hides by itself.
    private(set) var toast: String? { didSet { onChange?() } }
    /// Called after every change of `waiting` or `toast`.
    var onChange: (() -> Void)?

    private let transport: MailTransport
    private let scheduler: any Scheduling
    private var deliveries: [Int: ScheduledWork] = [:]
    /// The latest showing of the toast. A hide only hides the showing it was scheduled for.
    private var toastShowing: ToastShowing?

    /// The app passes only the transport and gets the main queue, in real time.
    init(transport: MailTransport, scheduler: any Scheduling = DispatchQueueScheduler(queue: .main)) {
        self.transport = transport
        self.scheduler = scheduler
    }

    func send(_ email: Email) {
        waiting.append(email)
        deliveries[email.id] = scheduler.schedule(after: Self.undoWindow) { [weak self] in
            self?.deliver(email)
        }
    }

    /// Takes the email back if it has not gone out yet; does nothing once it has.
    func undo(_ email: Email) {
        guard let delivery = deliveries.removeValue(forKey: email.id) else { return }
        delivery.cancel()
        waiting.removeAll { $0.id == email.id }
    }

    private func deliver(_ email: Email) {
        deliveries[email.id] = nil
        waiting.removeAll { $0.id == email.id }
        transport.deliver(email)

        // Every delivery shows the toast anew. An older hide still runs, but finds a newer showing
        // and leaves the toast alone, so it stays a full `toastDuration` after the latest delivery.
        let showing = ToastShowing()
        toastShowing = showing
        toast = Self.sentToast
        scheduler.schedule(after: Self.toastDuration) { [weak self] in
            guard let self, self.toastShowing === showing else { return }
            self.toast = nil
        }
    }

    /// One showing of the toast, told apart from the others by identity.
    private final class ToastShowing {}
}
