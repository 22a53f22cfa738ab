import Dispatch

/// Runs a piece of work: somewhere, sometime. The team's seam between its code and GCD.
///
/// Two promises make it safe in Swift 6:
/// - `Sendable`: one dispatcher is kept by many objects and used from any thread.
/// - `@Sendable` work: the work runs on another thread than the one that handed it over, so it
///   may only capture what is safe to share. The compiler now checks every closure sent here.
public protocol Dispatching: Sendable {
    func dispatch(_ work: @escaping @Sendable () -> Void)
}

/// The dispatcher the app uses: sends the work to a real queue and returns at once.
/// A struct whose only stored property is a `DispatchQueue` (itself `Sendable`).
public struct Dispatcher: Dispatching {
    public let queue: DispatchQueue

    public init(queue: DispatchQueue) {
        self.queue = queue
    }

    public func dispatch(_ work: @escaping @Sendable () -> Void) {
        queue.async(execute: work)
    }
}
