import Dispatch

@testable import Kata03

/// A queue that runs work the moment it is handed over, on the caller's thread.
///
/// It conforms to the same protocol as the real `DispatchQueue`, so it has to spell out the
/// same requirement: the full `async(group:qos:flags:execute:)`. It ignores `qos` and `flags`
/// (there is no thread to prioritise) but honours `group`, as the real queue does.
final class ImmediateQueue: DispatchQueueType {
    func async(
        group: DispatchGroup?,
        qos: DispatchQoS,
        flags: DispatchWorkItemFlags,
        execute work: @escaping @Sendable @convention(block) () -> Void
    ) {
        group?.enter()
        work()
        group?.leave()
    }
}

/// A queue that keeps the work until the test says "now", to check the screen really sends
/// its work through the queue it was given, and to look at the label between two pieces of work.
final class HeldQueue: DispatchQueueType {
    private var held: [() -> Void] = []

    var isEmpty: Bool { held.isEmpty }
    /// How many pieces of work are waiting.
    var count: Int { held.count }

    func async(
        group: DispatchGroup?,
        qos: DispatchQoS,
        flags: DispatchWorkItemFlags,
        execute work: @escaping @Sendable @convention(block) () -> Void
    ) {
        group?.enter()
        held.append {
            work()
            group?.leave()
        }
    }

    /// Runs the piece of work that has waited longest.
    func runNext() {
        held.removeFirst()()
    }

    /// Runs everything handed over so far, in order.
    func runAll() {
        while !held.isEmpty {
            runNext()
        }
    }
}

/// What the bakery sells today.
enum Menu {
    static let croissant = Product(name: "Croissant", priceInCents: 250)
    static let sourdough = Product(name: "Sourdough loaf", priceInCents: 675)
    static let flatWhite = Product(name: "Flat white", priceInCents: 400)
}
