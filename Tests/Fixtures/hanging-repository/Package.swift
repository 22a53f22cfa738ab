// swift-tools-version:6.0
// A kata repository in miniature for the `kata` command's end-to-end tests. The tests copy it to
// a temporary folder first; the root of a real repository declares its katas here.
import PackageDescription

let package = Package(name: "HangingFixture", targets: [])
