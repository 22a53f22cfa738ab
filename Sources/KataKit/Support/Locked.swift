import Foundation

/// A value that several threads share, reached only while holding its lock.
///
/// The one lock helper of the module, as swift-clocks has one `Lock`: a type that used to keep an
/// `NSLock` beside its state and mark itself `@unchecked Sendable` keeps a `Locked` instead, and the
/// compiler checks the rest.
///
/// ```swift
/// let finished = Locked(0)
/// DispatchQueue.concurrentPerform(iterations: 10) { _ in finished.withLock { $0 += 1 } }
/// finished.value   // 10
/// ```
///
/// `Synchronization.Mutex` does the same job but needs macOS 15; the tool supports macOS 13.
package final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var protected: Value

    package init(_ value: Value) {
        protected = value
    }

    /// Runs `body` with the value while holding the lock; keep it short, and never block in it.
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&protected)
    }

    /// A copy of the value as it is now.
    package var value: Value { withLock { $0 } }
}
