import Foundation
import PackagePlugin

/// Compiles files the repository keeps as files into the target that needs them, at build time, so that the
/// binary alone builds a site and no generated Swift lives in git (as swift-openapi-generator's plugin does):
/// `Templates/` into `PokedexRender` (the default theme), `Snapshot/bundled.pokedex-snapshot` into `PokedexSource`
/// (the bundled data). Files are listed when SwiftPM plans the build: an edited file is picked up by the next build,
/// but a file added to or removed from Templates/ only once the package is planned again (`touch Package.swift`).
@main
struct EmbedFiles: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: any Target) async throws -> [Command] {
        let tool = try context.tool(named: "PokedexEmbed")
        let root = context.package.directoryURL
        let output = context.pluginWorkDirectoryURL
        switch target.name {
        case "PokedexRender":
            let folder = root.appending(path: "Templates")
            let files = try themeFiles(in: folder)
            let generated = output.appending(path: "EmbeddedThemeFiles.swift")
            return [
                .buildCommand(
                    displayName: "Embedding the default theme (\(files.count) files of Templates/)",
                    executable: tool.url,
                    arguments: ["theme", generated.path, folder.path] + files,
                    inputFiles: files.map { folder.appending(path: $0) },
                    outputFiles: [generated]
                )
            ]
        case "PokedexSource":
            let snapshot = root.appending(path: "Snapshot/bundled.pokedex-snapshot")
            let generated = output.appending(path: "BundledSnapshot.swift")
            return [
                .buildCommand(
                    displayName: "Embedding the bundled data snapshot",
                    executable: tool.url,
                    arguments: ["snapshot", generated.path, snapshot.path],
                    inputFiles: [snapshot],
                    outputFiles: [generated]
                )
            ]
        default:
            Diagnostics.error("EmbedFiles has nothing to embed into \(target.name)")
            return []
        }
    }

    /// Every regular file below `folder`, relative and sorted, hidden files and folders skipped: the files
    /// `Theme.listFiles` reads from a theme folder.
    private func themeFiles(in folder: URL) throws -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: folder.path) else {
            throw EmbedError("cannot list \(folder.path)")
        }
        var files: [String] = []
        for case let relative as String in enumerator {
            if relative.split(separator: "/").contains(where: { $0.hasPrefix(".") }) { continue }
            var isDirectory: ObjCBool = false
            guard
                FileManager.default.fileExists(
                    atPath: folder.appending(path: relative).path,
                    isDirectory: &isDirectory
                ),
                !isDirectory.boolValue
            else { continue }
            files.append(relative)
        }
        return files.sorted()
    }
}

struct EmbedError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
