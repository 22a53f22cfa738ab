/// What the chat server says about one person in the conversation. The server sends
/// `.started` again every few seconds while someone keeps typing, and `.stopped` when they stop
/// or send their message.
enum TypingEvent: Equatable, Sendable {
    case started(String)
    case stopped(String)
}

/// What the conversation header shows under the conversation's name.
enum TypingIndicator: Equatable, Sendable {
    /// Nobody is typing, or the screen is not listening: the line under the name is empty.
    case hidden
    /// These people are typing, in the order they started.
    case typing([String])
    /// The live connection ended: nobody can tell who is typing until it is back.
    case offline

    /// The words under the conversation's name, if any.
    var text: String? {
        switch self {
        case .hidden: nil
        case .typing(let names) where names.count == 1: "\(names[0]) is typing…"
        case .typing(let names) where names.count == 2: "\(names[0]) and \(names[1]) are typing…"
        case .typing: "Several people are typing…"
        case .offline: "Waiting for network…"
        }
    }

    /// The indicator after `event`: who started typing is added at the end, who stopped is removed.
    func after(_ event: TypingEvent) -> TypingIndicator {
        var names: [String] = []
        if case .typing(let typing) = self { names = typing }
        switch event {
        case .started(let name):
            if !names.contains(name) { names.append(name) }
        case .stopped(let name):
            names.removeAll { $0 == name }
        }
        return names.isEmpty ? .hidden : .typing(names)
    }
}
