import Foundation

/// The strip under the mailbox that holds each sent email for a few seconds, so the user can
/// take it back ("Undo send"). The view draws `waiting` (one row with an Undo button per email)
/// and `toast`. The app calls `send` and `undo` on the main queue.
final class OutboxScreen {
    /// How long an email waits, with an Undo button, before it really goes out.
    static let undoWindow: TimeInterval = 3
    /// How long the "Message sent" toast stays on screen.
    static let toastDuration: TimeInterval = 2
    static let sentToast = "Message sent"

    /// Emails still inside their undo window, oldest first.
    private(set) var waiting: [Email] = [] { didSet { onChange?() } }
    /// A short confirmation after an email went out. It hides by itself.
    private(set) var toast: String? { didSet { onChange?() } }
    /// Called after every change of `waiting` or `toast`.
    var onChange: (() -> Void)?

    private let transport: MailTransport
    private var deliveries: [Int: DispatchWorkItem] = [:]

    init(transport: MailTransport) {
        self.transport = transport
    }

    func send(_ email: Email) {
        waiting.append(email)
        let delivery = DispatchWorkItem { [weak self] in
            self?.deliver(email)
        }
        deliveries[email.id] = delivery
        DispatchQueue.main.asyncAfter(deadline: .now() + Self.undoWindow, execute: delivery)
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

        toast = Self.sentToast
        DispatchQueue.main.asyncAfter(deadline: .now() + Self.toastDuration) { [weak self] in
            self?.toast = nil
        }
    }
}
