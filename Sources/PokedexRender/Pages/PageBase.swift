import Foundation
import PokedexModel
import PokedexMustache
import PokedexSite
import PokedexSource
import PokedexSupport

/// What every page shares: its base context (words, assets, alternates, the banner), social card, pagination.
extension SiteRenderer {
    /// Social card values; the absolute parts only with a base URL. `picture`: the Pokémon whose artwork it shows.
    func social(title: String, description: String, path: String, picture: PokemonEntry?) -> SocialContext {
        guard let baseURL else { return SocialContext(title: title, description: description, url: nil, image: nil) }
        var image: SocialImageContext?
        switch picture?.image {
        case .local(let file, let width, let height)?:
            image = SocialImageContext(url: baseURL + file, width: width, height: height, alt: picture!.displayName)
        case .remote(let url)?:
            image = SocialImageContext(url: url, width: nil, height: nil, alt: picture!.displayName)
        case .placeholder?, nil:
            image = nil
        }
        return SocialContext(
            title: title,
            description: description,
            url: Sitemap.url(of: pathPrefix + path, base: baseURL),
            image: image
        )
    }

    /// "Mouse Pokémon. When several of these Pokémon gather, …": the genus and flavor text, cut at a word near
    /// 200 characters (what link previews show).
    func description(of entry: PokemonEntry) -> String {
        let parts = [
            entry.species?.genus(in: language.code).map { $0.name + "." },
            entry.species?.flavorText(in: language.code)?.name,
        ].compactMap { $0 }
        var text =
            parts.isEmpty
            ? t("description.pokemon", ["name": entry.displayName, "number": entry.number])
            : parts.joined(separator: " ")
        let limit = 200
        if text.count > limit {
            let cut = text.prefix(limit)
            let end = cut.lastIndex(of: " ") ?? cut.endIndex
            text = cut[..<end].trimmingCharacters(in: .punctuationCharacters.union(.whitespaces)) + "…"
        }
        return text
    }

    /// Index pages for `pokemon` cells, `perPage` a page: at least one, so an empty Pokédex still has an index.
    package static func pageCount(pokemon: Int, perPage: Int) -> Int {
        max(1, (pokemon + perPage - 1) / perPage)
    }

    /// `index.html` for page 1, `page/<n>.html` after.
    static func indexPath(_ page: Int) -> String {
        page == 1 ? "index.html" : "page/\(page).html"
    }

    func banner(_ age: DataAge) -> String {
        // English dates as they always were; another language's as it writes them ("21 nov. 2026", "2026年11月21日").
        Self.banner(age, strings: strings, locale: language.code == "en" ? "en_US_POSIX" : language.locale)
    }

    static func banner(_ age: DataAge, strings: ThemeStrings = builtInStrings, locale: String = "en_US_POSIX") -> String
    {
        let english = locale == "en_US_POSIX"
        switch age {
        case .cached(let date):
            let when =
                english
                ? utc(date, "d MMM yyyy, HH:mm", locale: locale) : utc(date, template: "yMMMdHHmm", locale: locale)
            return say("banner.cached", ["date": when + " UTC"], strings: strings)
        case .snapshot(let date, let bundled):
            return say(
                bundled ? "banner.bundled_snapshot" : "banner.snapshot",
                [
                    "date": english
                        ? utc(date, "d MMM yyyy", locale: locale) : utc(date, template: "yMMMd", locale: locale)
                ],
                strings: strings
            )
        }
    }

