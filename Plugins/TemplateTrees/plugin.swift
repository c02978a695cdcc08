import Foundation
import PackagePlugin

/// Writes the `templateValue` of each struct of `PokedexRender` that declares `TemplateTree`, from its stored
/// properties, at build time: the trees pages hold by the thousand, made without the `Encoder`'s containers, and
/// never written by hand (nothing generated is kept in git).
@main
struct TemplateTrees: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: any Target) async throws -> [Command] {
        guard let module = target.sourceModule else { return [] }
        let tool = try context.tool(named: "PokedexTrees")
        let sources = module.sourceFiles(withSuffix: "swift").map(\.url)
        let generated = context.pluginWorkDirectoryURL.appending(path: "TemplateTrees.swift")
        return [
            .buildCommand(
                displayName: "Writing the template trees of \(target.name)'s contexts",
                executable: tool.url,
                arguments: [generated.path] + sources.map(\.path),
                inputFiles: sources,
                outputFiles: [generated]
            )
        ]
    }
}
