public func greeting(for name: String) -> String {
    "Hi, \(name)!"
}
