/// One bus or tram leaving the stop soon.
public struct Departure: Equatable, Codable, Sendable {
    /// The line, as on the front of the bus: "N12", "4".
    public var line: String
    /// Where it goes: "Harbour", "Old Town via Station".
    public var destination: String
    /// Minutes until it leaves.
    public var minutes: Int

    public init(line: String, destination: String, minutes: Int) {
        self.line = line
        self.destination = destination
        self.minutes = minutes
    }
}

/// Everything the departures board can show.
public enum DeparturesState: Equatable, Sendable {
    /// Nothing asked for yet.
    case idle
    /// A spinner over the board.
    case loading
    /// The departures, the soonest first. An empty list reads "No departures in the next hour".
    case showing([Departure])
    /// A message for the user; pull down to try again.
    case failed(String)
}
