import Foundation

/// The line that moves while `swift test` builds and runs a kata, so a first build that takes a
/// minute never looks like a hang. It reads SwiftPM's `[12/40]` steps from the output as it
/// arrives, and only ever draws on a terminal (the caller decides), always on one line.
///
/// ```swift
/// let spinner = ProgressSpinner(console: console, message: "Building")
/// spinner.start()
/// spinner.observe("[12/40] Compiling Kata01 Inbox.swift\n")   // ⠹ Building (12/40)…
/// spinner.stop()                                               // the line is erased
/// ```
public final class ProgressSpinner: Sendable {
    private static let frames = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]
    private let console: Console
    private let state: Locked<State>

    private struct State {
        var message: String
        var step: String?
        var frame = 0
        var timer: DispatchSourceTimer?
    }

    public init(console: Console, message: String) {
        self.console = console
        self.state = Locked(State(message: message))
    }

    public func start() {
        let timer = DispatchSource.makeTimerSource(queue: .global())
        timer.schedule(deadline: .now(), repeating: .milliseconds(100))
        timer.setEventHandler { [weak self] in self?.draw() }
        state.withLock { $0.timer = timer }
        timer.resume()
    }

    /// Follows the build: `[n/m]` steps while compiling, then the tests.
    public func observe(_ output: String) {
        state.withLock { state in
            for line in output.split(separator: "\n") {
                if line.hasPrefix("["), let close = line.firstIndex(of: "]"),
                    line[line.index(after: line.startIndex)..<close].contains("/")
                {
                    state.message = "Building"
                    state.step = String(line[line.index(after: line.startIndex)..<close])
                } else if line.hasPrefix("Build complete!") || line.hasPrefix("Test Suite ")
                    || line.hasPrefix("◇ Test run started")
                {
                    state.message = "Running the tests"
                    state.step = nil
                }
            }
        }
    }

    /// Replaces the message, e.g. `run 3 of 200` for repeated runs.
    public func say(_ newMessage: String) {
        state.withLock {
            $0.message = newMessage
            $0.step = nil
        }
    }

    /// Stops and erases the line, so what follows starts clean.
    public func stop() {
        state.withLock { state in
            guard let timer = state.timer else { return }
            timer.cancel()
            state.timer = nil
            console.write("\r\u{1B}[K")
        }
    }

    // Drawing under the lock keeps a late tick from redrawing after `stop()` erased the line.
    private func draw() {
        state.withLock { state in
            guard state.timer != nil else { return }
            state.frame = (state.frame + 1) % Self.frames.count
            let text = Self.frames[state.frame] + " " + state.message + (state.step.map { " (\($0))" } ?? "") + "…"
            console.write("\r\u{1B}[K" + console.style.dim(text))
        }
    }
}
