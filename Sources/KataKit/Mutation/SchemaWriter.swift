/// Writes one file of a ``MutantSchema``: merges the sites of its mutants (overlapping runs of
/// one block become one run spanning both), then writes the file with each site as
/// `if __KataMutant.on(n) { … } else { … }`, nested sites inside the `else` written the same way.
struct SchemaWriter {
    struct Site {
        var kind: MutantSite.Kind
        var range: Range<Int>
        var mutants: [Mutant]
    }

    let structure: SwiftStructure
    /// The merged sites, outer before inner, in file order.
    private(set) var sites: [Site] = []
    private var output = ""
    private var line = 1
    private var numbers: [String: Int] = [:]
    private(set) var lineMap = SchemaLineMap()

    init(structure: SwiftStructure, placed: [(mutant: Mutant, site: MutantSite)]) {
        self.structure = structure
        var merged: [Site] = placed.map { Site(kind: $0.site.kind, range: $0.site.range, mutants: [$0.mutant]) }
        var changed = true
        while changed {
            changed = false
            outer: for first in merged.indices {
                for second in merged.indices where second > first {
                    if let union = Self.union(merged[first], merged[second], in: structure) {
                        merged[first] = union
                        merged.remove(at: second)
                        changed = true
                        break outer
                    }
                }
            }
        }
        merged.sort { ($0.range.lowerBound, -$0.range.upperBound) < ($1.range.lowerBound, -$1.range.upperBound) }
        // Sites nest or are apart; one that crosses another (a misread structure) is left out.
        var kept: [Site] = []
        for site in merged {
            let crosses = kept.contains {
                $0.range.overlaps(site.range)
                    && !($0.range.lowerBound <= site.range.lowerBound && site.range.upperBound <= $0.range.upperBound)
            }
            if !crosses { kept.append(site) }
        }
        sites = kept
    }

    /// The mutants written, in file order.
    var mutants: [Mutant] {
        sites.flatMap(\.mutants).sorted {
            ($0.range.lowerBound, $0.range.upperBound, $0.id) < ($1.range.lowerBound, $1.range.upperBound, $1.id)
        }
    }

    /// Two sites as one, when they are runs of the same block that overlap, or the same clause
    /// or initializer.
    static func union(_ first: Site, _ second: Site, in structure: SwiftStructure) -> Site? {
        switch (first.kind, second.kind) {
        case (.statements(let block, let a, let b), .statements(let otherBlock, let c, let d))
        where block == otherBlock && a <= d && c <= b:
            guard let run = MutantSite.run(block: block, first: min(a, c), last: max(b, d), in: structure) else {
                return nil
            }
            return Site(kind: run.kind, range: run.range, mutants: first.mutants + second.mutants)
        case _ where first.kind == second.kind:
            return Site(kind: first.kind, range: first.range, mutants: first.mutants + second.mutants)
        default:
            return nil
        }
    }

    mutating func write(numbers: [String: Int]) -> String {
        self.numbers = numbers
        lineMap.bodies = structure.blocks.compactMap { block in
            switch block.kind {
            case .function, .closure:
                guard let open = block.openBrace, let close = block.closeBrace else { return nil }
                return structure.tokens[open].range.lowerBound..<structure.tokens[close].range.upperBound
            default: return nil
            }
        }
        lineMap.sites = sites.map { site in (site.range, site.mutants.compactMap { numbers[$0.id] }) }
        lineMap.exitRemoving = Set(
            sites.flatMap(\.mutants).filter(\.removesAnExit).compactMap { numbers[$0.id] })
        render(0..<structure.text.utf8.count, sites: sites[...])
        return output
    }

    private mutating func append(_ text: String) {
        output += text
        line += text.utf8.lazy.filter { $0 == UInt8(ascii: "\n") }.count
    }

    private mutating func copy(_ range: Range<Int>) {
        guard !range.isEmpty else { return }
        let text = structure.text(of: range)
        lineMap.copies.append(SchemaLineMap.Copy(firstLine: line, originalOffset: range.lowerBound, text: text))
        append(text)
    }

    /// The original text of `range`, with the sites in it (outer first) written as schemata.
    private mutating func render(_ range: Range<Int>, sites: ArraySlice<Site>) {
        var cursor = range.lowerBound
        var index = sites.startIndex
        while index < sites.endIndex {
            let site = sites[index]
            var end = index + 1
            while end < sites.endIndex && sites[end].range.upperBound <= site.range.upperBound
                && sites[end].range.lowerBound >= site.range.lowerBound
            {
                end += 1
            }
            copy(cursor..<site.range.lowerBound)
            write(site, nested: sites[(index + 1)..<end])
            cursor = site.range.upperBound
            index = end
        }
        copy(cursor..<range.upperBound)
    }

    /// The site's text with one mutant's change.
    private func mutated(_ site: Site, by mutant: Mutant) -> String {
        structure.text(of: site.range.lowerBound..<mutant.range.lowerBound) + mutant.replacement
            + structure.text(of: mutant.range.upperBound..<site.range.upperBound)
    }

    private mutating func write(_ site: Site, nested: ArraySlice<Site>) {
        let siteNumbers = site.mutants.compactMap { numbers[$0.id] }
        let firstLine = line
        let indentation = structure.indentation(ofLineAt: site.range.lowerBound)
        let branches = site.mutants.sorted { (numbers[$0.id] ?? 0) < (numbers[$1.id] ?? 0) }
        if case .clause = site.kind {
            append("(")
            for mutant in branches {
                append("__KataMutant.on(\(numbers[mutant.id] ?? 0))\n\(indentation)    ? ")
                let start = line
                append("(" + mutated(site, by: mutant) + ")")
                lineMap.regions.append(.init(lines: start...line, owner: .mutant(numbers[mutant.id] ?? 0)))
                append("\n\(indentation)    : ")
            }
            append("(")
            render(site.range, sites: nested)
            append("))")
        } else {
            for (offset, mutant) in branches.enumerated() {
                append((offset == 0 ? "if" : " else if") + " __KataMutant.on(\(numbers[mutant.id] ?? 0)) {\n")
                let start = line
                append(indentation + mutated(site, by: mutant) + "\n")
                lineMap.regions.append(.init(lines: start...(line - 1), owner: .mutant(numbers[mutant.id] ?? 0)))
                append(indentation + "}")
            }
            append(" else {\n" + indentation)
            render(site.range, sites: nested)
            append("\n" + indentation + "}")
        }
        lineMap.regions.append(.init(lines: firstLine...line, owner: .site(siteNumbers)))
    }
}
