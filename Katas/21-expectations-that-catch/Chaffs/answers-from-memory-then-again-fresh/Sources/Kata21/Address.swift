/// One delivery address, as the checkout form lists it.
public struct Address: Equatable {
    /// The first line: "Flat 2, 14 Alma Road".
    public let line: String
    /// The postcode the directory filed it under: "SW18 1AA".
    public let postcode: String

    public init(line: String, postcode: String) {
        self.line = line
        self.postcode = postcode
    }
}

/// Why a lookup found no address to show. The form shows a different message for each case.
public enum LookupError: Error, Equatable {
    /// The text is not a postcode. The directory was not asked.
    case malformedPostcode
    /// The directory answered, with no address in that postcode.
    case noAddresses
    /// The directory could not be reached, or failed to answer.
    case directoryUnavailable
}
