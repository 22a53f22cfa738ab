import Foundation

/// The Headlines screen: a section picker, pull-to-refresh, and the list of stories.
///
/// The SwiftUI view reads `state`, and wires the controls like this:
///
///     Picker("Section", selection: ...) { ... }
///         .onChange(of: selection) { Task { await viewModel.select(selection) } }
///     List { ... }
///         .task { await viewModel.refresh() }
///         .refreshable { await viewModel.refresh() }
///
/// Every action is `async` and returns when its work is done, so `.refreshable` keeps its spinner
/// up until the headlines are on screen, and a test can simply await the action.
@MainActor
final class HeadlinesViewModel {
    static let failureMessage = "Couldn't load the headlines. Pull to try again."

    private(set) var state: HeadlinesState = .idle
    private(set) var section: NewsSection = .top
    /// Called after every change of `state`; the screen redraws from it.
    var onChange: ((HeadlinesState) -> Void)?

    private let service: any HeadlinesService
    /// The request in flight, kept so that the next load can cancel it.
    private var currentRequest: Task<[Headline], any Error>?

    init(service: any HeadlinesService = LiveHeadlinesService()) {
        self.service = service
    }

    /// The reader tapped a section in the picker. Returns when that section's headlines, or
    /// the failure, are on screen, or when a newer load took over.
    func select(_ section: NewsSection) async {
        self.section = section
        await reload()
    }

    /// Pull-to-refresh, and the first load when the screen appears. Returns when the headlines,
    /// or the failure, are on screen, or when a newer load took over.
    func refresh() async {
        await reload()
    }

    /// Only the request runs in a task of its own, so that the next load can cancel it. The rest
    /// of the load runs right here, in the caller's task, and the caller awaits it all.
    private func reload() async {
        currentRequest?.cancel()  // the reader moved on: stop the old request
        let section = self.section
        let service = self.service
        show(.loading)
        let request = Task { try await service.headlines(in: section) }
        currentRequest = request
        do {
            let headlines = try await request.value
            // Arranging several hundred stories must not stall scrolling: do it off the main actor,
            // and wait for it like for everything else.
            let arranged = await Task.detached(priority: .userInitiated) {
                Headline.arranged(headlines)
            }.value
            // cancel() only marks the request as cancelled. A reply that arrives after the reader
            // moved on must not reach the screen.
            guard !request.isCancelled else { return }
            show(.loaded(arranged))
        } catch {
            // Cancelled: a newer load owns the screen now. Not an error to show.
            guard !request.isCancelled else { return }
            show(.failed(Self.failureMessage))
        }
    }

    /// Views must only change on the main thread. The load is awaited now, so this check is
    /// harmless: on the main thread it sets the state at once.
    private func show(_ newState: HeadlinesState) {
        if Thread.isMainThread {
            state = newState
            onChange?(newState)
        } else {
            DispatchQueue.main.async {
                self.state = newState
                self.onChange?(newState)
            }
        }
    }
}
