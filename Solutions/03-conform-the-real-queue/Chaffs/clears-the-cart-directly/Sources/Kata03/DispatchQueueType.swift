import Dispatch

/// The one thing `CheckoutScreen` needs from a queue: "run this work, asynchronously".
///
/// The requirement copies the full signature of the method `DispatchQueue` already has,
/// `async(group:qos:flags:execute:)`, minus its default values (a protocol requirement cannot
/// have any). A requirement matches a method only by its full name and its exact type, so with
/// this spelling the real queue conforms with an empty extension: no wrapper, no forwarding.
public protocol DispatchQueueType {
    func async(
        group: DispatchGroup?,
        qos: DispatchQoS,
        flags: DispatchWorkItemFlags,
        execute work: @escaping @Sendable @convention(block) () -> Void)
}

/// Nothing to write: `DispatchQueue` already has this method.
extension DispatchQueue: DispatchQueueType {}

extension DispatchQueueType {
    /// The short form, so `queue.async { ... }` reads as it always did.
    ///
    /// Protocol requirements cannot declare default arguments; a method in a protocol
    /// extension can fill them in instead.
    public func async(execute work: @escaping @Sendable @convention(block) () -> Void) {
        async(group: nil, qos: .unspecified, flags: [], execute: work)
    }
}
