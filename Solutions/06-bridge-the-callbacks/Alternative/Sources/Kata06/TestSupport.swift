// Test helpers for code that reports back through completion handlers: free functions this
// time, usable from any XCTestCase (or any other code that links XCTest).
#if canImport(XCTest)
    import Foundation
    import XCTest

    /// Why a wait for a completion handler ended without a value.
    enum WaitForCompletionError: Error, Equatable {
        /// The handler was not called within the timeout.
        case notCalled(within: TimeInterval)
    }

    /// Holds what a completion handler delivered, for the thread that waits for it.
    private final class Delivery<T>: @unchecked Sendable {
        private let lock = NSLock()
        private var value: T?

        func store(_ newValue: T) {
            lock.lock()
            defer { lock.unlock() }
            if value == nil { value = newValue }  // the first call wins
        }

        var stored: T? {
            lock.lock()
            defer { lock.unlock() }
            return value
        }
    }

    /// Calls `function` with a completion handler and waits until the handler is called.
    /// Returns whatever the handler received.
    func waitForCompletion<T>(
        of function: (@escaping (T) -> Void) -> Void,
        timeout: TimeInterval = 2
    ) throws -> T {
        let called = XCTestExpectation(description: "completion handler called")
        let delivery = Delivery<T>()
        function { value in
            delivery.store(value)
            called.fulfill()
        }
        // The class method keeps the main run loop turning too; it returns the outcome
        // instead of recording a failure.
        let outcome = XCTWaiter.wait(for: [called], timeout: timeout)
        switch (outcome, delivery.stored) {
        case (.completed, let value?): return value
        default: throw WaitForCompletionError.notCalled(within: timeout)
        }
    }

    /// The same, for functions that take one argument before their completion handler.
    func waitForCompletion<A, T>(
        of function: (A, @escaping (T) -> Void) -> Void,
        calledWith argument: A,
        timeout: TimeInterval = 2
    ) throws -> T {
        try waitForCompletion(of: { function(argument, $0) }, timeout: timeout)
    }

    /// Waits for a future: returns its value or throws its error.
    func waitForCompletion<Value>(
        of future: Future<Value>,
        timeout: TimeInterval = 2
    ) throws -> Value {
        let result: Result<Value, Error> = try waitForCompletion(
            of: { future.observe($0) }, timeout: timeout)
        return try result.get()
    }
#endif
