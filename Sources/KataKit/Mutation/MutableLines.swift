import Foundation

/// Which lines of a kata's reference solution its mutants may change: those the reference added
/// or changed from the starter. In katas 01–18 the learner writes exactly that code, so a mutant
/// elsewhere would test the kata's own scaffolding, not the learner's tests of their change.
///
/// ```swift
/// let lines = MutableLines.changed(starter: starterText, reference: referenceText)   // [12, 13, 40]
/// let all = MutableLines.module(starter: starterFiles, reference: referenceFiles)
/// // [path: lines] for the files both have; a file only the reference has is all mutable (absent)
/// MutantGenerator().mutants(of: referenceFiles, mutableLines: all)
/// ```
public enum MutableLines {
    /// The lines (from 1) of `reference` that `starter` does not have, by the standard library's
    /// `difference(from:)` over lines, as ``UnifiedDiff/between(_:_:)`` computes them.
    public static func changed(starter: String, reference: String) -> Set<Int> {
        let old = UnifiedDiff.lines(of: starter)
        let new = UnifiedDiff.lines(of: reference)
        var lines = Set<Int>()
        for change in new.difference(from: old) {
            if case .insert(let offset, _, _) = change { lines.insert(offset + 1) }
        }
        return lines
    }

    /// For each reference file the starter also has, its mutable lines: the changed ones, and
    /// every line of each type (or top-level function) the reference changed, which the learner
    /// rewrites and so answers for whole (``wholeDeclarations(around:in:)``). A file the starter
    /// lacks is left out, which ``MutantGenerator/mutants(of:mutableLines:)`` reads as all mutable.
    public static func module(starter: [String: String], reference: [String: String]) -> [String: Set<Int>] {
        var result: [String: Set<Int>] = [:]
        for (path, text) in reference {
            if let old = starter[path] {
                result[path] = wholeDeclarations(around: changed(starter: old, reference: text), in: text)
            }
        }
        return result
    }

    /// `lines`, and every line of the innermost type, or top-level function, around each. A
    /// learner who changed one method of `InboxViewModel` to call a seam answers for the view
    /// model as it now reads: its other methods are part of the contract the kata's tests check,
    /// and a slip in them is one those tests should see. What the kata asks them to keep as it is
    /// (a protocol, a live dispatcher: kata 04's `LiveDispatcher`) holds no changed line, and
    /// stays out.
    public static func wholeDeclarations(around lines: Set<Int>, in text: String) -> Set<Int> {
        guard !lines.isEmpty else { return lines }
        let structure = SwiftStructure(parsing: text)
        let owners = structure.blocks.compactMap { block -> ClosedRange<Int>? in
            switch block.kind {
            case .type: return span(of: block, in: structure)
            case .function where block.parent.map({ structure.blocks[$0].kind == .file }) ?? true:
                return span(of: block, in: structure)
            default: return nil
            }
        }
        var result = lines
        for line in lines {
            if let owner = owners.filter({ $0.contains(line) }).min(by: { $0.count < $1.count }) {
                result.formUnion(owner)
            }
        }
        return result
    }

    /// The lines from a block's opening brace to its closing one.
    private static func span(of block: CodeBlock, in structure: SwiftStructure) -> ClosedRange<Int>? {
        guard let open = block.openBrace, let close = block.closeBrace else { return nil }
        return structure.line(
            ofOffset: structure.tokens[open].range.lowerBound)...structure.line(
                ofOffset: structure.tokens[close].range.lowerBound)
    }
}
