import Foundation

/// The sections of the Daybreak news app, as the section picker shows them.
enum NewsSection: String, Sendable, CaseIterable {
    case top, world, business, tech, sport
}

struct Headline: Equatable, Sendable, Codable {
    let id: Int
    let title: String
    let publishedAt: Date

    /// The API sends a story again each time an editor updates it. Keeps the newest version of
    /// each story, newest first. The Top section has several hundred stories, so the screen
    /// calls this off the main actor.
    static func arranged(_ headlines: [Headline]) -> [Headline] {
        var newest: [Int: Headline] = [:]
        for headline in headlines {
            if let kept = newest[headline.id], kept.publishedAt >= headline.publishedAt { continue }
            newest[headline.id] = headline
        }
        return newest.values.sorted {
            $0.publishedAt != $1.publishedAt ? $0.publishedAt > $1.publishedAt : $0.id < $1.id
        }
    }
}

/// What the Headlines screen shows.
enum HeadlinesState: Equatable, Sendable {
    case idle
    case loading
    case loaded([Headline])
    case failed(String)
}
