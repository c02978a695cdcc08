import Foundation
import PokedexMustache
import Testing

@testable import PokedexPipeline
@testable import PokedexRender
@testable import PokedexSupport

/// The theme compiled into pokedex (by the EmbedFiles build plugin, from `Templates/`), and theme folders
/// overriding it file by file.
@Suite struct EmbeddedThemeTests {
    static let templates = packageRoot.appendingPathComponent("Templates")

    static func templatesOnDisk() throws -> [String: Data] {
        var files: [String: Data] = [:]
        for relative in try Theme.listFiles(templates) {
            files[relative] = try Data(contentsOf: templates.appendingPathComponent(relative))
        }
        return files
    }

    @Test func theCompiledThemeIsTemplatesFolderByteForByte() throws {
        let onDisk = try Self.templatesOnDisk()
        try #require(onDisk["index.mustache"] != nil, "the real theme is expected at \(Self.templates.path)")
        let embedded = EmbeddedTheme.files()
        #expect(
            Set(embedded.keys) == Set(onDisk.keys),
            """
            Templates/ and the compiled theme hold different files: the EmbedFiles plugin lists files as Theme.listFiles does
            """
        )
        for (path, data) in onDisk where embedded[path] != data {
            Issue.record("\(path) differs from its compiled copy")
        }
    }
}

@Suite struct ThemeOverrideTests {
    func scratch() throws -> URL {
        try TestEnvironment.makeScratchFolder()
    }

    func write(_ text: String, _ relative: String, in folder: URL) throws {
        let url = folder.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    @Test func anEmptyFolderMeansTheBuiltInTheme() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let builtIn = try Theme(overrides: nil)
        let overridden = try Theme(overrides: folder)
        #expect(builtIn.staticFiles.map(\.path) == overridden.staticFiles.map(\.path))
        #expect(builtIn.staticFiles.map(\.data) == overridden.staticFiles.map(\.data))
        #expect(builtIn.staticFiles.contains { $0.path == "assets/style.css" })
        #expect(!builtIn.staticFiles.contains { $0.path == "README.md" })
    }

    @Test func aFileInTheFolderWinsAndEverythingElseComesFromTheBuiltInTheme() async throws {
        try await withEnvironment { env in
            let theme = env.root.appendingPathComponent("restyle")
            try write("body { color: hotpink; }\n", "assets/style.css", in: theme)
            try write(#"<li class="my-cell">{{name}}</li>"#, "partials/cell.mustache", in: theme)
            try await env.build(templates: theme)
            let style = try env.hashed("assets/style.css")
            #expect(try env.read(style) == "body{color:hotpink}\n")
            let builtIn = try #require(EmbeddedTheme.files()["assets/app.js"])
            // Published without its comment lines and indentation.
            #expect(
                try Data(contentsOf: env.output.appendingPathComponent(env.hashed("assets/app.js")))
                    == AssetCompactor.compact(builtIn, path: "assets/app.js")
            )
            let index = try env.read("index.html")
            #expect(index.contains(#"<li class="my-cell">Bulbasaur</li>"#))
            // The rest of the page is the built-in index template, naming the stylesheet by its hash.
            #expect(index.contains(#"<link rel="stylesheet" href="\#(style)">"#))
        }
    }

    @Test func theIncludesOfATemplateAreWhatItsParsedTagsReach() throws {
        let library = try TemplateLibrary(templates: [
            "page": "<p>{{name}}</p>{{> partials/head}}{{#x}}{{<\tlayout }}{{/layout}}{{/x}}",
            "partials/head": "{{=<% %>=}}<% > partials/star %>",
            "partials/star": "*",
            "layout": "[{{$body}}{{/body}}]",
            "alone": "no tags, {{! a comment }}",
            "dynamic": "{{>*which}}",
        ])
        #expect(library.partials(reachableFrom: "page") == ["page", "partials/head", "partials/star", "layout"])
        #expect(library.partials(reachableFrom: "alone") == ["alone"])
        // A dynamic name can reach any template: every template counts as included.
        #expect(library.partials(reachableFrom: "dynamic") == nil)
    }

