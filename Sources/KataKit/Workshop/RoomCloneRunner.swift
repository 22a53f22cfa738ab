import Foundation

/// Measures a folder of learners' clones (as `gh classroom clone student-repos` lays them out:
/// one repository per folder) by running their katas' tests here. That executes the learners'
/// code on the facilitator's machine, so ``RoomFrontend`` does it only when asked with
/// `--run-learner-code`; each kata is stopped at its time limit, and Ctrl-C stops every run.
///
/// ```swift
/// RoomCloneRunner(runner: runner, swift: swift, jobs: 2).measure(clones: folder, into: &room)
/// ```
public struct RoomCloneRunner: Sendable {
    public let runner: CommandRunner
    public let swift: URL
    public let jobs: Int

    public init(runner: CommandRunner, swift: URL, jobs: Int) {
        self.runner = runner
        self.swift = swift
        self.jobs = jobs
    }

    /// `onKataDone` is told after each kata, for a progress display.
    public func measure(
        clones folder: URL, into room: inout Room, onKataDone: (@Sendable (Int, Int) -> Void)? = nil
    ) {
        let fileManager = FileManager.default
        guard let names = try? fileManager.contentsOfDirectory(atPath: folder.path) else {
            room.unreadable.append(.init(source: RoomText.clean(folder.path), reason: "the folder cannot be read"))
            return
        }
        var work: [(learner: String, kata: Kata)] = []
        var learners: [String] = []
        let known = Set(room.katas.map(\.folderName))
        for name in names.sorted() where !name.hasPrefix(".") {
            let clone = folder.appendingPathComponent(name, isDirectory: true)
            var isDirectory: ObjCBool = false
            guard fileManager.fileExists(atPath: clone.path, isDirectory: &isDirectory), isDirectory.boolValue else {
                continue
            }
            let repository = KataRepository(root: clone)
            guard let catalog = try? KataCatalog.load(from: repository), !catalog.katas.isEmpty else {
                room.unreadable.append(
                    .init(source: RoomText.clean(name), reason: "a clone with no katas (no readable Katas/ folder)"))
                continue
            }
            let katas = catalog.katas.filter { known.contains($0.folderName) }
            guard !katas.isEmpty else {
                room.unreadable.append(
                    .init(
                        source: RoomText.clean(name),
                        reason: "for another set of katas: none of its katas is in this repository"))
                continue
            }
            learners.append(name)
            work += katas.map { (name, $0) }
        }
        let measurer = KataResultMeasurer(runner: runner, swift: swift, root: folder)
        let jobsToRun = work
        let done = Locked(0)
        let total = work.count
        let results = WorkerThreads.run(count: work.count, workers: jobs) { index in
            measurer.measure(jobsToRun[index].kata)
        } deliver: { _, _ in
            let count = done.withLock { count in
                count += 1
                return count
            }
            onKataDone?(count, total)
        }
        for learner in learners {
            let measured = work.indices.filter { work[$0].learner == learner }.compactMap { results[$0] }
            room.add(learner: learner, source: learner + "/", results: measured)
        }
    }
}
