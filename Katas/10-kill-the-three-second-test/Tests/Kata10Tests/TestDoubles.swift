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
