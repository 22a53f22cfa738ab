public protocol Greeting {
    func greet(_ name: String) -> String
}

public struct Greeter: Greeting {
    public init() {}
    public func greet(_ name: String) -> String { greeting(for: name) }
}

public func greeting(for name: String) -> String {
    "Hello, \(name)!"
}
