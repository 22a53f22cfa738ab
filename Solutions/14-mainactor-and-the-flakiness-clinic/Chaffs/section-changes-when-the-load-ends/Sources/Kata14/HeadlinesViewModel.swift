/// The Headlines screen: a section picker, pull-to-refresh, and the list of stories.
///
/// The SwiftUI view reads `state`, and wires the controls like this:
///
///     Picker("Section", selection: ...) { ... }
///         .task(id: selection) { await viewModel.select(selection) }
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
    private var inFlight: Task<Void, Never>?
    /// Counts the loads started. Only the newest one may change the screen.
    private var generation = 0

    init(service: any HeadlinesService = LiveHeadlinesService()) {
        self.service = service
    }

    /// The reader tapped a section in the picker. Returns when that section's headlines, or
    /// the failure, are on screen, or when a newer load took over.
    func select(_ section: NewsSection) async {
        await startLoad(section).value
        // `section` says what the screen shows, so it changes once the new section's load is over.
        self.section = section
    }

    /// Pull-to-refresh, and the first load when the screen appears. Returns when the headlines,
    /// or the failure, are on screen, or when a newer load took over.
    func refresh() async {
        await startLoad(section).value
    }

    /// Cancels the load in flight, shows loading and starts the new load at once; the caller
    /// awaits the returned task. A caller that is cancelled stops waiting, and leaves the load
    /// running: its result is still the newest.
    private func startLoad(_ section: NewsSection) -> Task<Void, Never> {
        inFlight?.cancel()
        generation += 1
        let myGeneration = generation
        show(.loading)
        let load = Task {
            let outcome: Result<[Headline], any Error>
            do {
                outcome = .success(await Self.arranged(try await service.headlines(in: section)))
            } catch {
                outcome = .failure(error)
            }
            // A newer load owns the screen now: this one's headlines, or its error (most likely
            // the cancellation), must not reach it.
            guard myGeneration == generation else { return }
            switch outcome {
            case .success(let headlines): show(.loaded(headlines))
            case .failure: show(.failed(Self.failureMessage))
            }
        }
        inFlight = load
        return load
    }

    /// Arranging several hundred stories must not stall scrolling. A `nonisolated` async function
    /// runs off the main actor, on the global executor, and the caller awaits it.
    private nonisolated static func arranged(_ headlines: [Headline]) async -> [Headline] {
        Headline.arranged(headlines)
    }

    /// The class is @MainActor, so the compiler already guarantees this runs on the main actor.
    private func show(_ newState: HeadlinesState) {
        state = newState
        onChange?(newState)
    }
}
