import Foundation

/// One copy of a kata's module with every mutant compiled in, each switched on at run time by
/// `KATA_MUTANT=<number>`, as muter's mutant schemata do: a kata's mutants build once, and a
/// test run per mutant only sets an environment variable.
///
/// ```swift
/// let schema = MutantSchema(files: files, mutants: mutants)
/// schema.files["InboxViewModel.swift"]   // the mutated module's source
/// schema.files[MutantSchema.selectorFile] // `enum __KataMutant { … }`
/// schema.numbered.first                   // (number: 1, mutant: …): run with KATA_MUTANT=1
/// ```
///
/// A file reads, around each ``MutantSite``:
///
/// ```swift
/// if __KataMutant.on(7) {
///     onChange?(newState)
///     currentState = newState
/// } else {
///     currentState = newState
///     onChange?(newState)
/// }
/// ```
///
/// A mutant's branch holds the site's text with only its own change (when 7 is on, no other
/// is); the `else` branch holds the original, with the sites nested in it written the same way.
/// So with `KATA_MUTANT` unset every `else` runs, and the module is the original.
public struct MutantSchema: Sendable {
    /// The file that declares `__KataMutant`, beside the module's own.
    public static let selectorFile = "__KataMutant.swift"

    /// `nonisolated`, so a module isolated to the main actor by default (kata 18) can ask from
    /// anywhere. It reads `KATA_MUTANT` on every call, digit by digit, with `getenv`, a
    /// `StaticString` and arithmetic: no call into the Swift runtime. Kept in a `static let` (a lazy
    /// global, behind the runtime's `swift_once`), the asking ordered two threads for
    /// ThreadSanitizer, and the race a dropped lock leaves went unseen: kata 07's operation state,
    /// read on one thread and written on another, was reported in 6 runs of 6 with the mutated code
    /// written out by hand, in none of 4 through the schema; read through `String` and `Int(_:)`,
    /// in 2 of 5. A call costs about a microsecond.
    public static let selectorSource = """
        import Foundation

        /// Which mutant is on: the number in `KATA_MUTANT`, 0 (none) when unset.
        enum __KataMutant {
            nonisolated static let variable: StaticString = "KATA_MUTANT"

            nonisolated static func on(_ number: Int) -> Bool {
                guard let value = getenv(UnsafeRawPointer(variable.utf8Start).assumingMemoryBound(to: CChar.self))
                else { return number == 0 }
                var active = 0
                var index = 0
                while value[index] >= 48 && value[index] <= 57 {
                    active = active * 10 + Int(value[index] - 48)
                    index += 1
                }
                return active == number
            }
        }

        """

    /// Each mutant with its number, 1…N, in file and offset order.
    public let numbered: [(number: Int, mutant: Mutant)]
    /// The schema's sources by path, the selector file included.
    public let files: [String: String]
    /// What each written line belongs to, by file: for ``mutants(blamedFor:)``.
    let lineMaps: [String: SchemaLineMap]

    /// - Parameters:
    ///   - files: the module's sources by path, as the mutants were made from.
    ///   - mutants: mutants of those files; one whose ``Mutant/original`` is not at its range,
    ///     or that has no site, is left out of ``numbered``.
    public init(files: [String: String], mutants: [Mutant], isolatedByDefault: Bool = false) {
        let ordered = mutants.sorted {
            ($0.file, $0.range.lowerBound, $0.range.upperBound, $0.id) < (
                $1.file, $1.range.lowerBound, $1.range.upperBound, $1.id
            )
        }
        var numbered: [(number: Int, mutant: Mutant)] = []
        var written: [String: String] = [:]
        var maps: [String: SchemaLineMap] = [:]
        for path in files.keys.sorted() {
            let structure = SwiftStructure(parsing: files[path]!, isolatedByDefault: isolatedByDefault)
            var placed: [(mutant: Mutant, site: MutantSite)] = []
            for mutant in ordered where mutant.file == path {
                guard mutant.range.upperBound <= structure.text.utf8.count,
                    structure.text(of: mutant.range) == mutant.original,
                    let site = MutantSite.locate(mutant.range, in: structure)
                else { continue }
                placed.append((mutant, site))
            }
            var writer = SchemaWriter(structure: structure, placed: placed)
            var numbers: [String: Int] = [:]
            for mutant in writer.mutants {
                numbered.append((numbered.count + 1, mutant))
                numbers[mutant.id] = numbered.count
            }
            written[path] = writer.write(numbers: numbers)
            maps[path] = writer.lineMap
        }
        written[Self.selectorFile] = Self.selectorSource
        self.numbered = numbered
        self.files = written
        self.lineMaps = maps
    }

    /// The number of a mutant in this schema.
    public func number(of mutant: Mutant) -> Int? {
        numbered.first { $0.mutant.id == mutant.id }?.number
    }
}
