import Foundation

/// A parcel on its way to you, as the app's sync job caches it on disk.
public struct Parcel: Equatable, Codable, Sendable {
    /// The courier's tracking number, unique per parcel.
    public var trackingNumber: String
    /// What the shop called it: "Running shoes, size 42".
    public var description: String
    /// When the courier expects to deliver it.
    public var expectedOn: Date

    public init(trackingNumber: String, description: String, expectedOn: Date) {
        self.trackingNumber = trackingNumber
        self.description = description
        self.expectedOn = expectedOn
    }
}

/// Everything the Deliveries tab can show.
///
/// `@frozen`: these cases are all the tab will ever show. It also lets ThreadSanitizer see every
/// copy of a state: `kata check` builds the code as a library with library evolution, where an
/// enum that is not frozen is copied by code the sanitizer does not watch.
@frozen
public enum DeliveriesState: Equatable, Sendable {
    /// Nothing asked for yet.
    case idle
    /// A spinner: the parcels are on their way (to the screen).
    case loading
    /// The parcels, the soonest delivery first.
    case loaded([Parcel])
    /// "Nothing on its way" with an illustration of an empty van.
    case empty
    /// A message for the user, and a Retry button.
    case failed(String)
}
