// swift-tools-version:6.1
import PackageDescription

// The cache's compact store (CompactCoder) against Foundation's binary property list, on a real cache's pack: see
// README.md here. Its own package, so that the main package's build (and CI's time) never includes it. It compiles
// pokedex's own PokedexSupport and the records of PokedexSource through symbolic links to ../../Sources, leaving out
// what needs the network, the bundled snapshot or the site (and so their dependencies).
/// The main package's settings (its sources are written for them).
let strictSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "cache-format",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
    ],
    targets: [
        .target(name: "CPokedexShims"),
        .target(
            name: "PokedexSupport",
            dependencies: ["CPokedexShims", .product(name: "Logging", package: "swift-log")],
            // SHA-256 and the blocking threads: not what a pack's entries need (nor swift-crypto's build).
            exclude: ["Fingerprint.swift", "BlockingWork.swift"],
            swiftSettings: strictSettings
        ),
        .target(
            name: "PokedexSource",
            dependencies: [
                "PokedexSupport",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
            ],
            // The records and the cache's entries only: no network, no snapshot, no data set loader.
            exclude: ["Cache/ResourceLoader.swift", "DataSet", "Snapshot", "Source"],
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "cache-format",
            dependencies: ["PokedexSource", "PokedexSupport"],
            swiftSettings: strictSettings
        ),
    ]
)
