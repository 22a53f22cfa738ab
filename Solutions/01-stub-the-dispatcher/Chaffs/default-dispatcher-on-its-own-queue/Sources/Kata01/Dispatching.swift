import Dispatch

/// Runs a piece of work: somewhere, sometime. The seam between the inbox and GCD.
protocol Dispatching {
    func dispatch(_ work: @escaping () -> Void)
}

/// The dispatcher the app uses: sends the work to a real queue and returns at once.
struct Dispatcher: Dispatching {
    let queue: DispatchQueue

    func dispatch(_ work: @escaping () -> Void) {
        queue.async { work() }
    }
}
