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
    /// The load in flight, kept so that the next load can cancel it.
    private var currentLoad: Task<Void, Never>?

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

    private func reload() async {
        currentLoad?.cancel()  // the reader moved on: stop the old load
        // Let the old load finish cleaning up before the new one starts, so that the two never
        // touch the screen at the same time.
        await currentLoad?.value
        let section = self.section
        let load = Task { await self.load(section) }
        currentLoad = load
        // Wait for the load. If our caller is cancelled (the screen went away), cancel the load too:
        // an unstructured Task does not inherit its creator's cancellation.
        await withTaskCancellationHandler {
            await load.value
        } onCancel: {
            load.cancel()
        }
    }

    private func load(_ section: NewsSection) async {
        show(.loading)
        do {
            let headlines = try await service.headlines(in: section)
            // Arranging several hundred stories must not stall scrolling: do it off the main actor,
            // and wait for it like for everything else.
            let arranged = await Task.detached(priority: .userInitiated) {
                Headline.arranged(headlines)
            }.value
            // cancel() only marks a task as cancelled. A reply that arrives after the reader moved
            // on must not reach the screen.
            try Task.checkCancellation()
            show(.loaded(arranged))
        } catch {
            // Cancelled: a newer load (or nobody) owns the screen now. Not an error to show.
            guard !Task.isCancelled else { return }
            show(.failed(Self.failureMessage))
        }
    }

    /// The class is @MainActor, so the compiler already guarantees this runs on the main actor:
    /// no thread check, no hop.
    private func show(_ newState: HeadlinesState) {
        state = newState
        onChange?(newState)
    }
}
