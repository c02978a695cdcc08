// swift-tools-version:6.1
import PackageDescription

/// Shared by every target of pokedex's own, tests included, as hummingbird's Package.swift shares its settings.
let strictSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "pokedex",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "pokedex", targets: ["pokedex"])
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        // Tests only: the engine pokedex used before its own, as an oracle for byte-identical pages.
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/vapor/console-kit", from: "4.16.2"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        // gzip'd answers from the API (already built for async-http-client).
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.2"),
        .package(url: "https://github.com/LebJe/TOMLKit", from: "0.6.0"),
        .package(url: "https://github.com/adam-fowler/compress-nio", from: "1.5.0"),
        // Already built for async-http-client's TLS; SHA-256 fingerprints of the site's files.
        .package(url: "https://github.com/apple/swift-crypto", from: "4.5.2"),
        // `pokedex serve`: the preview server, and clean shutdown on Ctrl-C.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        // Tests only: the end-to-end tests' child processes (Foundation's Process.run() on Linux reads past a
        // buffer now and then, swift-corelibs-foundation#5472, and crashed whole test runs).
        .package(url: "https://github.com/swiftlang/swift-subprocess", from: "1.0.2"),
        .package(url: "https://github.com/apple/swift-system", from: "1.8.1"),
        // The bounded stream between the render and the output stages (already built for hummingbird).
        .package(url: "https://github.com/apple/swift-async-algorithms", from: "1.1.4"),
    ],
    targets: [
        .target(name: "CPokedexShims"),
        // Build time only: the EmbedFiles plugin's tool, which compiles Templates/ and the bundled snapshot into
        // Swift (nothing generated is kept in git).
        .executableTarget(name: "PokedexEmbed", swiftSettings: strictSettings),
        .plugin(name: "EmbedFiles", capability: .buildTool(), dependencies: ["PokedexEmbed"]),
        // Build time only: the contexts' template trees, from their stored properties (see TemplateTree.swift).
        .executableTarget(name: "PokedexTrees", swiftSettings: strictSettings),
        .plugin(name: "TemplateTrees", capability: .buildTool(), dependencies: ["PokedexTrees"]),
        // Thumbnails: libpng decodes the cached artwork, libwebp scales and encodes it (see Docs/site.md, "Thumbnails").
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CWebP", pkgConfig: "libwebp", providers: [.apt(["libwebp-dev"])]),
        // sitemap.xml (libxml2's writer) and `pokedex check` (libxml2's HTML parser).
        .systemLibrary(name: "CLibXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"])]),
        // pokedex's own Mustache engine: no dependencies, not even Foundation (see Docs/engine.md).
        .target(name: "PokedexMustache", swiftSettings: strictSettings),
        // The library is one target per pipeline stage; each depends only on the stages below it, so the compiler
        // refuses a wrong-direction import (see Docs/architecture.md for the graph).
        .target(
            name: "PokedexSupport",
            dependencies: [
                "CPokedexShims",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            swiftSettings: strictSettings
        ),
        .target(
            name: "PokedexSource",
            dependencies: [
                "PokedexSupport",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOFoundationCompat", package: "swift-nio"),
                .product(name: "NIOFoundationEssentialsCompat", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTPCompression", package: "swift-nio-extras"),
                .product(name: "CompressNIO", package: "compress-nio"),
            ],
            swiftSettings: strictSettings,
            plugins: ["EmbedFiles"]
        ),
        .target(
            name: "PokedexModel",
            dependencies: ["PokedexSupport", "PokedexSource"],
            swiftSettings: strictSettings
        ),
        // What crosses from the render to the output stage: a file of the site, the stream that carries files as
        // they are made, and what the site already holds. Below both, so that neither imports the other.
        .target(
            name: "PokedexSite",
            dependencies: [
                .product(name: "AsyncAlgorithms", package: "swift-async-algorithms"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
            ],
            swiftSettings: strictSettings
        ),
        .target(
            name: "PokedexThumbnails",
            dependencies: [
                "PokedexSupport", "PokedexSource", "PokedexModel", "CPNG", "CWebP",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictSettings
        ),
        .target(
            name: "PokedexRender",
            dependencies: [
                "PokedexSupport", "PokedexSource", "PokedexModel", "PokedexSite", "PokedexMustache", "CLibXML2",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "TOMLKit", package: "TOMLKit"),
            ],
            swiftSettings: strictSettings,
            plugins: ["EmbedFiles", "TemplateTrees"]
        ),
        .target(
            name: "PokedexOutput",
            dependencies: [
                "PokedexSupport", "PokedexSite",
                .product(name: "AsyncAlgorithms", package: "swift-async-algorithms"),
            ],
            swiftSettings: strictSettings
        ),
        .target(name: "PokedexCheck", dependencies: ["PokedexSupport", "CLibXML2"], swiftSettings: strictSettings),
        .target(
            name: "PokedexPipeline",
            dependencies: [
                "PokedexSupport", "PokedexSource", "PokedexModel", "PokedexThumbnails", "PokedexSite", "PokedexRender",
                "PokedexOutput", "PokedexCheck",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "TOMLKit", package: "TOMLKit"),
            ],
            swiftSettings: strictSettings
        ),
        .target(
            name: "PokedexServe",
            dependencies: [
                "PokedexSupport", "PokedexSource", "PokedexRender", "PokedexOutput", "PokedexPipeline",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
            ],
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "pokedex",
            dependencies: [
                "PokedexSupport", "PokedexSource", "PokedexRender", "PokedexCheck", "PokedexPipeline", "PokedexServe",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ConsoleKitTerminal", package: "console-kit"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "PokedexMustacheTests",
            dependencies: ["PokedexMustache"],
            // The official Mustache specification's tests (mustache/spec, MIT), with their LICENSE.
            resources: [.copy("Spec")],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "PokedexTests",
            dependencies: [
                "PokedexSupport", "PokedexSource", "PokedexModel", "PokedexThumbnails", "PokedexSite", "PokedexRender",
                "PokedexOutput", "PokedexCheck", "PokedexPipeline", "PokedexServe", "PokedexMustache",
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                // `pokedex serve`'s tests: a client for its pages and events, and its server's types.
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Subprocess", package: "swift-subprocess"),
                .product(name: "SystemPackage", package: "swift-system"),
                .product(name: "AsyncAlgorithms", package: "swift-async-algorithms"),
            ],
            // The golden pages are read by path (GoldenTests), not as resources.
            exclude: ["Golden"],
            swiftSettings: strictSettings
        ),
    ]
)