    static func utc(_ date: Date, _ format: String, locale: String = "en_US_POSIX") -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: locale)
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = format
        return formatter.string(from: date)
    }

    /// In the order and words `locale` writes dates (`template` as ICU's skeletons: "yMMMd").
    static func utc(_ date: Date, template: String, locale: String) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: locale)
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.setLocalizedDateFormatFromTemplate(template)
        return formatter.string(from: date)
    }

    /// The copies of the page at `path` (within a language's folder) in every language, from a page whose root is
    /// `root`: relative links, or absolute URLs under the base URL; then `x-default`, the first language's copy.
    /// Empty for a site of one language.
    func alternates(of path: String, root: String, absolute: Bool) -> [AlternateContext] {
        guard languages.count > 1 else { return [] }
        let copies = languages.enumerated().map { index, language in
            let prefixed = (index == 0 ? "" : language.code + "/") + path
            let href =
                absolute
                ? baseURL.map { Sitemap.url(of: prefixed, base: $0) } ?? root + siteUp + prefixed
                : root + siteUp + prefixed
            return AlternateContext(
                hreflang: language.tag,
                href: href,
                label: language.nativeName,
                isCurrent: language == self.language
            )
        }
        return copies + [
            AlternateContext(
                hreflang: "x-default",
                href: copies[0].href,
                label: copies[0].label,
                isCurrent: false
            )
        ]
    }

    func base(
        site: SiteContext,
        root: String,
        kind: PageKind,
        path: String,
        title: String,
        social: SocialContext,
        assets: AssetsContext
    ) -> PageContext {
        var context = basePage(
            site: site,
            root: root,
            kind: kind,
            path: path,
            title: title,
            social: social,
            assets: assets
        )
        context.lang = language.tag
        if languages.count > 1 {
            context.isMultilingual = true
            context.siteRoot = root + siteUp
            context.alternates = alternates(of: path, root: root, absolute: baseURL != nil)
            context.languageLinks = alternates(of: path, root: root, absolute: false).filter {
                $0.hreflang != "x-default"
            }
            context.ogLocale = language.locale
            context.ogLocaleAlternates = languages.filter { $0 != language }.map(\.locale)
        }
        return context
    }

    private func basePage(
        site: SiteContext,
        root: String,
        kind: PageKind,
        path: String,
        title: String,
        social: SocialContext,
        assets: AssetsContext
    ) -> PageContext {
        PageContext(
            site: site,
            root: root,
            kind: kind,
            usesMovesScript: false,
            pageTitle: title,
            path: path,
            canonical: baseURL.map { Sitemap.url(of: pathPrefix + path, base: $0) },
            social: social,
            assets: assets,
            worker: nil,
            pokemon: [],
            pagination: nil,
            detail: nil,
            move: nil,
            movesIndex: nil,
            favorites: [],
            hasFavorites: false,
            unknownFavorites: [],
            hasUnknownFavorites: false,
            cellTemplate: kind.uses.contains(.cells) ? Self.blankCell(root: root + siteUp) : nil
        )
    }

    func pagination(page: Int, total: Int, root: String) -> PaginationContext {
        func href(_ n: Int) -> String { root + Self.indexPath(n) }
        var numbers: [PageNumberContext] = []
        var last = 0
        for n in 1...total where n == 1 || n == total || abs(n - page) <= 2 {
            if n > last + 1 { numbers.append(PageNumberContext(number: 0, href: "", isCurrent: false, isGap: true)) }
            numbers.append(PageNumberContext(number: n, href: href(n), isCurrent: n == page, isGap: false))
            last = n
        }
        return PaginationContext(
            current: page,
            total: total,
            previous: page > 1 ? LinkContext(href: href(page - 1), label: t("list.previous_page")) : nil,
            next: page < total ? LinkContext(href: href(page + 1), label: t("list.next_page")) : nil,
            pages: numbers,
            hasPages: total > 1,
            pageOf: t("list.page_of", ["current": String(page), "total": String(total)])
        )
    }
}

/// The sections' pages, one folder down (a move, a place, a regional Pokédex), and their indexes.
extension SiteRenderer {
    /// The context a section's page starts from: no picture to share, only its title and description.
    func sectionBase(
        site: SiteContext,
        kind: PageKind,
        path: String,
        title: String,
        socialTitle: String? = nil,
        description: String,
        assets: AssetsContext
    ) -> PageContext {
        base(
            site: site,
            root: "../",
            kind: kind,
            path: path,
            title: title,
            social: social(title: socialTitle ?? title, description: description, path: path, picture: nil),
            assets: assets
        )
    }

    /// A page per item of `ordered` at the path of the same index in `paths`, each made when written and knowing
    /// the items before and after it, which its previous and next links name.
    func neighbourPages<Item: Sendable>(
        _ ordered: [Item],
        paths: [String],
        template: String,
        context: @escaping @Sendable (_ item: Item, _ previous: Item?, _ next: Item?, _ path: String) -> PageContext
    ) -> [PageJob] {
        zip(ordered.indices, paths).map { index, path in
            let item = ordered[index]
            let previous = index > 0 ? ordered[index - 1] : nil
            let next = index + 1 < ordered.count ? ordered[index + 1] : nil
            return PageJob(path: path, template: template) { context(item, previous, next, path) }
        }
    }
}
