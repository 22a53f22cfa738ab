import Foundation
import Kata05
import XCTest

/// What the fake server answers.
enum FakeReply {
    /// 201 Created with `{"url": "..."}`: the receipt is stored.
    case created(URL)
    /// Any status code, with a raw body.
    case status(Int, body: String)
    /// A status code and no body at all: `nil` data.
    case noBody(status: Int)
    /// A reply that carries no status code and no error, as a response that is not HTTP.
    case noStatus
    /// No answer at all: the request fails with an error, as when the phone is offline.
    case networkDown
}

/// A network that answers when the test says so, on the test's own thread.
///
/// `send` keeps each request waiting until the test calls `answer(with:)`, or answers at once
/// when `autoReply` is set. `cancel()` behaves like `URLSession`: the request's completion is
/// still called, with an error; with `callsBackWhenCancelled` off, the request is dropped
/// without a word, as a transport may do. Everything happens synchronously, so by the time
/// `answer` or `cancel` returns, the uploader has seen the reply and queued whatever it queues.
final class FakeTransport: ReceiptTransport {
    struct NetworkDown: Error {}
    struct Cancelled: Error {}

    /// When set, every request is answered with this reply as soon as it is sent.
    var autoReply: FakeReply?
    /// Called with each request body once the fake has taken the request, and, with
    /// `autoReply`, answered it: whatever the uploader queues for the reply is queued by then.
    var afterSend: ((Data) -> Void)?
    /// Whether a cancelled request's completion is still called, with an error (`URLSession`
    /// does), or the request is let go without a call.
    var callsBackWhenCancelled = true
    /// The bodies of all requests sent so far.
    private(set) var sentBodies: [Data] = []

    private var waiting: [(id: Int, completion: (Data?, Int?, Error?) -> Void)] = []
    /// Answers given while no request was waiting, for the requests sent later, oldest first.
    private var earlyAnswers: [FakeReply] = []
    private var nextID = 0

    init(autoReply: FakeReply? = nil) {
        self.autoReply = autoReply
    }

    func send(_ body: Data, completion: @escaping (Data?, Int?, Error?) -> Void) -> TransportTask {
        sentBodies.append(body)
        if let reply = autoReply ?? (earlyAnswers.isEmpty ? nil : earlyAnswers.removeFirst()) {
            Self.deliver(reply, to: completion)
            afterSend?(body)
            return FakeTask {}
        }
        nextID += 1
        let id = nextID
        waiting.append((id, completion))
        afterSend?(body)
        return FakeTask { [weak self] in self?.cancelRequest(id) }
    }

    /// Answers the oldest request still waiting for an answer.
    ///
    /// With no request waiting, the test fails, and the answer is kept for the next request, so
    /// that the test does not also wait out its timeout for a reply that never comes.
    func answer(with reply: FakeReply, file: StaticString = #filePath, line: UInt = #line) {
        guard !waiting.isEmpty else {
            XCTFail(
                "No request is waiting for an answer: upload(_:completion:) should hand the request to the transport before it returns.",
                file: file, line: line)
            earlyAnswers.append(reply)
            return
        }
        let request = waiting.removeFirst()
        Self.deliver(reply, to: request.completion)
    }

    private func cancelRequest(_ id: Int) {
        guard let index = waiting.firstIndex(where: { $0.id == id }) else { return }
        let request = waiting.remove(at: index)
        if callsBackWhenCancelled { request.completion(nil, nil, Cancelled()) }
    }

    private static func deliver(_ reply: FakeReply, to completion: (Data?, Int?, Error?) -> Void) {
        switch reply {
        case .created(let url):
            completion(Data(#"{"url": "\#(url.absoluteString)"}"#.utf8), 201, nil)
        case .status(let code, let body):
            completion(Data(body.utf8), code, nil)
        case .noBody(let code):
            completion(nil, code, nil)
        case .noStatus:
            completion(nil, nil, nil)
        case .networkDown:
            completion(nil, nil, NetworkDown())
        }
    }
}

struct FakeTask: TransportTask {
    let onCancel: () -> Void
    func cancel() { onCancel() }
}

extension Receipt {
    static let lunch = Receipt(id: "lunch-0412", jpeg: Data(repeating: 0xFF, count: 2_048))
    static let taxi = Receipt(id: "taxi-0412", jpeg: Data(repeating: 0xD8, count: 1_024))
    static let hotel = Receipt(id: "hotel-0412", jpeg: Data(repeating: 0xE0, count: 4_096))
    /// A 5 MB scan: over `ReceiptUploader.maxBytes`.
    static let hugeScan = Receipt(id: "scan-0412", jpeg: Data(count: 5_000_000))
}

extension URL {
    static let lunchReceipt = URL(string: "https://receipts.spendwise.example/r/lunch-0412")!
    static let taxiReceipt = URL(string: "https://receipts.spendwise.example/r/taxi-0412")!
    static let hotelReceipt = URL(string: "https://receipts.spendwise.example/r/hotel-0412")!
}
