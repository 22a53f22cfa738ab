/// Runs work somewhere: on a queue in the app, at once in a test.
public protocol Dispatching {
    func dispatch(_ work: @escaping () -> Void)
}

/// Counts taps on the queue it is handed.
public final class TapCounter {
    public var taps: Int { history.count }
    private var history: [Void] = []
    public var onChange: ((Int) -> Void)?
    private let dispatcher: any Dispatching

    public init(dispatcher: any Dispatching) {
        self.dispatcher = dispatcher
    }

    public func tap() {
        dispatcher.dispatch {
            self.history.append(())
            self.onChange?(self.history.count)
        }
    }
}
