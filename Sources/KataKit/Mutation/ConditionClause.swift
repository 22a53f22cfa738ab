/// One clause of an `if`, `guard` or `while` condition: in `guard let data, status == 201 else`,
/// `let data` and `status == 201`. A clause that binds (`let`, `var`, `case`) or asks for an OS
/// version (`#available`) is not a boolean: negating it means nothing, so only a plain clause is
/// a place for `negate-condition` and a schema's `(on(7) ? (mutated) : (clause))`.
public struct ConditionClause: Sendable, Equatable {
    /// Token indices of the clause, without the commas around it.
    public var tokens: Range<Int>
    /// UTF-8 offsets of the same text.
    public var range: Range<Int>
    public var binds: Bool
}
