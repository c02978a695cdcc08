import Foundation
import Testing

@testable import PokedexSource

/// PokeAPI's text as a page can show it: controls dropped, bidi controls closed and isolated.
struct APITextTests {
    /// The mirror's `--faults controls` name: a bell, an escape sequence, a right-to-left override, a left-to-right
    /// isolate, a start of heading and a delete.
    static let controlled = "con\u{7}trol\u{1B}[31m-\u{202E}live\u{2066}x\u{1}\u{7F}"

    @Test func controlsAreDroppedAndOverridesClosedInsideAnIsolate() {
        // The override and the isolate it holds are closed at the end, the whole between FSI and PDI.
        #expect(
            APIText.clean(Self.controlled)
                == "\u{2068}control[31m-\u{202E}live\u{2066}x\u{2069}\u{202C}\u{2069}"
        )
        // Closed ones stay as they are, isolated; C1 controls go, white space stays.
        #expect(APIText.clean("a\u{202B}b\u{202C}c") == "\u{2068}a\u{202B}b\u{202C}c\u{2069}")
        #expect(APIText.clean("When\u{85} it\tfeels\nthreatened\u{0C}…") == "When it\tfeels\nthreatened\u{0C}…")
        #expect(APIText.clean("Pikachu ピカチュウ 피카츄") == "Pikachu ピカチュウ 피카츄")
    }

    @Test func anAnswerIsCleanedBeforeItIsDecodedAndLeftAsItIsWhenItNeedsNothing() throws {
        let json = #"{"name": "con\u0007trol", "names": [{"name": "\u202eevil", "language": {"name": "en"}}], "id": 7}"#
        let cleaned = APIText.cleanJSON(Data(json.utf8))
        let object = try #require(try JSONSerialization.jsonObject(with: cleaned) as? [String: Any])
        #expect(object["name"] as? String == "control")
        #expect(object["id"] as? Int == 7)
        let names = try #require(object["names"] as? [[String: Any]])
        #expect(names.first?["name"] as? String == "\u{2068}\u{202E}evil\u{202C}\u{2069}")
        // The real data has none: its bytes are passed on as they are (an escaped backslash before a `u` is text).
        let plain = Data(#"{"flavor_text": "A page\fbreak and a \\u0007 that is text", "id": 25}"#.utf8)
        #expect(!APIText.needsCleaning(plain))
        #expect(APIText.cleanJSON(plain) == plain)
        #expect(APIText.needsCleaning(Data("{\"name\": \"a\u{7F}\"}".utf8)))
        #expect(APIText.needsCleaning(Data("{\"name\": \"a\u{202E}\"}".utf8)))
    }
}
