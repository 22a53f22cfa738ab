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
    /// every line of a function (or initializer, or accessor) the reference changed, which the
    /// learner rewrites and so owns whole (``wholeFunctions(around:in:)``). A file the starter
    /// lacks is left out, which ``MutantGenerator/mutants(of:mutableLines:)`` reads as all mutable.
    public static func module(starter: [String: String], reference: [String: String]) -> [String: Set<Int>] {
        var result: [String: Set<Int>] = [:]
        for (path, text) in reference {
            if let old = starter[path] {
                result[path] = wholeFunctions(around: changed(starter: old, reference: text), in: text)
            }
        }
        return result
    }

    /// `lines`, and every line of each function body that holds one of them. A learner who
    /// changed one line of `load()` to call a seam wrote `load()` as it now reads: a slip anywhere
    /// in it is theirs, and their tests should see it. The code around it that the kata asks them
    /// to keep (a protocol, a live dispatcher, a type's other methods) stays out.
    public static func wholeFunctions(around lines: Set<Int>, in text: String) -> Set<Int> {
        guard !lines.isEmpty else { return lines }
        let structure = SwiftStructure(parsing: text)
        var result = lines
        for block in structure.blocks {
            guard case .function = block.kind, let open = block.openBrace, let close = block.closeBrace else {
                continue
            }
            let first = structure.line(ofOffset: structure.tokens[open].range.lowerBound)
            let last = structure.line(ofOffset: structure.tokens[close].range.lowerBound)
            if lines.contains(where: { (first...last).contains($0) }) { result.formUnion(first...last) }
        }
        return result
    }
}
