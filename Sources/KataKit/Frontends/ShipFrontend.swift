import Foundation

/// `kata ship [N...]`: records each kata's starter and tests as shipped (see ``ShippedRecord``),
/// for authors after they change a kata. `--check` writes nothing and fails when a record is stale.
///
/// ```swift
/// let status = try ShipFrontend(context: context).run(katas: ["3"], checkOnly: false)
/// // Kata 03 · Conform the real queue  recorded (7 files)
/// ```
public struct ShipFrontend: Sendable {
    public let context: CommandContext

    public init(context: CommandContext) {
        self.context = context
    }

    public func run(katas references: [String], checkOnly: Bool) throws -> Int32 {
        try context.repository().requireFullRepository(for: "ship")
        let catalog = try context.catalog()
        let katas = try references.isEmpty ? catalog.katas : references.map { try catalog.kata(named: $0) }
        let console = context.console
        let style = console.style
        let width = katas.map(\.heading.count).max() ?? 0
        var stale = 0
        for kata in katas {
            let current = try ShippedRecord.capture(kata)
            let url = ShippedRecord.url(for: kata)
            let upToDate = (try? ShippedRecord.load(for: kata)) == current
            let padding = String(repeating: " ", count: width - kata.heading.count)
            if upToDate {
                console.line(
                    kata.heading + padding + "  " + style.green("up to date")
                        + style.dim(" (\(current.files.count) files)"))
                continue
            }
            if checkOnly {
                stale += 1
                console.line(kata.heading + padding + "  " + style.red("stale") + ": run `kata ship \(kata.number)`")
                continue
            }
            do {
                try current.encoded().write(to: url, options: .atomic)
            } catch {
                throw KataError(
                    .fileSystem, "Could not write \(url.path): \(FileSystemFailure.reason(of: error))",
                    advice: "Check that the kata folder is writable.")
            }
            console.line(
                kata.heading + padding + "  " + style.bold("recorded") + style.dim(" (\(current.files.count) files)"))
        }
        if checkOnly, stale > 0 {
            console.line()
            console.line(
                style.red("\(stale) of \(katas.count) records \(stale == 1 ? "is" : "are") stale.")
                    + " `kata ship` records the katas as they are now.")
            return ExitStatus.failure
        }
        return ExitStatus.success
    }
}
