import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The one network call the uploader makes.
public protocol ReceiptTransport {
    /// POSTs `body` and calls `completion` once, on any thread, with what came back:
    /// the reply's body and status code, or the error that stopped the request.
    /// Like `URLSession`, it still calls `completion` after `cancel()`, with an error.
    func send(_ body: Data, completion: @escaping (Data?, Int?, Error?) -> Void) -> TransportTask
}

/// A request in flight.
public protocol TransportTask {
    func cancel()
}

/// The transport the app ships with.
public struct URLSessionReceiptTransport: ReceiptTransport {
    public var endpoint: URL
    public var session: URLSession

    public init(
        endpoint: URL = URL(string: "https://api.spendwise.example/v2/receipts")!,
        session: URLSession = .shared
    ) {
        self.endpoint = endpoint
        self.session = session
    }

    public func send(_ body: Data, completion: @escaping (Data?, Int?, Error?) -> Void) -> TransportTask {
        var request = URLRequest(url: endpoint)
        request.httpMethod = "POST"
        request.setValue("image/jpeg", forHTTPHeaderField: "Content-Type")
        let task = session.uploadTask(with: request, from: body) { data, response, error in
            completion(data, (response as? HTTPURLResponse)?.statusCode, error)
        }
        task.resume()
        return task
    }
}

extension URLSessionTask: TransportTask {}
