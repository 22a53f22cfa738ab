import Foundation
import Testing

@testable import KataKit

@Suite("A mutant schema: every mutant compiled in, one switched on by KATA_MUTANT")
struct MutantSchemaTests {
    static let module = [
        "Screen.swift": """
        import Foundation

        final class Screen: @unchecked Sendable {
            static let limit = 3
            private let lock = NSLock()
            private var items: [Int] = []
            var onChange: (() -> Void)?

            func add(_ item: Int, queue: DispatchQueue) {
                queue.async {
                    self.lock.lock()
                    self.items.append(item)
                    self.lock.unlock()
                    if self.items.count > Screen.limit { self.onChange?() }
                }
            }

            var count: Int {
                lock.lock()
                defer { lock.unlock() }
                return items.count
            }

            func first() -> Int? {
                guard !items.isEmpty else { return nil }
                return items[0]
            }
        }
        """
    ]

    @Test("with no mutant on, every kata's schema is its module: each else branch holds the original text")
    func originalWhenOff() {
        for kata in MutationFixtures.katas {
            let module = MutationFixtures.module(kata)
            let mutants = MutantGenerator(isolatedByDefault: module.number == 18)
                .mutants(of: module.files, mutableLines: module.mutableLines)
            let schema = MutantSchema(files: module.files, mutants: mutants, isolatedByDefault: module.number == 18)
            #expect(schema.numbered.count == mutants.count, "\(kata): a mutant has no place in the schema")
            #expect(schema.numbered.map(\.number) == Array(1..<(schema.numbered.count + 1)))
            for (path, text) in module.files {
                #expect(MutationFixtures.strip(schema.files[path] ?? "") == text, "\(kata)/\(path)")
            }
        }
        let schema = MutantSchema(files: Self.module, mutants: MutantGenerator().mutants(of: Self.module))
        #expect(schema.files["Screen.swift"]?.contains("__KataMutant.on(") == true)
        #expect(schema.files[MutantSchema.selectorFile]?.contains("KATA_MUTANT") == true)
    }

    @Test("a mutant's branch holds the site with only its change")
    func branches() throws {
        let mutants = MutantGenerator().mutants(of: Self.module)
        let schema = MutantSchema(files: Self.module, mutants: mutants)
        let text = try #require(schema.files["Screen.swift"])
        let guardRemoval = try #require(schema.numbered.first { $0.mutant.operatorName == .removeGuard })
        #expect(text.contains("if __KataMutant.on(\(guardRemoval.number)) {\n        \n        }"))
        let limit = try #require(schema.numbered.first { $0.mutant.original == "3" && $0.mutant.replacement == "4" })
        #expect(text.contains("static let limit = if __KataMutant.on(\(limit.number)) {"))
    }

    @Test("errors are blamed on the mutant whose branch they are in, or on the whole site outside branches")
    func blame() throws {
        let mutants = MutantGenerator().mutants(of: Self.module)
        let schema = MutantSchema(files: Self.module, mutants: mutants)
        let folder = URL(fileURLWithPath: "/schema")
        let lines = try #require(schema.files["Screen.swift"]).components(separatedBy: "\n")
        let target = try #require(schema.numbered.first { $0.mutant.operatorName == .dropLock })
        let header = try #require(lines.firstIndex { $0.contains("__KataMutant.on(\(target.number)) {") })
        let inBranch = schema.mutants(blamedFor: [("/schema/Screen.swift", header + 2)], writtenTo: folder)
        #expect(inBranch.blamed.map(\.id) == [target.mutant.id])
        let elseLine = try #require(lines[header...].firstIndex { $0.hasSuffix("} else {") })
        let inOriginal = schema.mutants(blamedFor: [("/schema/Screen.swift", elseLine + 2)], writtenTo: folder)
        #expect(inOriginal.blamed.count >= 2)
        #expect(inOriginal.blamed.contains { $0.id == target.mutant.id })
        let elsewhere = schema.mutants(blamedFor: [("/schema/Other.swift", 1)], writtenTo: folder)
        #expect(elsewhere.blamed.isEmpty && elsewhere.unexplained.count == 1)
    }

