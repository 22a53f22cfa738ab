/// What one worker saw: how many cases of each kind and how long they took, and the failures,
/// to be merged with the other workers' and reported in case order.
struct FuzzTally: Sendable {
    struct Failure: Sendable {
        var index: Int
        var kind: FuzzInputGenerator.Kind
        var input: [UInt8]
        var problems: [String]
    }

    var cases = 0
    var refused = 0
    var sites = 0
    var timeByKind: [FuzzInputGenerator.Kind: (count: Int, time: Duration)] = [:]
    var slowest: (time: Duration, index: Int) = (.zero, 0)
    var failures: [Failure] = []

    mutating func merge(_ other: FuzzTally) {
        cases += other.cases
        refused += other.refused
        sites += other.sites
        for (kind, entry) in other.timeByKind {
            timeByKind[kind, default: (0, .zero)].count += entry.count
            timeByKind[kind, default: (0, .zero)].time += entry.time
        }
        if other.slowest.time > slowest.time { slowest = other.slowest }
        failures += other.failures
    }
}
