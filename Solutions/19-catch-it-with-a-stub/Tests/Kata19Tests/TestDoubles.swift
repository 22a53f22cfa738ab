import Foundation
import Kata19

/// A synchronous stub: runs each piece of work on the spot, before `dispatch` returns. While a piece
/// of work runs, `isRunningWork` is true, so a test can tell work the view model handed over from work
/// it did itself.
final class ImmediateDispatcher: Dispatching {
    private var depth = 0

    /// True while a piece of work handed to `dispatch` is running (a nested one too).
    var isRunningWork: Bool { depth > 0 }

    func dispatch(_ work: @escaping () -> Void) {
        depth += 1
        defer { depth -= 1 }
        work()
    }
}

/// A parcel source that answers what the test told it to, and counts its reads. `onRead` runs at each
/// read, before the answer, so a test can note what was true at that moment.
final class StubParcelSource: ParcelSource {
    var answer: Result<[Parcel], any Error>
    private(set) var reads = 0
    var onRead: (() -> Void)?

    init(parcels: [Parcel]) {
        answer = .success(parcels)
    }

    init(error: any Error) {
        answer = .failure(error)
    }

    func fetchParcels() throws -> [Parcel] {
        reads += 1
        onRead?()
        return try answer.get()
    }
}

struct CacheUnreadable: Error {}

/// One entry in a test's log of what happened: a state the screen heard, or a read of the cache.
enum Event: Equatable {
    case heard(DeliveriesState)
    case read
}

/// Parcels due on different days, so that "soonest first" has exactly one answer.
enum Parcels {
    static let charger = parcel("JD014600001", "Phone charger", day: 1)
    static let shoes = parcel("JD014600002", "Running shoes, size 42", day: 3)
    static let books = parcel("JD014600003", "Three paperbacks", day: 5)

    /// The order a courier might send them in: neither soonest first nor latest first.
    static let asSent = [shoes, books, charger]
    static let soonestFirst = [charger, shoes, books]

    private static func parcel(_ trackingNumber: String, _ description: String, day: Int) -> Parcel {
        let june1st2025 = Date(timeIntervalSince1970: 1_748_736_000)
        return Parcel(
            trackingNumber: trackingNumber, description: description,
            expectedOn: june1st2025.addingTimeInterval(Double(day - 1) * 86_400))
    }
}
