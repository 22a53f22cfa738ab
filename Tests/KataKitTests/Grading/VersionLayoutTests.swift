import Foundation
import TestSupport
import Testing

@testable import KataKit

@Suite("A version's internal layout, read from the compiler's ABI descriptor")
struct VersionLayoutTests {
    static func library(describing types: String) throws -> VersionLibrary {
        let repository = KataRepository(root: try Fixtures.copy("tests-repository", purpose: "version-layout"))
        let kata = try KataCatalog.load(from: repository).kata(named: "1")
        let folder = repository.workDirectory.appendingPathComponent("Libraries/v0", isDirectory: true)
        let library = VersionLibrary(
            version: kata.shippedCode, moduleName: "Kata01", folder: folder,
            settings: KataBuildSettings(swiftVersion: "6", moduleFlags: []), sanitizer: nil)
        try Fixtures.write(#"{"ABIRoot": {"kind": "Root", "children": [\#(types)]}}"#, to: library.abiDescriptor)
        return library
    }

    static func type(_ name: String, _ kind: String, stored: [(String, String)]) -> String {
        let members = stored.enumerated().map { order, member in
            #"{"kind": "Var", "declKind": "Var", "printedName": "\#(member.0)", "hasStorage": true, "fixedbinaryorder": \#(order), "children": [{"printedName": "\#(member.1)"}]}"#
        }
        return
            #"{"kind": "TypeDecl", "declKind": "\#(kind)", "printedName": "\#(name)", "moduleName": "Kata01", "children": [\#(members.joined(separator: ","))]}"#
    }

    @Test("the same stored properties lay out the same; another property, type or kind does not")
    func comparesStoredProperties() throws {
        let base = try Self.library(describing: Self.type("Counter", "Struct", stored: [("taps", "Swift.Int")]))
            .layout()
        #expect(base != nil)
        #expect(
            try Self.library(describing: Self.type("Counter", "Struct", stored: [("taps", "Swift.Int")])).layout()
                == base)
        #expect(
            try Self.library(
                describing: Self.type("Counter", "Struct", stored: [("taps", "Swift.Int"), ("history", "[Swift.Int]")])
            ).layout() != base)
        #expect(
            try Self.library(describing: Self.type("Counter", "Struct", stored: [("taps", "Swift.Double")])).layout()
                != base)
        #expect(
            try Self.library(describing: Self.type("Counter", "Class", stored: [("taps", "Swift.Int")])).layout()
                != base)
    }

    @Test(
        "a version fits a base's suite when every type they share is laid out the same; a type of its own does not count"
    )
    func fitsSharedTypes() throws {
        let counter = Self.type("Counter", "Struct", stored: [("taps", "Swift.Int")])
        let base = try Self.library(describing: counter).layout()
        let withHelper = try Self.library(
            describing: counter + "," + Self.type("__KataMutant", "Enum", stored: [])
        ).layout()
        #expect(withHelper != base)
        #expect(VersionLibrary.fits(withHelper, base: base), "a type the suite never saw cannot be misread by it")
        let grown = try Self.library(
            describing: Self.type("Counter", "Struct", stored: [("taps", "Swift.Int"), ("history", "[Swift.Int]")])
                + "," + Self.type("Log", "Class", stored: [])
        )
        .layout()
        #expect(!VersionLibrary.fits(grown, base: base))
        let madeAClass = try Self.library(describing: Self.type("Counter", "Class", stored: [("taps", "Swift.Int")]))
            .layout()
        #expect(!VersionLibrary.fits(madeAClass, base: base))
        #expect(!VersionLibrary.fits(nil, base: base))
        #expect(!VersionLibrary.fits(base, base: nil))
    }

    @Test("no descriptor: no layout, so the version is not run against another's suite")
    func missingDescriptor() throws {
        let library = try Self.library(describing: "")
        try FileManager.default.removeItem(at: library.abiDescriptor)
        #expect(library.layout() == nil)
    }
}
