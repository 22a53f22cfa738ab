// Test helpers for code that reports back through completion handlers.
//
// Kata 06: write the `waitForCompletion(of:)` helpers here (see README.md, "Your task").
// They are test support, so they may import XCTest; guard the import with
// `#if canImport(XCTest)` so this module still builds wherever XCTest is missing.
