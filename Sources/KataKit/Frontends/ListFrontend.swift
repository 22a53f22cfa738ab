import Foundation

/// `kata list`: the katas in order, with what the learner's last check of each said.
public struct ListFrontend: Sendable {
    public let context: CommandContext

    public init(context: CommandContext) {
        self.context = context
    }

    public func run() throws -> Int32 {
        let catalog = try context.catalog()
        let progress = context.progress(in: catalog.repository)
        let style = context.console.style
        let rows = catalog.katas.map { kata -> [String] in
            [
                kata.id, kata.title, Self.shortened(kata.metadata.patterns.joined(separator: ", ")),
                "\(kata.metadata.minutes) min", progress.status(of: kata).rawValue,
            ]
        }
        let header = ["#", "Kata", "Patterns", "Time", "Status"]
        let table = TextTable(header: header, rows: rows)
        context.console.line(style.bold(table.headerLine))
        for (kata, line) in zip(catalog.katas, table.rowLines) {
            let status = progress.status(of: kata)
            let styled =
                switch status {
                case .passed: style.green(line)
                case .failing: style.yellow(line)
                case .notStarted: line
                }
            context.console.line(styled)
        }
        let passed = catalog.katas.filter { progress.status(of: $0) == .passed }.count
        context.console.line()
        if let next = progress.firstNotPassed(of: catalog.katas) {
            context.console.line(
                "\(passed) of \(catalog.katas.count) passed. Next: `kata show \(next.number)` to read kata \(next.id), "
                    + "`kata check \(next.number)` to check it."
            )
        } else {
            context.console.line("All \(catalog.katas.count) katas passed. Well done.")
        }
        return context.reportProblems(of: catalog) ? ExitStatus.invalidCatalog : ExitStatus.success
    }

    /// Patterns get one column of a table that should fit a 100-column terminal; `kata show` has them all.
    static let patternsWidth = 40

    static func shortened(_ text: String) -> String {
        text.count <= patternsWidth
            ? text : String(text.prefix(patternsWidth - 1)).trimmingCharacters(in: .whitespaces) + "…"
    }
}