    @Test("an error at a body's end outside every site blames its last exit removed, then the whole body")
    func blameAtBodysEnd() {
        var map = SchemaLineMap()
        map.copies = [.init(firstLine: 1, originalOffset: 0, text: String(repeating: "x", count: 95) + "\n    }\n")]
        map.bodies = [0..<100]
        map.sites = [(10..<20, [1]), (30..<40, [2, 3]), (50..<60, [4])]
        map.exitRemoving = [1, 3]
        #expect(map.blame(line: 2) == [3], "the later `return` removed leaves the end without one")
        map.exitRemoving = []
        #expect(map.blame(line: 2) == [1, 2, 3, 4])
        #expect(
            Mutant(
                operatorName: .deleteCall, file: "A.swift", range: 0..<6, original: "throw error", replacement: "",
                line: 1, declaration: "A.f"
            ).removesAnExit)
    }

    @Test("an error in a site's original code blames the last exit removed before it in the body, if any")
    func blameAfterARemovedExit() {
        var map = SchemaLineMap()
        map.bodies = [0..<100]
        map.sites = [(10..<20, [1]), (30..<40, [2]), (50..<60, [4])]
        map.regions = [.init(lines: 5...6, owner: .site([4]))]
        map.exitRemoving = [1, 2]
        #expect(map.blame(line: 5) == [2], "`case .failure: return` removed leaves a constant unset below")
        map.exitRemoving = []
        #expect(map.blame(line: 5) == [4])
    }

    @Test("a dropped lock around a declaration is stillborn; the calls after the lock keep their mutants")
    func widestFirst() throws {
        guard let swiftc = MutationFixtures.swiftc else {
            Issue.record("no swiftc beside swift on PATH: the schema was not type-checked")
            return
        }
        let module = MutationFixtures.module(try #require(MutationFixtures.katas.first { $0.hasPrefix("22") }))
        let mutants = MutantGenerator().mutants(of: module.files, mutableLines: module.mutableLines)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("schema-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let (_, stillborn) = try MutantSchema.removingStillborn(files: module.files, mutants: mutants, folder: folder) {
            try MutationFixtures.typeCheck($0, module: module.name, swift6: module.isSwift6, swiftc: swiftc)
        }
        let ids = stillborn.map(\.id)
        #expect(
            ids.contains { $0.hasPrefix("drop-lock:PublishAlbumOperation.swift:PublishAlbumOperation.uploadEnded") })
        #expect(
            !stillborn.contains { $0.operatorName == .deleteCall && $0.original == "onProgress(progress)" },
            "deleting onProgress(progress) compiles; it was blamed for the dropped lock's hidden `progress`")
    }

    @Test("the stillborn loop drops what the compiler rejects, and rebuilds until it compiles")
    func stillbornLoop() throws {
        let mutants = MutantGenerator().mutants(of: Self.module)
        let bad = try #require(mutants.first { $0.operatorName == .offByOne })
        var rounds = 0
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("schema-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        // A fake compiler that rejects the branch of `bad` while it is there.
        let (schema, stillborn) = try MutantSchema.removingStillborn(
            files: Self.module, mutants: mutants, folder: folder
        ) {
            urls in
            rounds += 1
            let text = try String(contentsOf: folder.appendingPathComponent("Screen.swift"), encoding: .utf8)
            let lines = text.components(separatedBy: "\n")
            guard let number = MutantSchema(files: Self.module, mutants: mutants).number(of: bad), rounds == 1,
                let header = lines.firstIndex(where: { $0.contains("__KataMutant.on(\(number)) {") })
            else { return [] }
            #expect(urls.contains { $0.lastPathComponent == MutantSchema.selectorFile })
            return [(folder.appendingPathComponent("Screen.swift").path, header + 2)]
        }
        #expect(rounds == 2)
        #expect(stillborn.map(\.id) == [bad.id])
        #expect(schema.numbered.count == mutants.count - 1)
    }

    @Test(
        "after the stillborn loop a schema type-checks with swiftc, in the module's language mode",
        arguments: ["small", "03", "13", "24"])
    func typeChecks(kata: String) throws {
        guard let swiftc = MutationFixtures.swiftc else {
            Issue.record("no swiftc beside swift on PATH: the schema was not type-checked")
            return
        }
        let module: MutationFixtures.KataModule
        if kata == "small" {
            module = .init(
                name: "Small", number: 0, folder: URL(fileURLWithPath: "/"), files: Self.module, mutableLines: nil,
                isSwift6: true)
        } else {
            module = MutationFixtures.module(try #require(MutationFixtures.katas.first { $0.hasPrefix(kata) }))
        }
        let mutants = MutantGenerator().mutants(of: module.files, mutableLines: module.mutableLines)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("schema-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let (schema, stillborn) = try MutantSchema.removingStillborn(
            files: module.files, mutants: mutants, folder: folder
        ) {
            try MutationFixtures.typeCheck($0, module: module.name, swift6: module.isSwift6, swiftc: swiftc)
        }
        #expect(!schema.numbered.isEmpty)
        #expect(schema.numbered.count + stillborn.count == mutants.count)
        // Compiles as written, and the module with no mutant on is the original.
        let urls = try schema.writeFiles(into: folder)
        #expect(
            try MutationFixtures.typeCheck(urls, module: module.name, swift6: module.isSwift6, swiftc: swiftc).isEmpty)
        for (path, text) in module.files {
            #expect(MutationFixtures.strip(schema.files[path] ?? "") == text)
        }
    }

    @Test("every kata has mutants, at least 20 a kata over the 24; the table says how many, by operator")
    func counts() {
        var total = 0
        var table = "kata  total  " + MutationOperator.allCases.map(\.rawValue).joined(separator: " ") + "\n"
        for kata in MutationFixtures.katas {
            let module = MutationFixtures.module(kata)
            let mutants = MutantGenerator(isolatedByDefault: module.number == 18)
                .mutants(of: module.files, mutableLines: module.mutableLines)
            #expect(!mutants.isEmpty, "\(kata) has no mutants")
            total += mutants.count
            let counts = MutationOperator.allCases.map { name in mutants.filter { $0.operatorName == name }.count }
            table += "\(kata.prefix(2))    \(mutants.count)  " + counts.map(String.init).joined(separator: " ") + "\n"
        }
        print(table)
        #expect(total >= 20 * MutationFixtures.katas.count, "\(total) mutants over the katas")
    }
}
