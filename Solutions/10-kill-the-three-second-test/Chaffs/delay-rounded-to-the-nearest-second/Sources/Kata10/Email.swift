import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

struct Email: Equatable, Codable {
    let id: Int
    let to: String
    let subject: String
    let body: String
}

/// Where an email goes once nobody can take it back any more.
protocol MailTransport {
    /// Hands the email over for sending and returns at once.
    func deliver(_ email: Email)
}

/// The app's transport: posts the email to the mail API. Failed uploads are retried by the
/// server-side outbox, so the app fires and forgets.
final class MailAPITransport: MailTransport {
    private let endpoint: URL
    private let session: URLSession

    init(endpoint: URL, session: URLSession = .shared) {
        self.endpoint = endpoint
        self.session = session
    }

    func deliver(_ email: Email) {
        var request = URLRequest(url: endpoint.appendingPathComponent("messages"))
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = try? JSONEncoder().encode(email)
        session.dataTask(with: request).resume()
    }
}
