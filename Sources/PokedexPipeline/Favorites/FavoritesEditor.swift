package import Foundation
package import PokedexModel
import PokedexSupport

/// `pokedex favorites add | remove | list | clear`: edits the favorites file, which is the user's own data.
///
/// - Every command reads the file strictly first: a malformed file is an error (with line and column) and is
///   never written.
/// - A command that changes nothing does not write; one that does writes once, atomically, keeping the order and
///   the spelling of the entries already there (new entries go at the end).
/// - Names and ids are checked against the Pokémon list cached by `pokedex build` for the API base. When that
///   list is complete, an unknown name is refused with the closest matches; without a cached list (or with only
///   part of it) a clean slug or a positive id is accepted with a note that it could not be checked.
///
/// What `add` writes: the Pokémon's API name (`"pikachu"`) whenever the cache knows it, however it was given
/// (`Pikachu`, `25`, `"#025"`): the same format as the site's "Export favorites" button. When the cache cannot
/// tell, a name is written as its lower-case slug and an id as a JSON integer (`25`).
package struct FavoritesEditor {
    /// The path as the user gave it, for messages.
    package let path: String
    /// Where the file is, resolved against the current directory.
    package let url: URL
    /// The API base the cache is read for, for messages.
    package let apiBase: String
    private let loadCatalog: () throws -> CachedCatalog?

    /// `catalog` is called at most once per command, after the favorites file has been read successfully.
    package init(
        path: String,
        apiBase: String = BuildOptions.defaultAPI,
        currentDirectory: String = FileManager.default.currentDirectoryPath,
        catalog: @escaping () throws -> CachedCatalog? = { nil }
    ) {
        self.path = path
        self.url = Paths.resolve(path, from: currentDirectory)
        self.apiBase = apiBase
        self.loadCatalog = catalog
    }

    // MARK: Results

    /// What a command did, told in lines: `messages` are its results (stdout), `notes` what the user should know
    /// about them (stderr).
    package struct Report: Sendable, Equatable {
        /// The file's entries after the command.
        package var file: FavoritesFile
        /// Whether the file was written.
        package var written: Bool
        package var messages: [String]
        package var notes: [String]
    }

    /// One entry of the file as `list` shows it.
    package struct Listed: Sendable, Equatable {
        package var entry: FavoriteReference
        /// The Pokémon the cache resolves the entry to.
        package var pokemon: FavoritesCatalog.Item?
        /// Why the entry is not resolved, and what it might have meant.
        package var note: String?

        /// `#025 Pikachu`, or the entry as written and the note: `pikachuu (unknown Pokémon; did you mean pikachu?)`.
        package var line: String {
            var text: String
            if let pokemon {
                text = pokemon.label
            } else if let id = entry.explicitID, id > 0 {
                text = DisplayName.number(id)
            } else {
                text = entry.description
            }
            if let note { text += " (\(note))" }
            return text
        }
    }

    package enum ClearOutcome: Sendable, Equatable {
        /// The file now holds an empty array; this many entries were deleted.
        case cleared(Int)
        /// The file held no entries (or did not exist): nothing was asked, nothing written.
        case nothingToClear
        /// The user answered no: nothing was written.
        case declined
    }

    static let clearQuestion = "Are you sure you want to delete all favorites? [y/N] "

    // MARK: Commands

    /// Adds each of `arguments` (names, ids, `#025`) that is not a favorite already. Refuses them all, writing
    /// nothing, when one is unknown or not a valid name.
    package func add(_ arguments: [String]) throws -> Report {
        _ = try read()
        let catalog = try loadCatalog()
        let resolver = Resolver(catalog: catalog, apiBase: apiBase)

        var candidates: [(argument: String, entry: FavoriteReference, identity: Resolver.Identity, label: String)] = []
        var problems: [String] = []
        var unchecked: [(why: String, arguments: [String])] = []
        for argument in arguments {
            switch resolver.classify(argument) {
            case .known(let item):
                candidates.append((argument, .name(item.name), .pokemon(item.id), Resolver.label(item)))
            case .unchecked(let entry, let why, let suggestions):
                candidates.append((argument, entry, resolver.identity(entry), Resolver.label(entry)))
                let shown = Resolver.quoted(argument) + resolver.didYouMean(suggestions)
                if let index = unchecked.firstIndex(where: { $0.why == why }) {
                    unchecked[index].arguments.append(shown)
                } else {
                    unchecked.append((why, [shown]))
                }
            case .invalid(let problem):
                problems.append(problem)
            }
        }
        if !problems.isEmpty {
            throw PokedexError(
                .favorites,
                path,
                .invalidInput(problems.joined(separator: "; ")),
                hint: resolver.unknownHint + "; nothing was added"
            )
        }
        let notes = unchecked.map { group in
            "could not check \(group.arguments.joined(separator: ", ")): \(group.why)"
        }

        return try mutate { file in
            var file = file
            var identities = Set(file.entries.map(resolver.identity))
            var messages: [String] = []
            for candidate in candidates {
                if identities.contains(candidate.identity) {
                    messages.append("Already a favorite: \(candidate.label)")
                } else {
                    identities.insert(candidate.identity)
                    file.entries.append(candidate.entry)
                    messages.append("Added \(candidate.label)")
                }
            }
            return (file, messages, notes)
        }
    }

    /// Removes every entry naming each of `arguments`, by any spelling the cache can resolve (`pikachu`, `25`,
    /// `"#025"`, `"Pikachu"`). Refuses them all, writing nothing, when one is a name that is neither in the file
    /// nor in a complete cached list (a typo).
    package func remove(_ arguments: [String]) throws -> Report {
        let current = try read().file
        let catalog = try loadCatalog()
        let resolver = Resolver(catalog: catalog, apiBase: apiBase)

        var problems: [String] = []
        for argument in arguments {
            let reference = FavoriteReference.name(argument.trimmingCharacters(in: .whitespaces))
            if resolver.matches(reference, in: current).isEmpty, resolver.item(for: reference) == nil,
                let catalog, catalog.isComplete
            {
                problems.append(resolver.unknown(reference, among: current))
            }
        }
        if !problems.isEmpty {
            throw PokedexError(
                .favorites,
                path,
                .invalidInput(problems.joined(separator: "; ")),
                hint: resolver.unknownHint + "; nothing was removed"
            )
        }

        return try mutate { file in
            var file = file
            var messages: [String] = []
            var notes: [String] = []
            for argument in arguments {
                let reference = FavoriteReference.name(argument.trimmingCharacters(in: .whitespaces))
                let indices = resolver.matches(reference, in: file)
                let label =
                    resolver.item(for: reference).map(Resolver.label)
                    ?? reference.explicitID.map(DisplayName.number) ?? Resolver.quoted(argument)
                if indices.isEmpty {
                    var note = "\(label) is not a favorite"
                    if let close = resolver.closestEntry(to: reference, in: file) {
                        note += " (did you mean \(close)?)"
                    }
                    notes.append(note)
                    continue
                }
                let removed = Set(indices)
                let spellings = indices.map { file.entries[$0].description }
                file.entries = file.entries.enumerated().filter { !removed.contains($0.offset) }.map(\.element)
                messages.append(
                    "Removed \(label)"
                        + (spellings.count > 1
                            ? " (\(spellings.count) entries: \(spellings.joined(separator: ", ")))" : "")
                )
            }
            return (file, messages, notes)
        }
    }

    /// The file's entries in file order, resolved through the cache, and notes for the user.
    package func list() throws -> (entries: [Listed], notes: [String]) {
        let file = try read().file
        guard !file.entries.isEmpty else {
            let exists = FileManager.default.fileExists(atPath: url.path)
            return ([], ["no favorites in \(path)" + (exists ? "" : " (the file does not exist yet)")])
        }
        let catalog = try loadCatalog()
        let resolver = Resolver(catalog: catalog, apiBase: apiBase)
        var notes: [String] = []
        if catalog == nil {
            notes.append(
                "no Pokémon list is cached for \(apiBase): entries could not be checked (run `pokedex build` first)"
            )
        }
        let entries = file.entries.map { entry -> Listed in
            if let item = resolver.item(for: entry) { return Listed(entry: entry, pokemon: item, note: nil) }
            return Listed(entry: entry, pokemon: nil, note: resolver.unresolvedNote(entry))
        }
        return (entries, notes)
    }

    /// The file's entries as JSON, in the file's own format (what `save` writes), `[]` for a missing file.
    package func listJSON() throws -> String {
        String(decoding: try read().file.serialized(), as: UTF8.self)
    }

    /// Deletes every entry (the file is kept, holding `[]`). Without `confirmed`, asks `prompt` when it is
    /// interactive, and refuses when it is not.
    package func clear(confirmed: Bool, prompt: any ConfirmationPrompt) throws -> ClearOutcome {
        let current = try read().file
        guard !current.entries.isEmpty else { return .nothingToClear }
        if !confirmed {
            guard prompt.isInteractive else {
                throw PokedexError(
                    .favorites,
                    path,
                    .invalidInput(
                        "refusing to delete all \(current.entries.count) favorite(s) without confirmation: standard input is not a terminal"
                    ),
                    hint: "pass --yes to clear without being asked"
                )
            }
            guard prompt.confirm(Self.clearQuestion) else { return .declined }
        }
        let report = try mutate { file in (FavoritesFile(), [], []) }
        return report.written ? .cleared(current.entries.count) : .nothingToClear
    }

    // MARK: Reading and writing

    /// The file's bytes (nil when it does not exist) and its entries.
    func read() throws -> (data: Data?, file: FavoritesFile) {
        let data: Data?
        do {
            data = FileManager.default.fileExists(atPath: url.path) ? try Data(contentsOf: url) : nil
        } catch {
            throw PokedexError.file(.favorites, path, error)
        }
        return (data, try data.map { try FavoritesFile.parse($0, path: path) } ?? FavoritesFile())
    }

    /// Applies `edit` to the file and writes the result when it differs. Should the file change on disk while
    /// the edit is made (another `pokedex favorites`, an editor), the edit is made again on the new content
    /// rather than overwriting it.
    private func mutate(_ edit: (FavoritesFile) throws -> (FavoritesFile, [String], [String])) throws -> Report {
        var attempt = 0
        while true {
            attempt += 1
            let (data, file) = try read()
            let (edited, messages, notes) = try edit(file)
            guard edited != file else {
                return Report(file: file, written: false, messages: messages, notes: notes)
            }
            let now =
                FileManager.default.fileExists(atPath: url.path) ? FileManager.default.contents(atPath: url.path) : nil
            if now != data && attempt < 5 { continue }
            try save(edited)
            return Report(file: edited, written: true, messages: messages, notes: notes)
        }
    }

    /// Writes atomically through a symbolic link (to its target, so the link stays) and keeps the file's mode.
    private func save(_ file: FavoritesFile) throws {
        let target = url.resolvingSymlinksInPath()
        do {
            let mode =
                FileManager.default.fileExists(atPath: target.path)
                ? try FileManager.default.attributesOfItem(atPath: target.path)[.posixPermissions] as? NSNumber
                : nil
            try AtomicFile.write(file.serialized(), to: target)
            if let mode {
                try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: target.path)
            }
        } catch {
            throw PokedexError.file(.favorites, path, error)
        }
    }
}

