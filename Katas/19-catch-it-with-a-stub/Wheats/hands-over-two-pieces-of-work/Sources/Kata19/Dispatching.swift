import Dispatch

/// Runs a piece of work: somewhere, sometime. The seam between the view model and GCD.
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
        queue.async { work() }
    }
}
