import Foundation

/// Finds the delivery addresses in a postcode for the checkout form.
///
/// The form calls `lookUp(_:completion:)` when the customer has typed a postcode, shows a spinner,
/// and replaces it with the list of addresses, or with a message, when `completion` runs. The
/// promise the form relies on: `completion` runs exactly once per lookup, in a block on
/// `callbackQueue` (the main queue in the app), never before `lookUp` returns, and never after
/// the lookup was cancelled.
///
/// A customer who types fast, or a form that looks up the postcode of the billing and the delivery
/// address at once, starts several lookups of one postcode. They share one request: the first
/// lookup asks the directory, the others wait for its answer.
public final class AddressLookup {
    private typealias Completion = (Result<[Address], LookupError>) -> Void

    private let directory: AddressDirectory
    private let callbackQueue: DispatchQueue

    // Everything below is read and written under `lock`: the directory calls back on any thread.
    private let lock = NSLock()
    private var found: [String: [Address]] = [:]
    private var waiting: [String: [(handle: LookupHandle, completion: Completion)]] = [:]

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
            deliver(.failure(.malformedPostcode), to: [(handle, completion)])
            return handle
        }

        enum Next {
            case answer([Address])
            case wait
            case ask
        }
        lock.lock()
        let next: Next
        if let addresses = found[postcode] {
            next = .answer(addresses)
        } else if waiting[postcode] != nil {
            waiting[postcode]!.append((handle, completion))
            next = .wait
        } else {
            waiting[postcode] = [(handle, completion)]
            next = .ask
        }
        lock.unlock()

        switch next {
        case .answer(let addresses):
            deliver(.success(addresses), to: [(handle, completion)])
        case .wait:
            break
        case .ask:
            // Outside the lock: the directory may answer before `fetchAddresses` returns.
            directory.fetchAddresses(in: postcode) { result in
                self.answer(postcode, with: result)
            }
        }
        return handle
    }

    private func answer(_ postcode: String, with result: Result<[Address], Error>) {
        let lookupResult: Result<[Address], LookupError>
        switch result {
        case .success(let addresses) where addresses.isEmpty: lookupResult = .failure(.noAddresses)
        case .success(let addresses): lookupResult = .success(addresses)
        case .failure: lookupResult = .failure(.directoryUnavailable)
        }

        lock.lock()
        if case .success(let addresses) = lookupResult {
            found[postcode] = addresses
        }
        let waiters = waiting.removeValue(forKey: postcode) ?? []
        lock.unlock()

        deliver(lookupResult, to: waiters)
    }

    /// One block on `callbackQueue` for every lookup that waited for this answer. Each lookup's
    /// cancel is checked in it, right before its completion runs.
    private func deliver(
        _ result: Result<[Address], LookupError>,
        to waiters: [(handle: LookupHandle, completion: Completion)]
    ) {
        guard !waiters.isEmpty else { return }
        callbackQueue.async {
            for waiter in waiters where !waiter.handle.isCancelled {
                waiter.completion(result)
            }
        }
    }

    /// 5 to 7 letters and digits, not counting spaces: "SW18 1AA", "e1 6an".
    static func isWellFormed(_ postcode: String) -> Bool {
        let characters = postcode.filter { $0 != " " }
        return (5...7).contains(characters.count)
            && characters.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
    }
}

/// Returned by `AddressLookup.lookUp(_:completion:)`. The form keeps it to cancel the lookup.
public final class LookupHandle {
    private let lock = NSLock()
    private var cancelled = false

    /// Call it on the lookup's `callbackQueue`. After it, the lookup's `completion` never runs.
    public func cancel() {
        lock.lock()
        cancelled = true
        lock.unlock()
    }

    var isCancelled: Bool {
        lock.lock()
        defer { lock.unlock() }
        return cancelled
    }
}
