import Testing

@testable import KataKit

@Suite("Blocks and statements of a Swift file")
struct SwiftStructureTests {
    static let source = """
        @MainActor
        final class Screen {
            private(set) var state = 0 {
                didSet { onChange?() }
            }
            var onChange: (() -> Void)?

            func load(items: [Int]) async {
                guard let first = items.first, first > 0 else { return }
                let total = items
                    .filter { $0 > 1 }
                    .count
                state = total
                    + first
                await Task.yield(); onChange?()
                if state < 3, case .some = onChange {
                    return
                }
            }
        }

        actor Store {
            func put() async {}
            static func make() async {}
        }
        """

    @Test("statements split at line ends, except where a line goes on; `;` splits too")
    func statements() {
        let structure = SwiftStructure(parsing: Self.source)
        let load = structure.blocks.firstIndex { $0.function?.name == "load" }!
        let kinds = structure.blocks[load].statements.map { structure.statements[$0].kind }
        #expect(kinds == [.guardStatement, .declaration("let"), .expression, .expression, .expression, .ifStatement])
        let guardStatement = structure.statements[structure.blocks[load].statements[0]]
        #expect(guardStatement.clauses.map(\.binds) == [true, false])
        #expect(guardStatement.bindsNames)
        let ifStatement = structure.statements[structure.blocks[load].statements[5]]
        #expect(ifStatement.clauses.map { structure.text(of: $0.range) } == ["state < 3", "case .some = onChange"])
        #expect(structure.statements[structure.blocks[load].statements[3]].containsAwait)
    }

    @Test("a line that ends by closing generics ends its statement: the init below is an init")
    func genericsAtLineEnd() {
        let structure = SwiftStructure(
            parsing: """
                final class Confirmer {
                    private let clock: any Clock<Duration>
                    private let results: Task<Result<Int, any Error>, Never>

                    init(clock: any Clock<Duration> = ContinuousClock()) {
                        self.clock = clock
                    }
                    var total: Int {
                        1
                            > 0 ? 1 : 0
                    }
                }
                """)
        let type = structure.blocks.firstIndex {
            $0.kind == .type(.init(name: "Confirmer", isActor: false, isMainActor: false))
        }
        let members = structure.blocks[type!].statements.map { structure.statements[$0].kind }
        #expect(members == [.declaration("let"), .declaration("let"), .declaration("init"), .declaration("var")])
        #expect(structure.blocks.contains { $0.declaration == "Confirmer.init" && $0.function?.name == "init" })
        let total = structure.blocks.first { $0.declaration == "Confirmer.total" }
        #expect(total.map { $0.statements.count } == 1, "a `>` with a space before it still goes on")
    }

    @Test("a function knows whether it is async and isolated, and its declaration's name")
    func functions() {
        let structure = SwiftStructure(parsing: Self.source)
        let functions = structure.blocks.compactMap { block in block.function.map { (block.declaration, $0) } }
        let load = functions.first { $0.1.name == "load" }
        #expect(load?.0 == "Screen.load")
        #expect(load?.1.isAsync == true && load?.1.isIsolated == true)
        #expect(functions.first { $0.1.name == "put" }?.1.isIsolated == true)
        #expect(functions.first { $0.1.name == "make" }?.1.isIsolated == false)
        #expect(functions.first { $0.1.name == "didSet" } != nil)
    }

    @Test("a stored property's initializer, and the closures inside statements, are found")
    func initializersAndClosures() {
        let structure = SwiftStructure(parsing: Self.source)
        let state = structure.statements.first { structure.text(of: $0.range).hasPrefix("private(set) var state") }
        #expect(state != nil && state?.initializer == nil, "observers follow the value: no if-expression there")
        let total = structure.statements.first { structure.text(of: $0.range).hasPrefix("let total") }
        let initializer = total.flatMap { $0.initializer }.map { structure.text(of: structure.range(ofTokens: $0)) }
        #expect(initializer?.hasPrefix("items") == true && initializer?.hasSuffix(".count") == true)
        let closures = structure.blocks.filter {
            if case .closure = $0.kind { true } else { false }
        }
        #expect(closures.count == 1)
    }
}
