import Foundation

/// `kata workshop export DIR`: writes the learner edition (see ``WorkshopExporter``) into a new
/// or empty folder, then says what to do with it.
///
/// ```swift
/// let status = try WorkshopExportFrontend(context: context).run(destination: "../katas-workshop")
/// ```
public struct WorkshopExportFrontend: Sendable {
    public let context: CommandContext

    public init(context: CommandContext) {
        self.context = context
    }

    /// `toolRoot`: where the tool's sources are, when not in the repository (tests export a
    /// miniature repository with the project's own tool).
    public func run(destination: String, toolRoot: URL? = nil) throws -> Int32 {
        let repository = try context.repository()
        try repository.requireFullRepository(for: "workshop export")
        let catalog = try KataCatalog.load(from: repository)
        let folder = URL(fileURLWithPath: destination, isDirectory: true, relativeTo: context.workingDirectory)
            .standardizedFileURL
        let count = try WorkshopExporter(catalog: catalog, toolRoot: toolRoot).export(into: folder)
        let console = context.console
        console.line(
            console.style.green("✔ ")
                + "Wrote the learner edition (\(catalog.katas.count) katas, \(count) files, no solutions) to "
                + "\(folder.path)."
        )
        console.line("Next: push it as the template repository of a GitHub Classroom assignment:")
        console.line("  cd \(folder.path) && git init -b main && git add -A && git commit -m \"Workshop edition\"")
        console.line("README.md, \"Running a workshop\", has the rest.")
        return ExitStatus.success
    }
}
