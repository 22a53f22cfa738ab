import ArgumentParser
import Foundation
import KataKit

/// `kata-fuzz`: throws random and mutated READMEs at the front-matter and markdown pipeline, and
/// fails on a crash, an error that is not a ``KataError``, site HTML that could run a script, or a
/// case that takes more than 2 s of processor time (``ThreadCPUTime``: a busy machine is no failure).
///
/// ```sh
/// swift run -c release kata-fuzz                         # 100,000 cases, a new seed each run (printed)
/// swift run -c release kata-fuzz --seed 42 --case 1234   # one case again, with its input
/// swift run -c release kata-fuzz --cases 1000000         # a longer hunt
/// ```
/// Ends with "fuzz: N cases, N failed, in S s (seed S)"; exits 1 when a case failed.
@main
struct KataFuzz: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "kata-fuzz",
        abstract: "Throw random and mutated READMEs at the front-matter and markdown pipeline.",
        discussion: """
            Fails on a crash, an error that is not a KataError, site HTML that could run a script, or a \
            case that takes more than 2 s of processor time (a parser that does not scale; time spent \
            waiting for a core does not count, so it may run at a low priority beside other work). \
            Ends with "fuzz: N cases, N failed, in S s (seed S)"; exits 1 when a case failed.
            """
    )

    @Option(help: "The seed of the random inputs. Default: KATA_FUZZ_SEED, or a new one each run (printed).")
    var seed: UInt64?

    @Option(help: "How many cases to run.")
    var cases = 100_000

    @Option(name: .customLong("case"), help: "Run only this case, and show its input first.")
    var only: Int?

    @Option(help: "How many threads run cases. Default: 2, or 1 on a single core.")
    var jobs: Int?

    func validate() throws {
        guard cases > 0 else { throw ValidationError("--cases takes a positive number of cases, e.g. --cases 1000.") }
        if let jobs, jobs < 1 { throw ValidationError("--jobs takes a number of threads from 1 up, e.g. --jobs 2.") }
    }

    func run() throws {
        let seed =
            seed
            ?? ProcessInfo.processInfo.environment["KATA_FUZZ_SEED"].flatMap { UInt64($0) }
            ?? UInt64.random(in: 0...UInt64(UInt32.max))
        let jobs = jobs ?? min(2, ProcessInfo.processInfo.activeProcessorCount)

        let generator = FuzzInputGenerator(corpus: Self.corpus())
        let scope = only.map { "case \($0)" } ?? "\(cases) cases on \(jobs) threads"
        print("kata-fuzz: seed \(seed), \(scope), \(generator.corpus.count) READMEs to mutate")
        CrashReporter.install(seed: seed, workers: jobs)

        let started = ContinuousClock.now
        let tally: FuzzTally
        if let only {
            tally = Self.run(cases: [only], worker: 0, seed: seed, generator: generator, showing: true)
        } else {
            tally = Self.runOnThreads(cases: cases, jobs: jobs, seed: seed, generator: generator)
        }
        for failure in tally.failures.sorted(by: { $0.index < $1.index }) {
            Self.report(failure, seed: seed)
        }
        for kind in FuzzInputGenerator.Kind.allCases {
            guard let (count, time) = tally.timeByKind[kind] else { continue }
            print("  \(kind.rawValue): \(count) cases, \(String(format: "%.1f", time.seconds)) s of processor time")
        }
        print(
            "\(tally.cases - tally.refused) cases had valid front matter, "
                + "\(tally.refused) were refused with a KataError, \(tally.sites) built a whole site; "
                + "slowest: case \(tally.slowest.index), \(tally.slowest.time)"
        )
        let seconds = String(format: "%.1f", (ContinuousClock.now - started).seconds)
        print("fuzz: \(tally.cases) cases, \(tally.failures.count) failed, in \(seconds) s (seed \(seed))")
        if !tally.failures.isEmpty { throw ExitCode.failure }
    }

    /// Worker `n` of `jobs` takes the cases `n`, `n + jobs`, … on a thread of its own, with a
    /// stack as large as the main thread's, so a case behaves the same as when run alone.
    static func runOnThreads(cases: Int, jobs: Int, seed: UInt64, generator: FuzzInputGenerator) -> FuzzTally {
        let results = Locked(FuzzTally())
        let finished = DispatchSemaphore(value: 0)
        for worker in 0..<jobs {
            let thread = Thread {
                let tally = run(
                    cases: Array(stride(from: worker, to: cases, by: jobs)), worker: worker, seed: seed,
                    generator: generator, showing: false)
                results.withLock { $0.merge(tally) }
                finished.signal()
            }
            thread.stackSize = 8 << 20
            thread.start()
        }
        for _ in 0..<jobs { finished.wait() }
        return results.value
    }

    static func run(cases: [Int], worker: Int, seed: UInt64, generator: FuzzInputGenerator, showing: Bool) -> FuzzTally
    {
        let pipeline = FuzzPipeline()
        let site = try? SiteSample()
        defer { site?.remove() }
        var tally = FuzzTally()
        for index in cases {
            CrashReporter.caseStarted(index, worker: worker)
            var random = SplitMix64(seed: seed, case: index)
            let kind = FuzzInputGenerator.Kind.pick(using: &random)
            let input = generator.make(kind, using: &random)
            if showing {
                // Before it runs: a case that hangs or crashes never gets to its report.
                print(
                    "case \(index) (\(kind.rawValue), \(input.count) bytes), input: "
                        + String(decoding: input, as: UTF8.self).debugDescription)
            }
            // Processor time, not the wall clock's: see ThreadCPUTime.
            let caseStarted = ThreadCPUTime.now
            var outcome = pipeline.run(input)
            // A whole site costs a hundred cases; one in about fifty valid READMEs builds one.
            if let metadata = outcome.metadata, let site, showing || index % 50 < 3 {
                outcome.problems += site.run(readme: input, metadata: metadata)
                tally.sites += 1
            }
            let elapsed = ThreadCPUTime.now - caseStarted
            tally.cases += 1
            if outcome.metadata == nil { tally.refused += 1 }
            if elapsed > tally.slowest.time { tally.slowest = (elapsed, index) }
            tally.timeByKind[kind, default: (0, .zero)].count += 1
            tally.timeByKind[kind, default: (0, .zero)].time += elapsed
            if elapsed > .seconds(2) { outcome.problems.append("took \(elapsed) (a parser that does not scale)") }
            if !outcome.problems.isEmpty {
                tally.failures.append(.init(index: index, kind: kind, input: input, problems: outcome.problems))
            }
        }
        CrashReporter.caseStarted(-1, worker: worker)
        return tally
    }

    static func report(_ failure: FuzzTally.Failure, seed: UInt64) {
        print(
            "case \(failure.index) (\(failure.kind.rawValue), \(failure.input.count) bytes; "
                + "repeat with --seed \(seed) --case \(failure.index)):"
        )
        for problem in failure.problems { print("  ✘ " + problem) }
        let text = String(decoding: failure.input, as: UTF8.self)
        print("  input: " + (String(text.prefix(300)) + (text.count > 300 ? "…" : "")).debugDescription)
    }

    /// The repository's READMEs and solution notes when run from its root (as CI does), plus the
    /// fixtures'; a built-in README when neither is there.
    static func corpus() -> [[UInt8]] {
        let fileManager = FileManager.default
        var files: [[UInt8]] = []
        for (folder, name) in [
            ("Katas", "README.md"), ("Solutions", "SOLUTION.md"), ("Tests/Fixtures/repository/Katas", "README.md"),
        ] {
            let names = (try? fileManager.contentsOfDirectory(atPath: folder)) ?? []
            for kata in names.sorted() {
                if let data = fileManager.contents(atPath: "\(folder)/\(kata)/\(name)") { files.append([UInt8](data)) }
            }
        }
        if files.isEmpty {
            files.append(
                Array(
                    """
                    ---
                    number: 1
                    title: Stub the dispatcher
                    slug: stub-the-dispatcher
                    patterns: [protocol, synchronous stub]
                    seed: Hiding DispatchQueue behind a protocol
                    minutes: 25
                    difficulty: beginner
                    summary: Make a view model testable.
                    hints:
                      - What would the view model need?
                    ---
                    # Kata 01 · Stub the dispatcher

                    ## The story

                    Some *text* with `code` and a [link](https://swift.org).

                    ```swift
                    let queue = DispatchQueue.global()
                    ```

                    <details><summary>Hint 1</summary>

                    What would the view model need?

                    </details>
                    """.utf8))
        }
        return files
    }
}
