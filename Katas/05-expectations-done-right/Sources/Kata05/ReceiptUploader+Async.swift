// Kata 05: write `upload(_ receipt: Receipt) async throws -> URL` here, in an extension of
// `ReceiptUploader`, bridging `upload(_:completion:)` with `withCheckedThrowingContinuation`.
// See README.md, "Your task".
