import Foundation

/// A language the site can be built in: one of PokeAPI's, with what a page in it needs to say about itself.
package struct SiteLanguage: Sendable, Hashable, Encodable {
    /// PokeAPI's code, lowercased: "fr", "zh-hant". The folder of the site's copy in it (`fr/`).
    package let code: String
    /// The BCP 47 tag for `lang` and `hreflang`: "zh-Hant", "ja-Hrkt".
    package let tag: String
    /// For `og:locale`: "fr_FR".
    package let locale: String
    /// Written "0,4 m" rather than "0.4 m".
    package let decimalComma: Bool
    /// Its own name, for the language switcher: "Français", "日本語".
    package let nativeName: String

    /// The languages PokeAPI names things in, in its order of ids.
    package static let all: [SiteLanguage] = [
        SiteLanguage(code: "ja-hrkt", tag: "ja-Hrkt", locale: "ja_JP", decimalComma: false, nativeName: "日本語（かな）"),
        SiteLanguage(
            code: "ja-roma",
            tag: "ja-Latn",
            locale: "ja_JP",
            decimalComma: false,
            nativeName: "Nihongo (rōmaji)"
        ),
        SiteLanguage(code: "ko", tag: "ko", locale: "ko_KR", decimalComma: false, nativeName: "한국어"),
        SiteLanguage(code: "zh-hant", tag: "zh-Hant", locale: "zh_TW", decimalComma: false, nativeName: "繁體中文"),
        SiteLanguage(code: "fr", tag: "fr", locale: "fr_FR", decimalComma: true, nativeName: "Français"),
        SiteLanguage(code: "de", tag: "de", locale: "de_DE", decimalComma: true, nativeName: "Deutsch"),
        SiteLanguage(code: "es", tag: "es", locale: "es_ES", decimalComma: true, nativeName: "Español"),
        SiteLanguage(code: "it", tag: "it", locale: "it_IT", decimalComma: true, nativeName: "Italiano"),
        SiteLanguage(code: "en", tag: "en", locale: "en_US", decimalComma: false, nativeName: "English"),
        SiteLanguage(code: "ja", tag: "ja", locale: "ja_JP", decimalComma: false, nativeName: "日本語"),
        SiteLanguage(code: "zh-hans", tag: "zh-Hans", locale: "zh_CN", decimalComma: false, nativeName: "简体中文"),
        SiteLanguage(
            code: "es-419",
            tag: "es-419",
            locale: "es_MX",
            decimalComma: false,
            nativeName: "Español (Latinoamérica)"
        ),
    ]

    package static let english = named("en")!

    /// Codes PokeAPI has since renamed, with their new names: romaji was "roomaji" until January 2026.
    package static let renamed = ["roomaji": "ja-roma"]

    /// The language of PokeAPI's `code`, in any case ("zh-Hant" too); nil for one it does not speak.
    package static func named(_ code: String) -> SiteLanguage? {
        let wanted = code.lowercased()
        return all.first { $0.code == wanted }
    }

    /// `3.5` as this language writes it: "3,5" with a decimal comma.
    package func decimal(_ text: String) -> String {
        decimalComma ? text.replacingOccurrences(of: ".", with: ",") : text
    }
}
