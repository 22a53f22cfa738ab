#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The processor time the calling thread has used so far: what a case costs, whatever else the
/// machine is doing. `scripts/test` runs the fuzz at the lowest priority beside the kata
/// verification, so a case may wait seconds for a core; the wall clock would call that a parser
/// that does not scale.
///
/// ```swift
/// let started = ThreadCPUTime.now
/// parse(input)
/// let cost = ThreadCPUTime.now - started   // the same on an idle machine and a busy one
/// ```
enum ThreadCPUTime {
    static var now: Duration {
        var time = timespec()
        guard clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time) == 0 else { return .zero }
        return .seconds(time.tv_sec) + .nanoseconds(time.tv_nsec)
    }
}
