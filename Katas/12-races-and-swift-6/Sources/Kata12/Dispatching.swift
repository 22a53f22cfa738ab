import Dispatch

/// Runs a piece of work: somewhere, sometime. The team's seam between its code and GCD,
/// written years ago, before Swift had a word for "safe to send to another thread".
public protocol Dispatching {
    func dispatch(_ work: @escaping () -> Void)
}

/// The dispatcher the app uses: sends the work to a real queue and returns at once.
public struct Dispatcher: Dispatching {
    public let queue: DispatchQueue

    public init(queue: DispatchQueue) {
        self.queue = queue
    }

    public func dispatch(_ work: @escaping () -> Void) {
        queue.async(execute: work)
    }
}
