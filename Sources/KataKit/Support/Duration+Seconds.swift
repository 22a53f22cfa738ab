extension Duration {
    /// The duration in seconds, with its fraction: what `Thread.sleep`, `DispatchTime` arithmetic,
    /// JSON reports and "in 1.2 s" messages want.
    ///
    /// ```swift
    /// Duration.milliseconds(1500).seconds   // 1.5
    /// ```
    package var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
