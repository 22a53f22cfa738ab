import Foundation

/// Finds the delivery addresses in a postcode for the checkout form.
///
/// The form calls `lookUp(_:completion:)` when the customer has typed a postcode, shows a spinner,
/// and replaces it with the list of addresses, or with a message, when `completion` runs. The
/// promise the form relies on: `completion` runs exactly once per lookup, in a block on
/// `callbackQueue` (the main queue in the app), never before `lookUp` returns, and never after
/// the lookup was cancelled.
public final class AddressLookup {
    private let directory: AddressDirectory
    private let callbackQueue: DispatchQueue

    // Postcodes the directory found addresses in, so that going back and forth in the form does
    // not ask the directory again. The directory calls back on any thread: `lock` guards it.
    private let lock = NSLock()
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
        let postcode = postcode.trimmingCharacters(in: CharacterSet(charactersIn: " "))

        guard Self.isWellFormed(postcode) else {
            deliver(.failure(.malformedPostcode), to: completion, unless: handle)
            return handle
        }
        if let addresses = remembered(postcode) {
            deliver(.success(addresses), to: completion, unless: handle)
            return handle
        }

        directory.fetchAddresses(in: postcode) { result in
            switch result {
            case .success(let addresses) where addresses.isEmpty:
                self.deliver(.failure(.noAddresses), to: completion, unless: handle)
            case .success(let addresses):
                self.remember(addresses, for: postcode)
                self.deliver(.success(addresses), to: completion, unless: handle)
            case .failure:
                self.deliver(.failure(.directoryUnavailable), to: completion, unless: handle)
            }
        }
        return handle
    }

    /// The one way a result reaches the form: a block on `callbackQueue`, which checks for a
    /// cancel at the last moment, right before it calls `completion`.
    private func deliver(
        _ result: Result<[Address], LookupError>,
        to completion: @escaping (Result<[Address], LookupError>) -> Void,
        unless handle: LookupHandle
    ) {
        callbackQueue.async {
            guard !handle.isCancelled else { return }
            completion(result)
        }
    }

    private func remembered(_ postcode: String) -> [Address]? {
        lock.lock()
        defer { lock.unlock() }
        return found[postcode]
    }

    private func remember(_ addresses: [Address], for postcode: String) {
        lock.lock()
        found[postcode] = addresses
        lock.unlock()
    }

    /// 5 to 7 letters and digits, not counting spaces: "SW18 1AA", "e1 6an".
    static func isWellFormed(_ postcode: String) -> Bool {
        let characters = postcode.filter { $0 != " " }
        return (5...7).contains(characters.count)
            && characters.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
    }
}

/// Returned by `AddressLookup.lookUp(_:completion:)`. The form keeps it to cancel the lookup.
///
/// It needs no lock: `cancel()` is called on the lookup's `callbackQueue`, and the block that
/// delivers reads the flag on that same serial queue, so the queue orders every access.
public final class LookupHandle {
    private(set) var isCancelled = false

    /// Call it on the lookup's `callbackQueue`. After it, the lookup's `completion` never runs.
    public func cancel() {
        isCancelled = true
    }
}
