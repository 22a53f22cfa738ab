import Testing

@testable import KataKit

@Suite("Mutants of a kata's code")
struct MutantGeneratorTests {
    static func mutants(_ source: String, _ operatorName: MutationOperator? = nil) -> [Mutant] {
        MutantGenerator().mutants(of: ["A.swift": source]).filter {
            operatorName == nil || $0.operatorName == operatorName
        }
    }

    static func applied(_ source: String, _ operatorName: MutationOperator) -> [String] {
        mutants(source, operatorName).compactMap { $0.applied(to: source) }
    }

    @Test("run-in-place calls the dispatched closure at once; drop-dispatch removes the statement")
    func dispatch() {
        let source = """
            func load() {
                publish(1)
                queue.async { [weak self] in
                    self?.publish(2)
                }
                DispatchQueue.main.async(execute: work)
            }
            """
        let inPlace = Self.mutants(source, .runInPlace).map(\.replacement)
        #expect(inPlace.contains("_ = { [weak self] in\n        self?.publish(2)\n    }()"))
        #expect(inPlace.contains("work()"))
        let dropped = Self.applied(source, .dropDispatch)
        #expect(dropped.contains { !$0.contains("queue.async") && $0.contains("publish(1)\n    DispatchQueue") })
    }

    @Test("a `$0` of a closure inside the dispatched work does not make the work a closure with parameters")
    func nestedAnonymousParameters() {
        let source = """
            func load() {
                dispatcher.dispatch {
                    self.publish(messages.sorted { $0.sentAt > $1.sentAt })
                }
                dispatcher.dispatch { print($0) }
            }
            """
        #expect(
            Self.mutants(source, .runInPlace).map(\.replacement) == [
                "_ = {\n        self.publish(messages.sorted { $0.sentAt > $1.sentAt })\n    }()"
            ])
        #expect(Self.mutants(source, .dropDispatch).count == 1)
    }

    @Test("a seam's own forwarding, without a receiver (`async(…, execute: work)` in an extension), is mutated")
    func forwardingWithoutReceiver() {
        let source = """
            extension DispatchQueueType {
                func async(execute work: @escaping () -> Void) {
                    async(group: nil, qos: .unspecified, flags: [], execute: work)
                }
            }
            """
        #expect(Self.mutants(source, .runInPlace).map(\.replacement) == ["work()"])
        #expect(Self.applied(source, .dropDispatch).map { $0.contains("async(group:") } == [false])
    }

    @Test("other-queue runs a @concurrent function's body on the main actor, its result kept; only @concurrent")
    func concurrentBodyOnMain() {
        let source = """
            struct Importer {
                @concurrent
                nonisolated static func decode(_ data: Data) async throws -> [Int] {
                    try decoder.decode(data)
                }
                @concurrent
                nonisolated func both(_ data: Data) async throws -> Int {
                    let photos = try decoder.decode(data)
                    return photos.count
                }
                nonisolated func stays(_ data: Data) async throws -> Int {
                    try decoder.decode(data).count
                }
            }
            """
        #expect(
            Self.mutants(source, .otherQueue).map(\.replacement) == [
                "try await MainActor.run { try decoder.decode(data) }",
                "return try await MainActor.run { let photos = try decoder.decode(data)\n        return photos.count }",
            ])
    }

    @Test("run-in-place runs a task group's child before the next is added, and drops receive(on:)")
    func structuredAndCombine() {
        let group = """
            func load(_ ids: [Int]) async throws -> [Int] {
                try await withThrowingTaskGroup(of: Int.self) { group in
                    for id in ids {
                        group.addTask { try await fetch(id) }
                    }
                    return try await group.reduce(into: []) { $0.append($1) }
                }
            }
            """
        #expect(
            Self.mutants(group, .runInPlace).map(\.replacement) == [
                "let ranInPlace = try await { try await fetch(id) }(); group.addTask { ranInPlace }"
            ])
        let chain = """
            func upload() {
                running = uploader.events
                    .receive(on: scheduler)
                    .sink { self.state = $0 }
            }
            """
        let applied = Self.applied(chain, .runInPlace)
        #expect(applied.count == 1)
        #expect(applied.first.map { !$0.contains("receive") && $0.contains(".sink") } == true, "\(applied)")
    }

    @Test("remove-cancellation wins over delete-call for the identical change; print is never deleted")
    func specificity() {
        let source = """
            func stop() {
                task?.cancel()
                print("stopped")
                finish()
            }
            """
        let all = Self.mutants(source)
        let cancelRemovals = all.filter { $0.original == "task?.cancel()" && $0.replacement.isEmpty }
        #expect(cancelRemovals.map(\.operatorName) == [.removeCancellation])
        #expect(!all.contains { $0.operatorName == .deleteCall && $0.original.hasPrefix("print") })
        #expect(all.contains { $0.operatorName == .deleteCall && $0.original == "finish()" })
        #expect(all.contains { $0.operatorName == .completeTwice && $0.replacement == "finish()\n    finish()" })
    }

    @Test("remove-cancellation makes a task group's addTaskUnlessCancelled a plain addTask")
    func addTaskUnlessCancelled() {
        let source = """
            func load() async {
                await withTaskGroup(of: Void.self) { group in
                    group.addTaskUnlessCancelled { await fetch() }
                    addTaskUnlessCancelled()
                }
            }
            """
        #expect(
            Self.applied(source, .removeCancellation) == [
                source.replacingOccurrences(
                    of: "group.addTaskUnlessCancelled {", with: "group.addTask {")
            ])
    }

    @Test(
        "swallow-error turns a whole-statement try into _ = try?; never checkCancellation, a stored result, or a body's value"
    )
    func swallowError() {
        let source = """
            func confirm() async throws {
                for attempt in 1...3 {
                    try await clock.sleep(for: .seconds(attempt))
                    try Task.checkCancellation()
                    let answer = try await gateway.confirm()
                    state = try decode(answer)
                }
            }
            func load() async throws -> Int {
                try await fetch()
            }
            let work = { try save() }
            """
        #expect(
            Self.mutants(source, .swallowError).map(\.replacement) == [
                "_ = try? await clock.sleep(for: .seconds(attempt))"
            ])
        #expect(
            Self.mutants(source, .removeCancellation).map(\.original) == ["try Task.checkCancellation()"])
    }

    @Test(
        "a func without a result may lose its one statement (a closure parameter's arrow is no result); a closure or a func with a result may not"
    )
    func soleStatement() {
        let source = """
            func cancel(_ photo: URL) {
                download(of: photo)?.cancel()
            }
            func stop() -> Bool {
                finish()
            }
            let work = { finish() }
            func run(_ body: @escaping () -> Void) {
                perform(body)
            }
            func value(_ body: () -> Int) -> Int {
                compute(body)
            }
            """
        let removed = Self.mutants(source).filter { $0.replacement.isEmpty }.map(\.original)
        #expect(removed == ["download(of: photo)?.cancel()", "perform(body)"])
    }

    @Test("negate-condition leaves `while true` alone: the function after it would have no return")
    func endlessLoop() {
        let source = """
            func confirm() async throws -> Int {
                while true {
                    if ready { return 1 }
                }
            }
            """
        #expect(Self.mutants(source, .negateCondition).map(\.original) == ["ready"])
    }

    @Test("delete-store removes a store to a name, a member or a subscript; never one that gives a first value")
    func deleteStore() {
        let source = """
            final class Screen {
                let queue: Dispatching
                var state = State.idle
                var task: Task<Void, Never>?
                init(queue: Dispatching) {
                    self.queue = queue
                }
                func load() {
                    state = .loading
                    let next: State
                    if ready { next = .ready } else { next = .failed }
                    queue.async { [weak self] in
                        self?.state = next
                        self?.count += 1
                        cache[id] = nil
                        _ = next
                    }
                    task = nil
                }
            }
            """
        let deleted = Self.mutants(source, .deleteStore).map(\.original)
        #expect(
            deleted == ["state = .loading", "self?.state = next", "self?.count += 1", "cache[id] = nil", "task = nil"])
    }

    @Test("willChangeValue, and didChangeValue of isExecuting, never deleted or moved; of isFinished, they are")
    func keyValueObserving() {
        let source = """
            func finish() {
                willChangeValue(forKey: "isExecuting")
                willChangeValue(forKey: "isFinished")
                didChangeValue(forKey: "isExecuting")
                state = .finished
                didChangeValue(forKey: "isFinished")
            }
            """
        let deleted = Self.mutants(source, .deleteCall).map(\.original)
        #expect(deleted == [#"didChangeValue(forKey: "isFinished")"#])
        let swapped = Self.mutants(source, .swapStatements).map(\.original)
        #expect(!swapped.contains { $0.contains("willChangeValue") || $0.contains(#""isExecuting""#) })
        #expect(swapped == ["state = .finished\n    didChangeValue(forKey: \"isFinished\")"])
    }

    @Test("relational changes comparisons, not generics; off-by-one changes counts, not `[0]` or attributes")
    func expressions() {
        let source = """
            @available(macOS 13, *)
            func check(items: [Int]) -> Task<Int, Never>? {
                let first = items[0]
                if first < 3 { return nil }
                return nil
            }
            """
        #expect(Self.mutants(source, .relational).map(\.replacement) == ["<="])
        #expect(Set(Self.mutants(source, .offByOne).map(\.replacement)) == ["2", "4"])
    }

    @Test("drop-lock removes a lock()/unlock() pair in one mutant; shift-critical-region moves a statement out")
    func locks() {
        let source = """
            func publish(_ value: Int) {
                lock.lock()
                current = value
                count += 1
                lock.unlock()
                onChange?(value)
            }
            """
        let dropped = Self.applied(source, .dropLock)
        #expect(
            dropped == [
                source.replacingOccurrences(of: "    lock.lock()\n", with: "").replacingOccurrences(
                    of: "    lock.unlock()\n", with: "")
            ])
        let shifted = Self.applied(source, .shiftCriticalRegion)
        #expect(shifted.first?.contains("count += 1\n    lock.unlock()\n    current = value") == true)
    }

    @Test("drop-lock removes lock() and its defer { unlock() }, on the same receiver only")
    func deferredUnlock() {
        let source = """
            var state: Int {
                lock.lock()
                defer { lock.unlock() }
                return current
            }

            func bare() -> Int {
                lock()
                defer { unlock() }
                return current
            }

            func other() -> Int {
                lock.lock()
                defer { other.unlock() }
                return current
            }
            """
        let dropped = Self.applied(source, .dropLock)
        #expect(dropped.count == 2, "one mutant for each lock whose defer unlocks it: \(dropped)")
        #expect(
            dropped.contains(
                source.replacingOccurrences(
                    of: "    lock.lock()\n    defer { lock.unlock() }\n    return current\n}\n\nfunc bare",
                    with: "    return current\n}\n\nfunc bare")))
        #expect(
            dropped.contains(
                source.replacingOccurrences(of: "    lock()\n    defer { unlock() }\n", with: "")))
    }

    @Test("two operators that make the same code make one mutant, the more specific operator's")
    func sameCodeOnce() {
        // The one statement shifted out of the region is `current = value` swapped with `unlock()`.
        let source = """
            func publish(_ value: Int) {
                lock.lock()
                current = value
                lock.unlock()
            }
            """
        let shifted = "    lock.lock()\n    lock.unlock()\n    current = value\n"
        let making = Self.mutants(source).filter { $0.applied(to: source)?.contains(shifted) == true }
        #expect(making.map(\.operatorName) == [.shiftCriticalRegion])
        let all = Self.mutants(source).compactMap { $0.applied(to: source) }
        #expect(Set(all).count == all.count, "no two mutants make the same code")
    }

    @Test("insert-yield goes between statements of an isolated async function, never before a declaration")
    func yields() {
        let source = """
            actor Cache {
                func avatar(for id: String) async -> Int {
                    let loader = self.loader
                    let download = Task { await loader.load(id) }
                    downloads[id] = download
                    return await download.value
                }
                nonisolated func other() async {
                    first()
                    second()
                }
            }
            """
        let yields = Self.mutants(source, .insertYield)
        #expect(yields.map(\.original) == ["downloads[id] = download", "return await download.value"])
        #expect(yields.allSatisfy { $0.replacement.hasPrefix("await Task.yield()\n") })
    }

    @Test("an id names operator, file and declaration, never a line, and survives an edit elsewhere")
    func stableIDs() {
        let source = """
            final class Screen {
                func show() {
                    state = 1
                    notify()
                }
            }
            """
        let before = Self.mutants(source).map(\.id)
        let after = Self.mutants("// A new comment.\n\n" + source).map(\.id)
        #expect(before == after)
        #expect(before.contains { $0.hasPrefix("swap-statements:A.swift:Screen.show:") })
        #expect(Set(before).count == before.count)
    }

    @Test("with mutable lines, only mutants touching an added or changed line of the reference are made")
    func mutableLines() {
        let starter = "func go() {\n    start()\n}\n"
        let reference = "func go() {\n    start()\n    finish()\n}\n"
        let lines = MutableLines.changed(starter: starter, reference: reference)
        #expect(lines == [3])
        let mutants = MutantGenerator().mutants(of: ["A.swift": reference], mutableLines: ["A.swift": lines])
        #expect(!mutants.isEmpty)
        #expect(mutants.allSatisfy { $0.original.contains("finish()") })
        #expect(MutableLines.module(starter: [:], reference: ["B.swift": reference]).isEmpty)
    }

    @Test(
        "a type the reference changed is the learner's whole; a type it kept, and a top-level function it kept, are not"
    )
    func wholeDeclarations() {
        let starter =
            "protocol Dispatching {\n    func run()\n}\nfinal class Screen {\n    var count = 0\n    func go() {\n        start()\n    }\n    func keep() {\n        stay()\n        rest()\n    }\n}\nstruct Live {\n    func run() {\n        queue.async { work() }\n    }\n}\nfunc helper() {\n    prepare()\n}\n"
        let reference = starter.replacingOccurrences(
            of: "        start()\n", with: "        start()\n        finish()\n")
        let lines = MutableLines.module(starter: ["A.swift": starter], reference: ["A.swift": reference])["A.swift"]
        #expect(lines == Set(4...14), "Screen from its brace to its brace: \(lines?.sorted() ?? [])")
        let mutants = MutantGenerator().mutants(of: ["A.swift": reference], mutableLines: ["A.swift": lines ?? []])
        #expect(mutants.contains { $0.original.contains("stay()") }, "an unchanged method of a changed type")
        #expect(!mutants.contains { $0.declaration.hasPrefix("Live") || $0.declaration == "helper" })
        #expect(MutableLines.wholeDeclarations(around: [], in: reference).isEmpty)
    }

    @Test(
        "plain stores are swapped only when a store runs code (an observer, a setter, @Published); with a call, always"
    )
    func plainStores() {
        let source = """
            struct Parcel {
                var number: String
                var note: String
                var count = 0 {
                    didSet { onChange?(count) }
                }
                @Published var state = State.idle
                init(number: String, note: String) {
                    self.number = number
                    self.note = note
                }
                mutating func update(number: String, note: String) {
                    self.number = number
                    changes += 1
                }
                mutating func tap() {
                    note = "tapped"
                    count += 1
                }
                mutating func publish() {
                    state = .loading
                    number = ""
                }
            }
            final class Screen {
                init(feed: Feed) {
                    self.feed = feed
                    self.items = feed.load()
                }
            }
            """
        let swaps = Self.mutants(source, .swapStatements)
        #expect(!swaps.contains { $0.declaration == "Parcel.init" })
        #expect(!swaps.contains { $0.declaration == "Parcel.update" }, "nothing runs between two plain stores")
        #expect(swaps.contains { $0.declaration == "Parcel.tap" }, "count's didSet announces: order shows")
        #expect(swaps.contains { $0.declaration == "Parcel.publish" }, "a @Published store announces")
        #expect(swaps.contains { $0.declaration == "Screen.init" }, "a store that calls something may depend on order")
        #expect(FileMutations.storedName(in: "self.loads[id] = nil") == "loads")
        #expect(FileMutations.storedName(in: "changes += 1") == "changes")
        #expect(FileMutations.storedName(in: "a == b") == nil)
    }

    @Test("a mutant shows as a unified diff of its file")
    func diff() throws {
        let source = "func go() {\n    start()\n    finish()\n}\n"
        let mutant = try #require(Self.mutants(source, .deleteCall).first { $0.original == "finish()" })
        let diff = try #require(mutant.unifiedDiff(of: source))
        #expect(diff.contains("--- a/A.swift"))
        #expect(diff.contains("\n-    finish()\n"))
        #expect(mutant.applied(to: "different text") == nil)
    }
}
