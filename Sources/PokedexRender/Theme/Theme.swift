package import Foundation
import PokedexMustache
import PokedexSupport

/// The site's theme: Mustache templates (`index`, `pokemon`, `favorites`, and partials) and static files copied
/// as they are (CSS, JS, SVG). The default theme is compiled into pokedex; a theme folder overrides it file by
/// file (a file there wins, anything it lacks comes from the default), and is read at every build, so it is
/// edited without recompiling.
package struct Theme: Sendable {
    static let requiredTemplates = ["index", "pokemon", "favorites"]

    /// Every template, parsed once (pokedex's own engine: see `PokedexMustache`).
    let library: TemplateLibrary
    /// Every file that is not a template, by path relative to the theme root, with its bytes.
    package let staticFiles: [(path: String, data: Data)]
    /// The theme's words by PokeAPI language code (`strings/fr.toml`), as their files say them.
    package let strings: [String: ThemeStrings]
    static let stringsFolder = "strings/"
    /// Where each file came from, by relative path: a path in `directory`, or `(built-in theme)/…`.
    package let origins: [String: String]
    /// Per template name: a fingerprint of its text and of every partial it includes, directly or not. A page
    /// made with it is rendered again only when this or its context changed.
    package let templateFingerprints: [String: String]
    /// What a build should say about the theme folder's templates: a head written before the stylesheet and
    /// script carried their hash in their names, say.
    package let warnings: [String]
    /// The digests of the files it was made from (see `ThemeFiles`).
    package let digests: ThemeFiles.Digests

    /// The default theme with the files of `directory` (nil for none) in place of its own. A folder that does not
    /// exist is an error; an empty one means the default theme.
    package init(overrides directory: URL?) throws {
        try self.init(files: ThemeFiles(overrides: directory))
    }

    /// The theme those files make, every template and strings file parsed; the strings files as `earlier` parsed
    /// them when no file but templates changed since (`pokedex serve` after a template edit: parsing a dozen
    /// languages' words was most of the time it took to read the theme again).
    package init(files theme: ThemeFiles, earlier: Theme? = nil) throws {
        let (files, origins, builtInStrings) = (theme.files, theme.origins, theme.builtInStrings)
        let earlierWords = earlier.flatMap { $0.digests.withoutTemplates == theme.digests.withoutTemplates ? $0 : nil }
        var texts: [String: String] = [:]
        var staticFiles: [(path: String, data: Data)] = []
        var strings: [String: ThemeStrings] = earlierWords?.strings ?? [:]
        for (relative, data) in files.sorted(by: { $0.key < $1.key }) where Self.isPartOfTheme(relative) {
            // The words of each language: read, never published.
            if relative.hasPrefix(Self.stringsFolder), relative.hasSuffix(".toml") {
                if earlierWords != nil { continue }
                let origin = origins[relative] ?? relative
                guard let text = String(data: data, encoding: .utf8) else {
                    throw PokedexError(.render, origin, .template("not UTF-8 text"))
                }
                let code = String(relative.dropFirst(Self.stringsFolder.count).dropLast(".toml".count)).lowercased()
                var own = try ThemeStrings.parse(text, origin: origin)
                // A file that is the built-in one (an ejected theme's, untouched) has nothing to lay over: parsing it
                // twice was most of the time a theme folder took to read.
                if origins[relative]?.hasPrefix(EmbeddedTheme.label) == false,
                    let builtInData = builtInStrings[relative],
                    builtInData != data, let builtIn = String(data: builtInData, encoding: .utf8)
                {
                    own = try ThemeStrings.parse(builtIn, origin: "\(EmbeddedTheme.label)/\(relative)").overlaid(
                        by: own
                    )
                }
                strings[code] = own
                continue
            }
            guard relative.hasSuffix(".mustache") else {
                staticFiles.append((relative, data))
                continue
            }
            guard let text = String(data: data, encoding: .utf8) else {
                throw PokedexError(.render, origins[relative] ?? relative, .template("not UTF-8 text"))
            }
            texts[String(relative.dropLast(".mustache".count))] = text
        }
        let library: TemplateLibrary
        do {
            library = try TemplateLibrary(templates: texts, strictPartials: true)
        } catch {
            let origin = origins[error.template + ".mustache"] ?? error.template + ".mustache"
            throw PokedexError(.render, "\(origin):\(error.line):\(error.column)", .template(error.message))
        }
        for name in Self.requiredTemplates where !library.has(name) {
            throw PokedexError(.render, "\(name).mustache", .template("required template is missing"))
        }
        self.library = library
        self.staticFiles = staticFiles
        self.strings = strings
        self.origins = origins
        self.templateFingerprints = Self.fingerprints(texts, library: library)
        self.digests = theme.digests
        self.warnings =
            Self.warnings(texts, origins: origins)
            + (earlierWords?.wordWarnings ?? Self.wordWarnings(strings, origins: origins))
    }

    /// What the theme's strings files lack, as warnings.
    var wordWarnings: [String] { Self.wordWarnings(strings, origins: origins) }

    static func wordWarnings(_ strings: [String: ThemeStrings], origins: [String: String]) -> [String] {
        Self.incompleteStrings(strings).map { code, missing in
            let origin = origins["\(Self.stringsFolder)\(code).toml"] ?? "\(Self.stringsFolder)\(code).toml"
            let listed = missing.prefix(5).joined(separator: ", ") + (missing.count > 5 ? ", …" : "")
            return
                "\(origin) lacks \(missing.count) of the English file's keys (\(listed)): pages in that language say them in English"
        }
    }

    /// Overridden templates written for an older pokedex: linking the stylesheet or the script by the theme's
    /// file names, which the site no longer publishes (`assets/style.css` is `assets/style.3f9a1c2e.css`), or an
    /// index or favorites page without the cell `<template>` that `list.js` clones, or a head without list.js.
    static func warnings(_ texts: [String: String], origins: [String: String]) -> [String] {
        texts.keys.sorted().flatMap { name -> [String] in
            let origin = origins[name + ".mustache"] ?? name + ".mustache"
            guard !origin.hasPrefix(EmbeddedTheme.label), let text = texts[name] else { return [] }
            var warnings: [String] = []
            if ["index", "favorites"].contains(name), !text.contains("cell-template") {
                warnings.append(
                    "\(origin) has no <template id=\"cell-template\">, which app.js clones to build cells "
                        + "(favorites view, search results): add {{#cellTemplate}}<template id=\"cell-template\">"
                        + "{{> partials/cell}}</template>{{/cellTemplate}} inside <main>"
                )
            }
            if let stale = Self.staleLinks(text, origin: origin) { warnings.append(stale) }
            if name == "partials/header", text.contains("{{assets.search}}"), !text.contains("{{assets.find}}") {
                warnings.append(
                    "\(origin) names search.js but not find.js, which the search now needs first: add "
                        + "data-search-find=\"{{root}}{{assets.find}}\" beside data-search"
                )
            }
            if name == "partials/head" {
                for required in Self.headAssets where text.contains(required.beside) && !text.contains(required.asset) {
                    warnings.append("\(origin) \(required.warning)")
                }
            }
            return warnings
        }
    }

    /// What a theme's head must name once the default theme split it out of app.js or style.css (`asset`, in a
    /// head that has `beside`), and what to add.
    static let headAssets: [(asset: String, beside: String, warning: String)] = [
        (
            "{{assets.list}}", "{{assets.app}}",
            "loads app.js but not list.js, which now has the index's search, filters, "
                + "favorites view and infinite scroll: add {{#usesList}}<script src=\"{{root}}{{assets.list}}\" "
                + "defer></script>{{/usesList}} after app.js"
        ),
        (
            "{{assets.find}}", "{{assets.list}}",
            "loads list.js but not find.js, which now has the search's folding, ranking and names and the "
                + "address's hash: add {{#usesFind}}<script src=\"{{root}}{{assets.find}}\" defer></script>"
                + "{{/usesFind}} after app.js"
        ),
        (
            "{{assets.cells}}", "{{assets.list}}",
            "loads list.js but not cells.js, which now builds the lists' cells (and search.html's): add "
                + "{{#usesCells}}<script src=\"{{root}}{{assets.cells}}\" defer></script>{{/usesCells}} "
                + "between app.js and list.js"
        ),
        (
            "{{assets.listModel}}", "{{assets.list}}",
            "loads list.js but not list-model.js, which now has the lists' decoders, search ranking, address and "
                + "sorting: add {{#usesList}}<script src=\"{{root}}{{assets.listModel}}\" defer></script>{{/usesList}} "
                + "before list.js"
        ),
        (
            "{{assets.listSearch}}", "{{assets.list}}",
            "loads list.js but not list-search.js, which now has the index's search, filters, sort and address: add "
                + "{{#isIndex}}<script src=\"{{root}}{{assets.listSearch}}\" defer></script>{{/isIndex}} between "
                + "list-model.js and list.js"
        ),
        (
            "{{assets.pokemonScript}}", "{{assets.app}}",
            "does not load pokemon.js, which runs the Pokémon pages' picture "
                + "switcher (no longer in app.js): add {{#isPokemon}}<script src=\"{{root}}{{assets.pokemonScript}}\" "
                + "defer></script>{{/isPokemon}} after app.js"
        ),
        (
            "{{assets.moves}}", "{{assets.app}}",
            "does not load moves.js, which sorts the moves tables and runs the game "
                + "picker and the moves index's filters: add {{#usesMovesScript}}<script src=\"{{root}}"
                + "{{assets.moves}}\" defer></script>{{/usesMovesScript}} after app.js"
        ),
        (
            "{{assets.pages}}", "{{assets.style}}",
            "does not link pages.css, which now styles the Pokémon, move, ability and "
                + "type pages: add {{^usesList}}<link rel=\"stylesheet\" href=\"{{root}}{{assets.pages}}\">"
                + "{{/usesList}} after the stylesheet"
        ),
        (
            "{{assets.listStyle}}", "{{assets.style}}",
            "does not link list.css, which now styles the index's, favorites' and "
                + "search's cells, pagination and toolbar: add {{#usesCells}}<link rel=\"stylesheet\" "
                + "href=\"{{root}}{{assets.listStyle}}\">{{/usesCells}} after the stylesheet"
        ),
        (
            "{{assets.controls}}", "{{assets.style}}",
            "does not link controls.css, which now styles the search box, "
                + "filters and notices of the index, favorites and moves index: add {{#usesControls}}<link "
                + "rel=\"stylesheet\" href=\"{{root}}{{assets.controls}}\">{{/usesControls}} after the stylesheet"
        ),
        (
            "{{assets.tables}}", "{{assets.style}}",
            "does not link tables.css, which now styles the moves tables, the "
                + "abilities index and the type chart: add {{#usesTables}}<link rel=\"stylesheet\" "
                + "href=\"{{root}}{{assets.tables}}\">{{/usesTables}} after pages.css"
        ),
        (
            "{{assets.toolsStyle}}", "{{assets.style}}",
            "does not link tools.css, which now styles the type calculator and the comparison (no longer in "
                + "pages.css): add {{#usesToolsStyle}}<link rel=\"stylesheet\" href=\"{{root}}{{assets.toolsStyle}}\">"
                + "{{/usesToolsStyle}} after pages.css, before tables.css"
        ),
        (
            "{{assets.pokemon}}", "{{assets.style}}",
            "does not link pokemon.css, which now styles the Pokémon pages' picture "
                + "switcher, evolution tree and matchups: add {{#isPokemon}}<link rel=\"stylesheet\" "
                + "href=\"{{root}}{{assets.pokemon}}\">{{/isPokemon}} after pages.css"
        ),
    ]

    private static func staleLinks(_ text: String, origin: String) -> String? {
        let stale = [(AssetRole.style.file ?? "", "{{assets.style}}"), (AssetRole.app.file ?? "", "{{assets.app}}")]
            .filter { text.contains($0.0) }
        guard !stale.isEmpty else { return nil }
        let links = stale.map(\.0).joined(separator: " and ")
        let fixes = stale.map(\.1).joined(separator: " and ")
        return "\(origin) links \(links), which the site publishes under a name carrying its hash: "
            + "its pages would load an old copy or none; write \(fixes) instead"
    }

    /// For each template, a fingerprint over the texts of the templates it can reach through partials and
    /// parents (all of them when a dynamic name makes that unknowable).
    static func fingerprints(_ texts: [String: String], library: TemplateLibrary) -> [String: String] {
        var fingerprints: [String: String] = [:]
        for name in texts.keys {
            let reached = library.partials(reachableFrom: name) ?? Set(texts.keys)
            fingerprints[name] = Fingerprint.of(
                reached.sorted().flatMap { [Data($0.utf8), Data((texts[$0] ?? "").utf8)] }
            )
        }
        return fingerprints
    }

    /// Each language file's keys that the English file has and it lacks, by language code; complete files left out.
    static func incompleteStrings(_ strings: [String: ThemeStrings]) -> [(code: String, missing: [String])] {
        guard let english = strings["en"] else { return [] }
        return strings.sorted { $0.key < $1.key }.compactMap { code, file in
            guard code != "en" else { return nil }
            let own = Set(file.keys)
            let missing = english.keys.filter { !own.contains($0) }
            return missing.isEmpty ? nil : (code, missing)
        }
    }

    /// The words of pages in `language`: its file over the English one (a key it lacks is said in English).
    package func strings(for language: String) -> ThemeStrings {
        let english = strings["en"] ?? ThemeStrings()
        guard language != "en", let own = strings[language] else { return english }
        return english.overlaid(by: own)
    }

    /// Editor and OS droppings, and the theme's own README, are not part of a theme.
    package static func isPartOfTheme(_ relative: String) -> Bool {
        let name = (relative as NSString).lastPathComponent
        return !(name.hasPrefix(".") || name.hasSuffix("~") || name == "README.md")
    }

    /// Every regular file below `directory`, by relative path, sorted; hidden files and folders skipped.
    static func listFiles(_ directory: URL) throws -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: directory.path) else {
            throw PokedexError(.render, directory.path, .fileSystem("cannot list the templates folder"))
        }
        var files: [String] = []
        for case let relative as String in enumerator {
            if relative.split(separator: "/").contains(where: { $0.hasPrefix(".") }) { continue }
            var isDirectory: ObjCBool = false
            let path = directory.appendingPathComponent(relative).path
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else {
                continue
            }
            files.append(relative)
        }
        return files.sorted()
    }

    func hasTemplate(_ name: String) -> Bool {
        library.has(name)
    }

    /// Renders `template` with `context`, a page's value tree.
    func render(_ template: String, _ context: TemplateValue, globals: TemplateValue? = nil) throws -> [UInt8] {
        do {
            return try library.render(template, context, globals: globals)
        } catch {
            throw PokedexError(
                .render,
                origins[template + ".mustache"] ?? template + ".mustache",
                .template(error.message)
            )
        }
    }
}

