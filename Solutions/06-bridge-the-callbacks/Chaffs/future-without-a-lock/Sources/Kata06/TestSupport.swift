// Test helpers for code that reports back through completion handlers.
//
// They wait with `XCTWaiter`, so this file imports XCTest. In an app you would put it in a
// test-support target that only test targets depend on; the guard keeps this module building
// wherever XCTest is missing.
#if canImport(XCTest)
    import XCTest

    /// Thrown when a completion handler is not called within the timeout.
    public struct CompletionTimedOut: Error, CustomStringConvertible {
        public let timeout: TimeInterval

        public var description: String {
            "the completion handler was not called within \(timeout) s"
        }
    }

    extension XCTestCase {
        /// Calls `function` with a completion handler and waits until the handler is called.
        /// Returns whatever the handler received.
        ///
        ///     let result = try waitForCompletion(of: store.fetchCurrentProfile)
        ///
        /// It cannot be called `await`: that is a keyword now, and `try await(...)` would parse as
        /// an `await` expression, not as a call.
        public func waitForCompletion<T>(
            of function: (@escaping (T) -> Void) -> Void,
            timeout: TimeInterval = 2
        ) throws -> T {
            let delivered = XCTestExpectation(description: "completion handler called")
            var value: T?
            function { result in
                value = result
                delivered.fulfill()
            }
            // XCTWaiter spins the run loop while it waits, so a handler that is delivered on the
            // main queue still runs. It returns the outcome instead of failing the test itself,
            // so the helper can throw.
            guard XCTWaiter().wait(for: [delivered], timeout: timeout) == .completed,
                let value
            else {
                throw CompletionTimedOut(timeout: timeout)
            }
            return value
        }

        /// The same, for functions that take one argument before their completion handler.
        ///
        ///     let result = try waitForCompletion(of: store.fetchProfile, calledWith: "grace")
        public func waitForCompletion<A, T>(
            of function: (A, @escaping (T) -> Void) -> Void,
            calledWith argument: A,
            timeout: TimeInterval = 2
        ) throws -> T {
            try waitForCompletion(of: { completion in function(argument, completion) }, timeout: timeout)
        }

        /// Waits for a future: returns its value or throws its error. One overload covers every
        /// API that returns a `Future`, whatever arguments it takes.
        ///
        ///     let posts = try waitForCompletion(of: store.recentPosts(by: "ada", limit: 2))
        public func waitForCompletion<Value>(
            of future: Future<Value>,
            timeout: TimeInterval = 2
        ) throws -> Value {
            try waitForCompletion(of: future.observe, timeout: timeout).get()
        }
    }
#endif
