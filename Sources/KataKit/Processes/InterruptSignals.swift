import Foundation

/// SIGINT (Ctrl-C) and SIGTERM, handled on a queue rather than in a signal handler, so the
/// handler may take locks, stop processes and write.
enum InterruptSignals {
    /// Ignores both signals' default action and runs `handler` when either arrives; keep the
    /// returned sources alive (and cancel them) for as long as the handling should last.
    static func handle(_ handler: @escaping @Sendable () -> Void) -> [DispatchSourceSignal] {
        [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler(handler: handler)
            source.resume()
            return source
        }
    }
}
