import Foundation

/// Where the departures come from. Reading is slow and blocking: never call it on the main queue.
public protocol Timetable {
    func nextDepartures() throws -> [Departure]
}

/// The app's timetable: the realtime feed for one stop, which a sync job saves to a JSON file every
/// thirty seconds. Decoding the city's feed takes a while on an older phone.
public struct CachedTimetable: Timetable {
    public var fileURL: URL

    public init(fileURL: URL) {
        self.fileURL = fileURL
    }

    public func nextDepartures() throws -> [Departure] {
        let data = try Data(contentsOf: fileURL)
        return try JSONDecoder().decode([Departure].self, from: data)
    }
}