/// Ties favorites entries and command-line arguments to Pokémon through the cached list, when there is one.
struct Resolver {
    let catalog: CachedCatalog?
    let apiBase: String

    /// What two entries must share to name the same Pokémon: its id when the cache resolves them, otherwise
    /// their spelling made comparable (`"Pikachu"` = `"pikachu"`, `25` = `"#025"`).
    enum Identity: Hashable {
        case pokemon(Int)
        case literal(String)
    }

    enum Candidate {
        case known(FavoritesCatalog.Item)
        /// Accepted without a check: `why` says why it could not be checked; `suggestions` are the cached names
        /// it is close to.
        case unchecked(FavoriteReference, why: String, suggestions: [String])
        case invalid(String)
    }

    func item(for reference: FavoriteReference) -> FavoritesCatalog.Item? {
        guard let catalog, let id = catalog.catalog.match(reference) else { return nil }
        return catalog.catalog.item(id: id)
    }

    func identity(_ reference: FavoriteReference) -> Identity {
        if let item = item(for: reference) { return .pokemon(item.id) }
        return .literal(Self.literalKey(reference))
    }

    static func literalKey(_ reference: FavoriteReference) -> String {
        if let id = reference.explicitID { return "#\(id)" }
        if case .name(let name) = reference {
            // Not a valid id ("0", "#-3"), but spelt as one: the same key as the integer entry.
            var digits = name.trimmingCharacters(in: .whitespaces)
            if digits.hasPrefix("#") { digits.removeFirst() }
            if let number = Int(digits) { return "#\(number)" }
        }
        return FavoritesCatalog.normalise(reference.lookupName ?? reference.description)
    }

