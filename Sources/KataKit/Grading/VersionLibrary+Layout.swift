import Foundation

extension VersionLibrary {
    /// The compiler's description of the module's binary interface, which it writes beside the
    /// module; built with `-enable-testing`, it describes the internal types too.
    var abiDescriptor: URL { folder.appendingPathComponent("\(moduleName).abi.json") }

    /// The layout of every type the module declares, as text: each type's kind, superclass,
    /// stored properties (name, type, order) and enum cases, nested types included. Nil when the
    /// compiler wrote no descriptor.
    ///
    /// Library evolution makes a public type's layout the library's business, but a suite that
    /// reaches in with `@testable import` (katas 01–18 keep their types internal) compiles an
    /// internal type's size and field offsets into its own code: two versions whose internal
    /// layouts differ cannot share a suite, though every symbol resolves. ``GradingEngine`` runs a
    /// version against a suite only when its layout is the suite's base's.
    func layout() -> String? {
        guard let data = FileManager.default.contents(atPath: abiDescriptor.path),
            let descriptor = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any],
            let root = descriptor["ABIRoot"] as? [String: Any]
        else { return nil }
        var lines: [String] = []
        Self.describe(children(of: root), into: &lines, moduleName: moduleName, prefix: "")
        return lines.joined(separator: "\n")
    }

    /// Whether a suite compiled against a module laid out as `base` may run against one laid out
    /// as `layout`: every type the two share is laid out the same. A type only the version
    /// declares is no concern of the suite's (it was compiled without it), and one only the base
    /// declares leaves a symbol missing, which the loader reports before any test runs.
    static func fits(_ layout: String?, base: String?) -> Bool {
        guard let layout, let base else { return false }
        let types = Self.types(in: layout)
        let baseTypes = Self.types(in: base)
        return types.allSatisfy { name, lines in baseTypes[name].map { $0 == lines } ?? true }
    }

    /// Each type's lines of a ``layout()``, by the type's name.
    private static func types(in layout: String) -> [String: [Substring]] {
        var types: [String: [Substring]] = [:]
        var current: String?
        for line in layout.split(separator: "\n") {
            if line.hasPrefix(" ") {
                if let current { types[current, default: []].append(line) }
            } else {
                // By name alone: a struct made a class is the same type laid out otherwise.
                current = line.split(separator: " ").dropFirst().first.map(String.init) ?? String(line)
                types[current!, default: []].append(line)
            }
        }
        return types
    }

    private func children(of node: [String: Any]) -> [[String: Any]] {
        node["children"] as? [[String: Any]] ?? []
    }

    private static func describe(
        _ nodes: [[String: Any]], into lines: inout [String], moduleName: String, prefix: String
    ) {
        for node in nodes where node["kind"] as? String == "TypeDecl" && node["moduleName"] as? String == moduleName {
            let name = prefix + (node["printedName"] as? String ?? "?")
            let kind = node["declKind"] as? String ?? "?"
            lines.append("\(kind) \(name) : \(node["superclassUsr"] as? String ?? "")")
            let members = node["children"] as? [[String: Any]] ?? []
            for member in members {
                let memberKind = member["declKind"] as? String
                let stored =
                    memberKind == "Var" && (member["hasStorage"] as? Bool ?? false)
                    && !(member["static"] as? Bool ?? false)
                guard stored || memberKind == "EnumElement" else { continue }
                let types = (member["children"] as? [[String: Any]] ?? []).map { $0["printedName"] as? String ?? "" }
                let order = member["fixedbinaryorder"].map { "\($0)" } ?? ""
                lines.append("  \(memberKind ?? "") \(member["printedName"] as? String ?? "") \(types) \(order)")
            }
            describe(members, into: &lines, moduleName: moduleName, prefix: name + ".")
        }
    }
}
