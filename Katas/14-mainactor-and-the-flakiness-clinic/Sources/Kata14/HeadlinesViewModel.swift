import Foundation

/// The Headlines screen: a section picker, pull-to-refresh, and the list of stories.
///
/// The SwiftUI view reads `state`, and wires the controls like this:
///
///     Picker("Section", selection: ...) { ... }
///         .onChange(of: selection) { viewModel.select(selection) }
///     List { ... }
///         .task { await viewModel.refresh() }
///         .refreshable { await viewModel.refresh() }
///
/// (`.onChange` takes a synchronous closure: if `select` becomes `async`, that line has to change.)
@MainActor
final class HeadlinesViewModel {
    static let failureMessage = "Couldn't load the headlines. Pull to try again."

    private(set) var state: HeadlinesState = .idle
    private(set) var section: NewsSection = .top
    /// Called after every change of `state`; the screen redraws from it.
    var onChange: ((HeadlinesState) -> Void)?

    private let service: any HeadlinesService
    private var loadTask: Task<Void, Never>?

    init(service: any HeadlinesService = LiveHeadlinesService()) {
        self.service = service
    }

    /// The reader tapped a section in the picker.
    func select(_ section: NewsSection) {
        self.section = section
        reload()
    }

    /// Pull-to-refresh, and the first load when the screen appears.
    func refresh() async {
        reload()
    }

    private func reload() {
        loadTask?.cancel()  // the reader moved on: stop the old load
        let section = self.section
        loadTask = Task {
            show(.loading)
            do {
                let headlines = try await service.headlines(in: section)
                // Arranging several hundred stories must not stall scrolling: do it off the main actor.
                let arranged = await Task.detached(priority: .userInitiated) {
                    Headline.arranged(headlines)
                }.value
                show(.loaded(arranged))
            } catch {
                show(.failed(Self.failureMessage))
            }
        }
    }

    /// Views must only change on the main thread.
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
