import Foundation
import Testing

@testable import Kata15

// The helpers the tests use. You don't write them; they only use the seam the README names:
// `onChange`, and the task the test runs `run()` in.

/// Everything the header was told to show, in order, through `onChange`; and a way for the test
/// to wait for the next thing it shows.
@MainActor
final class ScreenRecording {
    /// Every indicator `onChange` reported, in order.
    private(set) var states: Shown = []
    /// What the view model's `indicator` held at the moment of each call of `onChange`, in order.
    private(set) var heldDuringOnChange: Shown = []
    private var unclaimed: [TypingIndicator] = []  // reported, but no test has waited for it yet
    private var waiting: FirstAnswer<TypingIndicator?>?

    init(of viewModel: TypingIndicatorViewModel) {
        viewModel.onChange = { [weak self, weak viewModel] indicator in
            if let viewModel { self?.heldDuringOnChange.append(viewModel.indicator) }
            self?.record(indicator)
        }
    }

    /// Waits for the next change `onChange` reports, and returns it. Returns nil if `run` (the
    /// test's task around `run()`) ends first, if no change comes within a second, or if the test
    /// is cancelled (its time limit ran out) while it waits. Each change is returned once, in the order it was reported.
    func nextChange(during run: Task<Void, Never>) async -> TypingIndicator? {
        if !unclaimed.isEmpty { return unclaimed.removeFirst() }
        let answer = FirstAnswer<TypingIndicator?>()
        waiting = answer
        Task {
            await run.value
            answer.give(nil)
        }
        // A bound a passing run never reaches: a change that never comes fails the test's
        // expectation after a second instead of waiting for the time limit.
        DispatchQueue.global().asyncAfter(deadline: .now() + 1) { answer.give(nil) }
        let change = await withTaskCancellationHandler {
            await answer.value()
        } onCancel: {
            answer.give(nil)
        }
        if waiting === answer { waiting = nil }
        return change
    }

    /// Runs once, inside `onChange`, the next time it reports a change: while the view model is
    /// in the middle of showing it, before `run()` can take another event.
    func whenTheNextChangeIsShown(_ action: @escaping @MainActor (TypingIndicator) -> Void) {
        duringNextChange = action
    }
    private var duringNextChange: (@MainActor (TypingIndicator) -> Void)?

    private func record(_ indicator: TypingIndicator) {
        states.append(indicator)
        if let action = duringNextChange {
            duringNextChange = nil
            action(indicator)
        }
        if let waiting, waiting.give(indicator) {
            self.waiting = nil
        } else {
            unclaimed.append(indicator)
        }
    }
}

extension Task where Success == Void, Failure == Never {
    /// Waits until this task ends, and returns true. Returns false if it has not ended within a
    /// second, or if the test is cancelled (its time limit ran out) first: a `run()` that never returns fails the test instead of hanging it.
    func endsBeforeTheTimeLimit() async -> Bool {
        let answer = FirstAnswer<Bool>()
        Task<Void, Never> {
            await self.value
            answer.give(true)
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + 1) { answer.give(false) }
        return await withTaskCancellationHandler {
            await answer.value()
        } onCancel: {
            answer.give(false)
        }
    }
}

/// The first of several possible answers, handed to whoever waits for it. Later answers are
/// ignored. Lets a test wait for "whichever comes first" without a clock.
final class FirstAnswer<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var answer: Value?
    private var waiter: CheckedContinuation<Value, Never>?

    /// Returns false, and does nothing, if an answer was given already.
    @discardableResult
    func give(_ value: Value) -> Bool {
        lock.lock()
        guard answer == nil else {
            lock.unlock()
            return false
        }
        answer = value
        let waiting = waiter
        waiter = nil
        lock.unlock()
        waiting?.resume(returning: value)
        return true
    }

    func value() async -> Value {
        await withCheckedContinuation { continuation in
            lock.lock()
            if let answer {
                lock.unlock()
                continuation.resume(returning: answer)
            } else {
                waiter = continuation
                lock.unlock()
            }
        }
    }
}

extension TypingIndicator: CustomTestStringConvertible {
    /// `hidden`, `typing(Alex, Sam)`, `offline`: short enough to read in a failure.
    public var testDescription: String {
        switch self {
        case .hidden: "hidden"
        case .typing(let names): "typing(\(names.joined(separator: ", ")))"
        case .offline: "offline"
        }
    }
}

/// A list of indicators that prints readably in a failed expectation.
struct Shown: Equatable, ExpressibleByArrayLiteral, Sequence, CustomTestStringConvertible {
    private(set) var indicators: [TypingIndicator]

    init(_ indicators: [TypingIndicator]) { self.indicators = indicators }
    init(arrayLiteral indicators: TypingIndicator...) { self.indicators = indicators }

    mutating func append(_ indicator: TypingIndicator) { indicators.append(indicator) }
    func makeIterator() -> IndexingIterator<[TypingIndicator]> { indicators.makeIterator() }

    /// The indicators other than the ones listed, in order.
    func except(_ expected: TypingIndicator...) -> Shown { Shown(indicators.filter { !expected.contains($0) }) }

    var testDescription: String { "[" + indicators.map(\.testDescription).joined(separator: ", ") + "]" }
}

extension TypingEvent: CustomTestStringConvertible {
    public var testDescription: String {
        switch self {
        case .started(let name): "started(\(name))"
        case .stopped(let name): "stopped(\(name))"
        }
    }
}
