import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The payment provider's confirmation endpoint.
///
/// The payments team owns this protocol and `HTTPPaymentGateway`. They will move it to
/// `async`/`await` next quarter; until then it keeps its completion handler.
protocol PaymentGateway: Sendable {
    /// Asks the provider whether `payment` went through. Calls `completion` exactly once, on a
    /// queue of the gateway's choosing.
    func confirm(_ payment: PaymentID, completion: @escaping @Sendable (Result<Receipt, PaymentError>) -> Void)
}

/// The app's gateway: `POST /payments/{id}/confirmation` on the provider's API.
struct HTTPPaymentGateway: PaymentGateway {
    let baseURL: URL
    let session: URLSession

    init(baseURL: URL, session: URLSession = .shared) {
        self.baseURL = baseURL
        self.session = session
    }

    func confirm(_ payment: PaymentID, completion: @escaping @Sendable (Result<Receipt, PaymentError>) -> Void) {
        var request = URLRequest(url: baseURL.appendingPathComponent("payments/\(payment.rawValue)/confirmation"))
        request.httpMethod = "POST"
        request.timeoutInterval = 10
        session.dataTask(with: request) { data, response, error in
            completion(Self.result(for: payment, data: data, response: response, error: error))
        }.resume()
    }

    private struct Confirmation: Decodable {
        let authorizationCode: String
        let amountCents: Int
    }

    private struct Decline: Decodable {
        let reason: String
    }

    static func result(for payment: PaymentID, data: Data?, response: URLResponse?, error: Error?) -> Result<
        Receipt, PaymentError
    > {
        guard error == nil, let response = response as? HTTPURLResponse, let data else {
            return .failure(.gatewayUnavailable)  // offline, timed out, connection lost
        }
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        switch response.statusCode {
        case 200:
            guard let body = try? decoder.decode(Confirmation.self, from: data) else {
                return .failure(.gatewayUnavailable)
            }
            return .success(
                Receipt(payment: payment, authorizationCode: body.authorizationCode, amountCents: body.amountCents))
        case 402:
            let reason = (try? decoder.decode(Decline.self, from: data))?.reason ?? "declined"
            return .failure(.declined(reason: reason))
        default:
            return .failure(.gatewayUnavailable)  // 5xx, 429: the provider is busy
        }
    }
}
