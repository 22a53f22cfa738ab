/// What every `swift build` and `swift test` of a package `kata` owns is given: the grading
/// packages under `.build/kata/grade`, `kata verify`'s build of a starter, a mutant schema's copy.
///
/// The shared Clang module cache (``SharedModuleCache``), and an index store without the system's
/// modules. SwiftPM indexes a debug build as it compiles (on Linux it finds the XCTest tests in
/// that index, so the index stays), and by default indexes Foundation, Dispatch and XCTest with
/// it, in every package again: about a fifth to a third of a kata package's first build (kata
/// 05's reference with its tests, 7.6 s of CPU, 5.3 s without; kata 14's, 10.3 s and 8.5 s). No
/// editor opens these folders. A learner's own kata folder, which `kata check` builds, keeps
/// SwiftPM's default: a learner who also runs `swift test` there, or opens an editor, would
/// otherwise pay for a whole build each time they switch.
///
/// Every command on one package must give the same arguments, or SwiftPM builds it again.
///
/// ```swift
/// try runner.run(swift, ["build", "--package-path", package.path] + ScratchBuild.arguments(
///     for: repository, environment: runner.environment), in: repository.root)
/// ```
enum ScratchBuild {
    static func arguments(for repository: KataRepository, environment: [String: String]) -> [String] {
        SharedModuleCache.arguments(for: repository, environment: environment)
            + ["-Xswiftc", "-index-ignore-system-modules"]
    }
}
