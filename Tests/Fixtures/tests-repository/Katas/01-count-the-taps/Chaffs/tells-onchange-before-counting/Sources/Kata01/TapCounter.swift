/// Runs work somewhere: on a queue in the app, at once in a test.
public protocol Dispatching {
    func dispatch(_ work: @escaping () -> Void)
}

/// Counts taps on the queue it is handed.
public final class TapCounter {
    public private(set) var taps = 0
    public var onChange: ((Int) -> Void)?
    private let dispatcher: any Dispatching

    public init(dispatcher: any Dispatching) {
        self.dispatcher = dispatcher
    }

    public func tap() {
        dispatcher.dispatch {
            self.onChange?(self.taps)
            self.taps += 1
        }
    }
}
