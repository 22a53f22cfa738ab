import Foundation

/// Finds the delivery addresses in a postcode for the checkout form.
///
/// The form calls `lookUp(_:completion:)` when the customer has typed a postcode, shows a spinner,
/// and replaces it with the list of addresses, or with a message, when `completion` runs. The
/// promise the form relies on: `completion` runs exactly once per lookup, in a block on
/// `callbackQueue` (the main queue in the app), never before `lookUp` returns, and never after
/// the lookup was cancelled.
///
/// Postcodes are written the way the directory files them, in capitals without spaces: "sw18 1aa"
/// and "SW181AA" are one postcode, asked for and remembered once.
public final class AddressLookup {
    private let directory: AddressDirectory
    private let callbackQueue: DispatchQueue

    // The remembered postcodes live on a private serial queue instead of behind a lock.
    private let memory = DispatchQueue(label: "basket.address-lookup.memory")
    private var found: [String: [Address]] = [:]

    public init(
        directory: AddressDirectory = URLSessionAddressDirectory(),
        callbackQueue: DispatchQueue = .main
    ) {
        self.directory = directory
        self.callbackQueue = callbackQueue
    }

    /// Looks up the addresses in `postcode`. The returned handle cancels the lookup, for example
    /// when the customer types another postcode.
    @discardableResult
    public func lookUp(
        _ postcode: String,
        completion: @escaping (Result<[Address], LookupError>) -> Void
    ) -> LookupHandle {
        let handle = LookupHandle()
        let compact = postcode.filter { $0 != " " }
        let key = compact.uppercased()

        guard Self.isWellFormed(compact) else {
            handle.deliver(.failure(.malformedPostcode), to: completion, on: callbackQueue)
            return handle
        }
        if let addresses = memory.sync(execute: { found[key] }) {
            handle.deliver(.success(addresses), to: completion, on: callbackQueue)
            return handle
        }

        directory.fetchAddresses(in: key) { result in
            let lookupResult: Result<[Address], LookupError>
            switch result {
            case .success(let addresses) where addresses.isEmpty:
                lookupResult = .failure(.noAddresses)
            case .success(let addresses):
                self.memory.sync { self.found[key] = addresses }
                lookupResult = .success(addresses)
            case .failure:
                lookupResult = .failure(.directoryUnavailable)
            }
            handle.deliver(lookupResult, to: completion, on: self.callbackQueue)
        }
        return handle
    }

    /// 5 to 7 letters and digits, spaces already left out: "SW181AA", "e16an".
    static func isWellFormed(_ compact: String) -> Bool {
        (5...7).contains(compact.count) && compact.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
    }
}

/// Returned by `AddressLookup.lookUp(_:completion:)`. The form keeps it to cancel the lookup.
///
/// The result travels to the callback queue as a `DispatchWorkItem` the handle keeps, so `cancel()`
/// cancels that work item: one that is already queued then never runs.
public final class LookupHandle {
    private let lock = NSLock()
    private var cancelled = false
    private var delivery: DispatchWorkItem?

    /// Call it on the lookup's `callbackQueue`. After it, the lookup's `completion` never runs.
    public func cancel() {
        lock.lock()
        cancelled = true
        let queued = delivery
        lock.unlock()
        queued?.cancel()
    }

    func deliver(
        _ result: Result<[Address], LookupError>,
        to completion: @escaping (Result<[Address], LookupError>) -> Void,
        on queue: DispatchQueue
    ) {
        let item = DispatchWorkItem { completion(result) }
        lock.lock()
        guard !cancelled else {
            lock.unlock()
            return
        }
        delivery = item
        lock.unlock()
        queue.async(execute: item)
    }
}
