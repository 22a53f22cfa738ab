// Combine on Apple's platforms, OpenCombine (the same API, open source) on Linux.
// `@_exported` re-exports the module, so every file here, and every file that
// imports Kata09 (the tests too), sees `PassthroughSubject`, `Scheduler`,
// `ImmediateScheduler` and `DispatchQueue`'s `Scheduler` conformance without
// an `#if` of its own.
#if canImport(Combine)
    @_exported import Combine
#else
    @_exported import OpenCombine
    @_exported import OpenCombineDispatch
#endif
