public protocol Greeting {
    func greet(_ name: String) -> String
}

public final class Greeter: Greeting {
    public init() {}
    public func greet(_ name: String) -> String { ["Hello, ", name, "!"].joined() }
}

public func greeting(for name: String) -> String {
    Greeter().greet(name)
}
