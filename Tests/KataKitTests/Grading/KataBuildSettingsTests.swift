import Foundation
import Testing

@testable import KataKit

@Suite("What a kata's manifest says about compiling its module")
struct KataBuildSettingsTests {
    static func dump(module settings: String, dependencies: String = "[]", modes: String = #"["5"]"#) -> Data {
        Data(
            """
            {"dependencies": \(dependencies), "swiftLanguageVersions": \(modes), "toolsVersion": {"_version": "6.2.0"},
             "targets": [
               {"name": "Kata18", "dependencies": [], "settings": \(settings), "type": "regular"},
               {"name": "Kata18Tests", "dependencies": [{"byName": ["Kata18", null]}], "settings": [], "type": "test"}
             ]}
            """.utf8)
    }

    @Test("default isolation, upcoming and experimental features, defines and unsafe flags become swiftc flags")
    func flags() throws {
        let settings = try #require(
            KataBuildSettings.parse(
                Self.dump(
                    module: """
                        [{"tool": "swift", "kind": {"defaultIsolation": {"_0": "MainActor"}}},
                         {"tool": "swift", "kind": {"enableUpcomingFeature": {"_0": "InferIsolatedConformances"}}},
                         {"tool": "swift", "kind": {"enableExperimentalFeature": {"_0": "Lifetimes"}}},
                         {"tool": "swift", "kind": {"define": {"_0": "GRADING"}}},
                         {"tool": "swift", "kind": {"unsafeFlags": {"_0": ["-strict-concurrency=complete"]}}},
                         {"tool": "c", "kind": {"define": {"_0": "IGNORED"}}}]
                        """), moduleName: "Kata18"))
        #expect(settings.swiftVersion == "5")
        #expect(
            settings.moduleFlags == [
                "-default-isolation", "MainActor", "-enable-upcoming-feature", "InferIsolatedConformances",
                "-enable-experimental-feature", "Lifetimes", "-D", "GRADING", "-strict-concurrency=complete",
            ])
    }

    @Test("a package dependency, a conditional setting or an unknown kind leave the module to SwiftPM")
    func slowWay() throws {
        let dependency = try #require(
            KataBuildSettings.parse(
                Self.dump(module: "[]", dependencies: #"[{"sourceControl": []}]"#), moduleName: "Kata18"))
        #expect(dependency.moduleFlags == nil)
        let conditional = try #require(
            KataBuildSettings.parse(
                Self.dump(
                    module:
                        #"[{"tool": "swift", "kind": {"define": {"_0": "X"}}, "condition": {"platformNames": ["linux"]}}]"#
                ), moduleName: "Kata18"))
        #expect(conditional.moduleFlags == nil)
        let unknown = try #require(
            KataBuildSettings.parse(
                Self.dump(module: #"[{"tool": "swift", "kind": {"interoperabilityMode": {"_0": "Cxx"}}}]"#),
                moduleName: "Kata18"))
        #expect(unknown.moduleFlags == nil)
        #expect(unknown.swiftVersion == "5", "the language mode is read all the same")
    }

    @Test("no language mode: the tools version's; not JSON: nothing")
    func defaults() {
        #expect(
            KataBuildSettings.parse(Self.dump(module: "[]", modes: "null"), moduleName: "Kata18")?.swiftVersion == "6")
        #expect(KataBuildSettings.parse(Data("error: no manifest".utf8), moduleName: "Kata18") == nil)
    }
}
