import Dispatch

/// Runs a piece of work: somewhere, sometime. The seam between the inbox and GCD.
protocol Dispatching {
    func dispatch(_ work: @escaping () -> Void)
}

/// The dispatcher the app uses: runs the work on a real queue.
struct Dispatcher: Dispatching {
    let queue: DispatchQueue

    /// `sync` still runs the work on `queue`, and when `dispatch` returns the work is done,
    /// so nobody has to wait for it afterwards.
    func dispatch(_ work: @escaping () -> Void) {
        queue.sync { work() }
    }
}
