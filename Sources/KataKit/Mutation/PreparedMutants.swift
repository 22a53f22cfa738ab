/// A kata's mutants made ready to grade (``MutationTester/prepare(_:progress:)``): one schema
/// that holds them all, and a ``KataVersion`` for each, which switches its mutant on through
/// ``MutationTester/selectorVariable``.
///
/// ```swift
/// let prepared = try tester.prepare(kata)
/// let grade = try engine.grade(kata, versions: [prepared.base] + prepared.counted.map(\.version))
/// ```
public struct PreparedMutants: Sendable {
    public var schema: MutantSchema
    /// The mutants that do not compile, left out of the schema.
    public var stillborn: [Mutant]
    /// The schema with no mutant on: it passes where the code passes.
    public var base: KataVersion
    /// One version per mutant of ``schema``, in its numbered order.
    public var versions: [KataVersion]
    /// The kata's equivalent-mutants file.
    public var equivalents: EquivalentMutants
    /// What the file lists that no mutant made any more.
    public var staleEquivalents: [String]
    /// The declarations the file leaves out, with how many mutants each would have had.
    public var notMutated: [MutationTester.NotMutated]

    /// The mutants that count, as (mutant, version) pairs: every one the equivalent-mutants
    /// file does not list.
    public var counted: [(mutant: Mutant, version: KataVersion)] {
        zip(schema.numbered.map(\.mutant), versions).filter { equivalents.reason(for: $0.0.id) == nil }
            .map { ($0.0, $0.1) }
    }
}
