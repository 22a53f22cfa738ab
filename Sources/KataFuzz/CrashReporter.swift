#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Names the case that crashed the fuzzer. A crash (a Swift trap, a stack overflow in a parser)
/// cannot be caught, so a signal handler writes the case's number before the process dies, with
/// nothing but `write(2)`: the one kind of code that is safe in a handler.
enum CrashReporter {
    /// The case each worker is on (-1 when idle) and the run's seed, read by the handler, which
    /// cannot tell which worker crashed and so names every case in progress.
    nonisolated(unsafe) static var currentCases = UnsafeMutablePointer<Int>.allocate(capacity: 1)
    nonisolated(unsafe) static var workers = 0
    nonisolated(unsafe) static var seed: UInt64 = 0

    static func install(seed: UInt64, workers: Int) {
        self.seed = seed
        self.workers = workers
        currentCases = UnsafeMutablePointer<Int>.allocate(capacity: workers)
        currentCases.initialize(repeating: -1, count: workers)
        for number in [SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGABRT, SIGFPE] {
            var action = sigaction()
            #if canImport(Glibc)
                action.__sigaction_handler.sa_handler = handle
            #else
                action.__sigaction_u.__sa_handler = handle
            #endif
            action.sa_flags = Int32(SA_ONSTACK) | Int32(bitPattern: UInt32(SA_RESETHAND))
            sigaction(number, &action, nil)
        }
    }

    /// Called by worker `worker` on its own thread; it also gives that thread a stack for the
    /// handler, which a stack overflow would otherwise leave without one.
    static func caseStarted(_ index: Int, worker: Int) {
        if currentCases[worker] == -1, index >= 0 { installAlternateStack() }
        currentCases[worker] = index
    }

    private static func installAlternateStack() {
        let size = 1 << 16
        var stack = stack_t()
        stack.ss_sp = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16)
        stack.ss_size = size
        stack.ss_flags = 0
        sigaltstack(&stack, nil)
    }

    private static let handle: @convention(c) (Int32) -> Void = { number in
        writeText("\nkata-fuzz: crashed (signal ")
        writeNumber(UInt64(number))
        writeText("); the cases in progress were")
        for worker in 0..<CrashReporter.workers where CrashReporter.currentCases[worker] >= 0 {
            writeText(" ")
            writeNumber(UInt64(CrashReporter.currentCases[worker]))
        }
        writeText("; repeat one with: kata-fuzz --seed ")
        writeNumber(CrashReporter.seed)
        writeText(" --case N\n")
        raise(number)
    }

    private static func writeText(_ text: StaticString) {
        _ = write(2, text.utf8Start, text.utf8CodeUnitCount)
    }

    private static func writeNumber(_ value: UInt64) {
        var digits:
            (
                UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8
            ) =
                (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &digits) { buffer in
            var remaining = value
            var start = buffer.count
            repeat {
                start -= 1
                buffer[start] = UInt8(ascii: "0") + UInt8(remaining % 10)
                remaining /= 10
            } while remaining > 0
            _ = write(2, buffer.baseAddress! + start, buffer.count - start)
        }
    }
}