/// The theme's files as they are read, before any is parsed: the built-in theme's, with a theme folder's in place
/// of its own. A build compares their digests with its memo's, so that a build with nothing changed parses no
/// template and no strings file (parsing them was a large share of a no-op rebuild: Benchmarks/README.md).
package struct ThemeFiles: Sendable {
    /// By path relative to the theme root.
    let files: [String: Data]
    /// Where each file came from, by relative path: a path in the folder, or `(built-in theme)/…`.
    let origins: [String: String]
    /// The built-in strings files, which a theme folder's strings file is laid over.
    let builtInStrings: [String: Data]

    /// The digests of the theme's files, by path and bytes: of all of them, and of all but the templates (what
    /// pages' contexts are made from: the words and the static files).
    package struct Digests: Sendable, Equatable {
        package var all: String
        package var withoutTemplates: String
    }

    /// A folder that does not exist is an error; an empty one means the default theme.
    package init(overrides directory: URL?) throws {
        var files = EmbeddedTheme.files()
        // A theme folder's strings file says some words over the built-in file of its language, not all of them.
        builtInStrings = files.filter { $0.key.hasPrefix(Theme.stringsFolder) && $0.key.hasSuffix(".toml") }
        var origins = Dictionary(uniqueKeysWithValues: files.keys.map { ($0, "\(EmbeddedTheme.label)/\($0)") })
        if let directory {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory),
                isDirectory.boolValue
            else {
                throw PokedexError(
                    .render,
                    directory.path,
                    .fileSystem("templates folder not found"),
                    hint:
                        "drop --templates (and the templates key) to use the built-in theme, or `pokedex theme eject` to get a copy"
                )
            }
            for relative in try Theme.listFiles(directory) {
                let file = directory.appendingPathComponent(relative)
                do {
                    files[relative] = try Data(contentsOf: file)
                } catch {
                    throw PokedexError.file(.render, file.path, error)
                }
                origins[relative] = file.path
            }
        }
        self.files = files
        self.origins = origins
    }

    package var digests: Digests {
        let paths = files.keys.sorted().filter(Theme.isPartOfTheme)
        func digest(_ paths: [String]) -> String {
            Fingerprint.of(paths.flatMap { [Data($0.utf8), files[$0] ?? Data()] })
        }
        return Digests(all: digest(paths), withoutTemplates: digest(paths.filter { !$0.hasSuffix(".mustache") }))
    }
}
