import Foundation

/// A value computed on another thread while the caller gets on with something else, and
/// waited for only where it is needed.
///
/// ```swift
/// let catalog = BackgroundValue { try? KataCatalog.load(from: repository) }
/// let result = try session.run(package: kata.directory, options: options)   // meanwhile
/// let next = catalog.value?.katas.first { $0.number > kata.number }
/// ```
final class BackgroundValue<Value: Sendable>: @unchecked Sendable {
    private let done = DispatchGroup()
    private var computed: Value?

    init(_ compute: @escaping @Sendable () -> Value) {
        done.enter()
        DispatchQueue.global().async {
            self.computed = compute()
            self.done.leave()
        }
    }

    /// A value that is already there.
    init(_ value: Value) {
        computed = value
    }

    /// Waits for the computation, once; the group orders the write before every read.
    var value: Value {
        done.wait()
        return computed!
    }
}