    /// Indices of the entries of `file` that name what `reference` names.
    func matches(_ reference: FavoriteReference, in file: FavoritesFile) -> [Int] {
        let id = item(for: reference)?.id
        let key = Self.literalKey(reference)
        return file.entries.indices.filter { index in
            let entry = file.entries[index]
            if let id, item(for: entry)?.id == id { return true }
            return Self.literalKey(entry) == key
        }
    }

    /// Whether an argument of `add` names a known Pokémon, something the cache cannot check, or nothing valid.
    func classify(_ argument: String) -> Candidate {
        let text = argument.trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty else { return .invalid("an empty name is not a Pokémon") }
        let reference = FavoriteReference.name(text)
        if let item = item(for: reference) { return .known(item) }
        if let catalog, catalog.isComplete { return .invalid(unknown(reference, among: nil)) }

        let uncheckedWhy: String
        var suggestions: [String] = []
        if let catalog {
            uncheckedWhy = "the cache holds only \(catalog.cachedCount) of the \(catalog.total) Pokémon of \(apiBase)"
            suggestions = catalog.catalog.suggestions(for: reference)
        } else {
            uncheckedWhy = "no Pokémon list is cached for \(apiBase) (run `pokedex build` first)"
        }
        if let id = reference.explicitID { return .unchecked(.id(id), why: uncheckedWhy, suggestions: []) }
        var digits = text
        if digits.hasPrefix("#") { digits.removeFirst() }
        if !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) {
            return .invalid("\(Self.quoted(argument)) is not a Pokémon id: ids start at 1")
        }
        guard let name = reference.lookupName, Slug.isClean(name) else {
            let slug = FavoritesCatalog.normalise(text)
            let hint = Slug.isClean(slug) ? " (did you mean \(slug)?)" : ""
            return .invalid(
                "\(Self.quoted(argument)) is not a Pokémon name: use letters, digits and dashes, as in mr-mime\(hint)"
            )
        }
        return .unchecked(.name(name), why: uncheckedWhy, suggestions: suggestions)
    }

    /// "no Pokémon named "pikachuu" in the cached list (did you mean pikachu?)".
    func unknown(_ reference: FavoriteReference, among file: FavoritesFile?) -> String {
        let count = catalog.map { " in the cached list of \($0.cachedCount)" } ?? ""
        if let id = reference.explicitID {
            return "no Pokémon \(DisplayName.number(id)) (id \(id))\(count)"
        }
        var suggestions = catalog?.catalog.suggestions(for: reference) ?? []
        if let file, let close = closestEntry(to: reference, in: file), !suggestions.contains(close) {
            suggestions.insert(close, at: 0)
        }
        return "no Pokémon named \(Self.quoted(reference.description))\(count)" + didYouMean(suggestions)
    }

    var unknownHint: String {
        if catalog == nil {
            return
                "without a cached Pokémon list (run `pokedex build` first), names must be slugs like mr-mime and ids positive numbers"
        }
        if catalog?.isSnapshot == true {
            return
                "names and ids are checked against the Pokémon list pokedex carries (its data snapshot) until `pokedex build` caches \(apiBase)'s"
        }
        return "names and ids are checked against the Pokémon cached by `pokedex build` for \(apiBase)"
    }

    /// Why `list` cannot show an entry as a Pokémon.
    func unresolvedNote(_ entry: FavoriteReference) -> String {
        if case .id(let id) = entry, id < 1 { return "not a Pokémon id" }
        guard let catalog else { return "not checked: nothing cached" }
        let suggestions = didYouMean(catalog.catalog.suggestions(for: entry), separator: "; ")
        return (catalog.isComplete ? "unknown Pokémon" : "not in the cache") + suggestions
    }

    /// The entry of `file` closest in spelling to `reference`, for "is not a favorite (did you mean …?)".
    func closestEntry(to reference: FavoriteReference, in file: FavoritesFile) -> String? {
        guard let name = reference.lookupName.map(FavoritesCatalog.normalise), !name.isEmpty else { return nil }
        let threshold = max(2, name.count / 2)
        let scored = file.entries.compactMap { entry -> (Int, String)? in
            guard let other = entry.lookupName.map(FavoritesCatalog.normalise) else { return nil }
            return (EditDistance.between(name, other), entry.description)
        }
        return scored.filter { $0.0 <= threshold }.min { $0.0 < $1.0 }?.1
    }

    func didYouMean(_ suggestions: [String], separator: String = " ") -> String {
        guard !suggestions.isEmpty else { return "" }
        let text = "did you mean \(suggestions.joined(separator: ", "))?"
        return separator == " " ? " (\(text))" : separator + text
    }

    static func label(_ item: FavoritesCatalog.Item) -> String { item.label }

    static func label(_ entry: FavoriteReference) -> String {
        if case .id(let id) = entry { return DisplayName.number(id) }
        return entry.description
    }

    static func quoted(_ text: String) -> String {
        "\"\(text)\""
    }
}
