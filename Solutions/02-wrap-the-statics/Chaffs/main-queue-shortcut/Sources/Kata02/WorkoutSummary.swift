/// One GPS fix of a run, reduced to what the summary needs.
public struct TrackPoint: Equatable, Sendable {
    /// Distance covered since the start, in meters.
    public var meters: Double
    /// Time since the start, in seconds.
    public var seconds: Double

    public init(meters: Double, seconds: Double) {
        self.meters = meters
        self.seconds = seconds
    }
}

/// The time one whole kilometer took.
public struct Split: Equatable, Sendable {
    public var kilometer: Int
    public var seconds: Double

    public init(kilometer: Int, seconds: Double) {
        self.kilometer = kilometer
        self.seconds = seconds
    }
}

/// What the app shows when a run ends. A real track has thousands of points,
/// so building one is work for a background queue.
public struct WorkoutSummary: Equatable, Sendable {
    public var meters: Double
    public var seconds: Double
    public var splits: [Split]

    public init(meters: Double, seconds: Double, splits: [Split]) {
        self.meters = meters
        self.seconds = seconds
        self.splits = splits
    }

    /// Walks the track and finds the moment each whole kilometer was crossed,
    /// interpolating between the two fixes around it.
    public init(track: [TrackPoint]) {
        var splits: [Split] = []
        var lastCrossing = 0.0
        for (from, to) in zip(track, track.dropFirst()) where to.meters > from.meters {
            var kilometer = splits.count + 1
            while Double(kilometer) * 1000 <= to.meters {
                let share = (Double(kilometer) * 1000 - from.meters) / (to.meters - from.meters)
                let crossing = from.seconds + share * (to.seconds - from.seconds)
                splits.append(Split(kilometer: kilometer, seconds: crossing - lastCrossing))
                lastCrossing = crossing
                kilometer += 1
            }
        }
        self.init(meters: track.last?.meters ?? 0, seconds: track.last?.seconds ?? 0, splits: splits)
    }

    /// The splits as the CSV file the share sheet offers: `km,time` then one line per kilometer.
    public func splitsCSV() -> String {
        var csv = "km,time\n"
        for split in splits {
            let total = Int(split.seconds.rounded())
            let seconds = total % 60
            csv += "\(split.kilometer),\(total / 60):\(seconds < 10 ? "0" : "")\(seconds)\n"
        }
        return csv
    }
}
