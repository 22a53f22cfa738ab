public func greeting(for name: String) -> String {
    "Hello, \(name)"
}