    @Test func aMissingFolderIsAnError() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let missing = folder.appendingPathComponent("nope")
        let error = try #require(throws: PokedexError.self) { try Theme(overrides: missing) }
        #expect(error.subject == missing.path)
        #expect(error.description.contains("templates folder not found"))
    }

    @Test func aTemplateErrorNamesTheOverridingFileWithLineAndColumn() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        try write("<p>\n{{#detail}}\n</p>\n", "pokemon.mustache", in: folder)
        let error = try #require(throws: PokedexError.self) { try Theme(overrides: folder) }
        let subject = try #require(error.subject)
        #expect(subject.hasPrefix(folder.appendingPathComponent("pokemon.mustache").path + ":"))
        #expect(subject.split(separator: ":").count == 3, "file:line:column, got \(subject)")
    }

    @Test func aMissingPartialIsAnErrorAtItsTag() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        try write("<p>\n  {{> partials/nope}}\n</p>\n", "favorites.mustache", in: folder)
        let error = try #require(throws: PokedexError.self) { try Theme(overrides: folder) }
        #expect(error.subject == folder.appendingPathComponent("favorites.mustache").path + ":2:3")
        #expect(error.description.contains("partials/nope"), "\(error.description)")
    }

    @Test func aHeadLinkingTheUnhashedStylesheetIsWarnedAbout() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try Theme(overrides: folder).warnings.isEmpty)
        try write(
            #"<link rel="stylesheet" href="{{root}}assets/style.css">"# + "\n",
            "partials/head.mustache",
            in: folder
        )
        var warnings = try Theme(overrides: folder).warnings
        #expect(warnings.count == 1)
        #expect(warnings.first?.hasPrefix(folder.appendingPathComponent("partials/head.mustache").path) == true)
        #expect(warnings.first?.contains("{{assets.style}}") == true, "\(warnings)")

        // An index page written before app.js cloned the cell's <template>.
        try write("{{> partials/head}}<main></main>\n", "index.mustache", in: folder)
        warnings = try Theme(overrides: folder).warnings
        #expect(warnings.count == 2)
        #expect(
            warnings.contains {
                $0.hasPrefix(folder.appendingPathComponent("index.mustache").path) && $0.contains("cell-template")
            },
            "\(warnings)"
        )
    }

    @Test func aHeadWrittenBeforeListAndMovesScriptsIsWarnedAbout() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        // The head of the theme before the index's script moved to list.js and moves.js existed.
        try write(#"<script src="{{root}}{{assets.app}}" defer></script>"# + "\n", "partials/head.mustache", in: folder)
        let warnings = try Theme(overrides: folder).warnings
        #expect(warnings.count == 3, "\(warnings)")
        #expect(
            warnings.contains { $0.contains("{{assets.list}}") }
                && warnings.contains { $0.contains("{{assets.moves}}") }
                && warnings.contains { $0.contains("{{assets.pokemonScript}}") }
        )
        // The head before cells.js was split out of list.js: the index would keep its static cells only.
        try write(
            #"<script src="{{root}}{{assets.app}}" defer></script>"#
                + #"<script src="{{root}}{{assets.find}}" defer></script>"#
                + #"<script src="{{root}}{{assets.listModel}}" defer></script>"#
                + #"<script src="{{root}}{{assets.listSearch}}" defer></script>"#
                + #"<script src="{{root}}{{assets.list}}" defer></script>"#
                + #"<script src="{{root}}{{assets.pokemonScript}}" defer></script>"#
                + #"<script src="{{root}}{{assets.moves}}" defer></script>"# + "\n",
            "partials/head.mustache",
            in: folder
        )
        let cells = try Theme(overrides: folder).warnings
        #expect(cells.count == 1 && cells[0].contains("{{assets.cells}}"), "\(cells)")
        // The head before find.js was split out of app.js: the index's search would have no folding or ranking.
        try write(
            #"<script src="{{root}}{{assets.app}}" defer></script>"#
                + #"<script src="{{root}}{{assets.cells}}" defer></script>"#
                + #"<script src="{{root}}{{assets.listModel}}" defer></script>"#
                + #"<script src="{{root}}{{assets.listSearch}}" defer></script>"#
                + #"<script src="{{root}}{{assets.list}}" defer></script>"#
                + #"<script src="{{root}}{{assets.pokemonScript}}" defer></script>"#
                + #"<script src="{{root}}{{assets.moves}}" defer></script>"# + "\n",
            "partials/head.mustache",
            in: folder
        )
        let find = try Theme(overrides: folder).warnings
        #expect(find.count == 1 && find[0].contains("{{assets.find}}"), "\(find)")
        // The head before list-model.js was split out of list.js: the lists would have no search, address or sort.
        try write(
            #"<script src="{{root}}{{assets.app}}" defer></script>"#
                + #"<script src="{{root}}{{assets.find}}" defer></script>"#
                + #"<script src="{{root}}{{assets.cells}}" defer></script>"#
                + #"<script src="{{root}}{{assets.listSearch}}" defer></script>"#
                + #"<script src="{{root}}{{assets.list}}" defer></script>"#
                + #"<script src="{{root}}{{assets.pokemonScript}}" defer></script>"#
                + #"<script src="{{root}}{{assets.moves}}" defer></script>"# + "\n",
            "partials/head.mustache",
            in: folder
        )
        let model = try Theme(overrides: folder).warnings
        #expect(model.count == 1 && model[0].contains("{{assets.listModel}}"), "\(model)")
        // The head before list-search.js was split out of list.js: the index would have no search, filters or sort.
        try write(
            #"<script src="{{root}}{{assets.app}}" defer></script>"#
                + #"<script src="{{root}}{{assets.find}}" defer></script>"#
                + #"<script src="{{root}}{{assets.cells}}" defer></script>"#
                + #"<script src="{{root}}{{assets.listModel}}" defer></script>"#
                + #"<script src="{{root}}{{assets.list}}" defer></script>"#
                + #"<script src="{{root}}{{assets.pokemonScript}}" defer></script>"#
                + #"<script src="{{root}}{{assets.moves}}" defer></script>"# + "\n",
            "partials/head.mustache",
            in: folder
        )
        let search = try Theme(overrides: folder).warnings
        #expect(search.count == 1 && search[0].contains("{{assets.listSearch}}"), "\(search)")
        try FileManager.default.removeItem(at: folder.appendingPathComponent("partials/head.mustache"))
        // A header naming search.js for app.js's loader but not find.js, which the search now needs first.
        try write(
            #"<header class="topbar" data-search="{{root}}{{assets.search}}">"# + "\n",
            "partials/header.mustache",
            in: folder
        )
        let header = try Theme(overrides: folder).warnings
        #expect(
            header.count == 1 && header[0].contains("data-search-find") && header[0].contains("partials/header"),
            "\(header)"
        )
        try FileManager.default.removeItem(at: folder.appendingPathComponent("partials/header.mustache"))
        // The head before list.css, controls.css, pages.css, tools.css, tables.css and pokemon.css: its stylesheet alone.
        try write(
            #"<link rel="stylesheet" href="{{root}}{{assets.style}}">"# + "\n",
            "partials/head.mustache",
            in: folder
        )
        let styles = try Theme(overrides: folder).warnings
        #expect(
            styles.count == 6 && styles.contains { $0.contains("{{assets.pages}}") }
                && styles.contains { $0.contains("{{assets.toolsStyle}}") }
                && styles.contains { $0.contains("{{assets.pokemon}}") }
                && styles.contains { $0.contains("{{assets.tables}}") }
                && styles.contains { $0.contains("{{assets.listStyle}}") }
                && styles.contains { $0.contains("{{assets.controls}}") },
            "\(styles)"
        )
        // Today's head: nothing to say.
        let builtIn = try #require(EmbeddedTheme.files()["partials/head.mustache"])
        try builtIn.write(to: folder.appendingPathComponent("partials/head.mustache"))
        #expect(try Theme(overrides: folder).warnings.isEmpty)
    }

    @Test func ejectWritesTheWholeThemeAndRefusesToOverwrite() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let target = folder.appendingPathComponent("Templates")
        let written = try ThemeEjector.eject(to: target, force: false)
        let embedded = EmbeddedTheme.files()
        #expect(Set(written) == Set(embedded.keys))
        for (path, data) in embedded {
            #expect(try Data(contentsOf: target.appendingPathComponent(path)) == data, "\(path)")
        }

        // One edited file: a second eject refuses and changes nothing; --force restores it.
        let style = target.appendingPathComponent("assets/style.css")
        try Data("edited\n".utf8).write(to: style)
        let error = try #require(throws: PokedexError.self) { try ThemeEjector.eject(to: target, force: false) }
        #expect(error.description.contains("already exist"))
        #expect(error.hint?.contains("--force") == true)
        #expect(try String(contentsOf: style, encoding: .utf8) == "edited\n")
        _ = try ThemeEjector.eject(to: target, force: true)
        #expect(try Data(contentsOf: style) == embedded["assets/style.css"])
    }

    @Test func anEjectedThemeBuildsTheSameSiteAsTheBuiltInOne() async throws {
        try await withEnvironment { env in
            let builtIn = env.options(templates: nil)
            var options = builtIn
            options.templates = nil
            _ = try await SiteBuilder(options: options, logger: quietLogger).run()
            let first = try snapshot(env.output)
            let ejected = env.root.appendingPathComponent("ejected")
            _ = try ThemeEjector.eject(to: ejected, force: false)
            try await env.build(templates: ejected)
            #expect(try snapshot(env.output) == first)
            let app = try env.hashed("assets/app.js")
            #expect(first["index.html"] != nil && first[app] != nil)
        }
    }
}
