import Foundation

/// One conversation in the inbox, as the app caches it on disk.
struct Message: Equatable, Codable {
    var id: Int
    var sender: String
    var subject: String
    var sentAt: Date
    var isUnread: Bool
}

/// Everything the inbox screen can show.
enum InboxState: Equatable {
    /// Nothing requested yet.
    case idle
    /// A spinner: the messages are on their way.
    case loading
    /// The messages, newest first.
    case loaded([Message])
    /// "No messages yet" with an illustration.
    case empty
    /// "Couldn't load your inbox" with a Retry button.
    case failed
}
