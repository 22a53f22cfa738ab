import Foundation

/// Everything a `kata` subcommand takes from the world, passed in so tests can drive it.
///
/// ```swift
/// let context = CommandContext(
///     workingDirectory: URL(fileURLWithPath: FileManager.default.currentDirectoryPath),
///     environment: ProcessInfo.processInfo.environment,
///     console: .standard(environment: ProcessInfo.processInfo.environment)
/// )
/// let status = try CheckFrontend(context: context).run(kata: "1")
/// ```
public struct CommandContext: Sendable {
    public var workingDirectory: URL
    public var environment: [String: String]
    public var console: Console
    /// `--root`, when the user named the repository instead of letting kata find it.
    public var explicitRoot: URL?
    /// How to ask the learner before something they might regret (`kata reset`, `kata solution`).
    public var prompt: YesNoPrompt

    /// `prompt` defaults to asking on the terminal, when there is one.
    public init(
        workingDirectory: URL, environment: [String: String], console: Console, explicitRoot: URL? = nil,
        prompt: YesNoPrompt? = nil
    ) {
        self.workingDirectory = workingDirectory
        self.environment = environment
        self.console = console
        self.explicitRoot = explicitRoot
        self.prompt = prompt ?? .standardInput(console: console)
    }

    public func repository() throws -> KataRepository {
        try KataRepository.locate(from: workingDirectory, explicitRoot: explicitRoot)
    }

    public func catalog() throws -> KataCatalog {
        try KataCatalog.load(from: repository())
    }

    public var runner: CommandRunner { CommandRunner(environment: environment) }

    /// Progress, with any warning about a damaged progress file already shown.
    func progress(in repository: KataRepository) -> ProgressStore.Progress {
        let (progress, warning) = repository.progressStore.load()
        if let warning { console.error(console.style.yellow("warning: ") + warning) }
        return progress
    }

    /// Tells about kata folders that could not be read; true when there were any.
    func reportProblems(of catalog: KataCatalog) -> Bool {
        for problem in catalog.problems {
            console.error(console.style.red("error: ") + problem.error.message)
            if let advice = problem.error.advice { console.error(advice) }
        }
        return !catalog.problems.isEmpty
    }
}
