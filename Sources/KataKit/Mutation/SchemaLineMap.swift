/// What each line of one written schema file belongs to, so that a compiler error there can be
/// blamed on a mutant (it is in the mutant's branch), on a site (its `if`/`else` lines or its
/// original branch), or on the code around (then on the sites of the function it is in: those
/// that took a way out of it first).
struct SchemaLineMap: Sendable {
    enum Owner: Sendable, Equatable {
        case mutant(Int)
        /// The mutants' numbers of a whole site.
        case site([Int])
    }

    struct Region: Sendable {
        var lines: ClosedRange<Int>
        var owner: Owner
    }

    /// Original text copied as it is, from which output line and original offset.
    struct Copy: Sendable {
        var firstLine: Int
        var originalOffset: Int
        var text: String
    }

    var regions: [Region] = []
    var copies: [Copy] = []
    /// Every site's original range and its mutants' numbers.
    var sites: [(range: Range<Int>, numbers: [Int])] = []
    /// The UTF-8 ranges of function and closure bodies, braces included.
    var bodies: [Range<Int>] = []
    /// The mutants that take a way out of a body away (a `return`, a `guard`, a `throw`): the
    /// likely cause of "missing return" at the body's `}`.
    var exitRemoving: Set<Int> = []

    /// The numbers of the mutants to drop for an error on `line` (from 1) of the written file.
    func blame(line: Int) -> [Int] {
        let containing = regions.filter { $0.lines.contains(line) }
        if let innermost = containing.min(by: { $0.lines.count < $1.lines.count }) {
            switch innermost.owner {
            case .mutant(let number): return [number]
            case .site(let numbers):
                return exitRemovedBefore(siteOf: numbers) ?? numbers
            }
        }
        // Outside every site: the sites of the innermost function or closure around the line.
        let all = sites.flatMap(\.numbers)
        guard let offset = originalOffset(ofLine: line) else { return all }
        let body = bodies.filter { $0.contains(offset) }.min { $0.count < $1.count }
        guard let body else { return all }
        let inBody = sites.filter { body.lowerBound <= $0.range.lowerBound && $0.range.upperBound <= body.upperBound }
        // A body that lost a way out ("missing return in instance method", reported at its `}`)
        // blames the last mutant that took one away, the one that leaves the end of the body
        // without it: an early `return` removed only falls through. If the error stays, the
        // next round blames the one before, and then the rest of the body.
        let lastExit = inBody.filter { !$0.numbers.filter(exitRemoving.contains).isEmpty }
            .max { $0.range.lowerBound < $1.range.lowerBound }
        if let lastExit { return lastExit.numbers.filter(exitRemoving.contains) }
        return inBody.isEmpty ? all : inBody.flatMap(\.numbers)
    }

    /// An error in a site's original code, which compiled before any mutant was switched in,
    /// is another mutant's doing when an earlier way out of the same body was taken away: with
    /// `case .failure: return` gone, `let progress: Progress` set only in the other case is "used
    /// before being initialized" at the next use, which is not its site's fault. The last such
    /// mutant before the site is blamed first, as a missing return blames the last exit removed.
    private func exitRemovedBefore(siteOf numbers: [Int]) -> [Int]? {
        guard let site = sites.first(where: { $0.numbers == numbers }),
            let body = bodies.filter({ $0.contains(site.range.lowerBound) }).min(by: { $0.count < $1.count })
        else { return nil }
        let earlier = sites.filter {
            body.lowerBound <= $0.range.lowerBound && $0.range.upperBound <= site.range.lowerBound
                && $0.numbers.contains(where: exitRemoving.contains)
        }
        return earlier.max { $0.range.lowerBound < $1.range.lowerBound }?.numbers.filter(exitRemoving.contains)
    }

    func originalOffset(ofLine line: Int) -> Int? {
        for copy in copies.reversed() where copy.firstLine <= line {
            var current = copy.firstLine
            var offset = copy.originalOffset
            for byte in copy.text.utf8 {
                if current == line { return offset }
                if byte == UInt8(ascii: "\n") { current += 1 }
                offset += 1
            }
            if current == line { return offset }
        }
        return nil
    }
}
