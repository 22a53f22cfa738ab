/// How far the publishing of an album has come: `uploaded` of `total` photos are online.
public struct PublishProgress: Equatable {
    public let uploaded: Int
    public let total: Int

    public init(uploaded: Int, total: Int) {
        self.uploaded = uploaded
        self.total = total
    }
}
