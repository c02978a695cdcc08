// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "pokedex",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "pokedex", targets: ["pokedex"]),
        .library(name: "PokedexKit", targets: ["PokedexKit"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        // Tests only: the engine pokedex used before its own, as an oracle for byte-identical pages.
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/vapor/console-kit", from: "4.16.2"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/LebJe/TOMLKit", from: "0.6.0"),
        .package(url: "https://github.com/adam-fowler/compress-nio", from: "1.5.0"),
        // Already built for async-http-client's TLS; SHA-256 fingerprints of the site's files.
        .package(url: "https://github.com/apple/swift-crypto", from: "4.5.2"),
        // `pokedex serve`: the preview server, and clean shutdown on Ctrl-C.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
    ],
    targets: [
        .target(name: "CPokedexShims"),
        // Thumbnails: libpng decodes the cached artwork, libwebp scales and encodes it (see README, "Thumbnails").
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CWebP", pkgConfig: "libwebp", providers: [.apt(["libwebp-dev"])]),
        // sitemap.xml (libxml2's writer) and `pokedex check` (libxml2's HTML parser).
        .systemLibrary(name: "CLibXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"])]),
        // pokedex's own Mustache engine: no dependencies, not even Foundation (see README, "The template engine").
        .target(name: "PokedexMustache"),
        .target(
            name: "PokedexKit",
            dependencies: [
                "PokedexMustache",
                "CPokedexShims",
                "CPNG",
                "CWebP",
                "CLibXML2",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ConsoleKitTerminal", package: "console-kit"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOFoundationCompat", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "TOMLKit", package: "TOMLKit"),
                .product(name: "CompressNIO", package: "compress-nio"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        .executableTarget(
            name: "pokedex",
            dependencies: [
                "PokedexKit",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(
            name: "PokedexMustacheTests",
            dependencies: ["PokedexMustache"],
            // The official Mustache specification's tests (mustache/spec, MIT), with their LICENSE.
            resources: [.copy("Spec")]
        ),
        .testTarget(
            name: "PokedexKitTests",
            dependencies: [
                "PokedexKit",
                "PokedexMustache",
                "CPNG",
                "CWebP",
                "CLibXML2",
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                // `pokedex serve`'s tests: a client for its pages and events, and its server's types.
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Hummingbird", package: "hummingbird"),
            ]
        ),
    ]
)
