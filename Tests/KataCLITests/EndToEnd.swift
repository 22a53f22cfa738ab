import Testing

/// Every end-to-end suite nests in this one, so they run one test at a time.
///
/// An end-to-end test blocks its thread while `kata` builds and runs a fixture, and Swift
/// Testing's thread pool is only as wide as the machine has cores. On CI's two cores, two of
/// them at once would leave no thread for the katas' own tests in the same run, whose watchdog
/// time limits then fire (seen: kata 14's tests "exceeded" a minute they never got to use).
@Suite(.serialized)
enum EndToEnd {}
