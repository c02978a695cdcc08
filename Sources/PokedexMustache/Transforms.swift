/// swift-mustache's transforms (`{{#first(types)}}`, `{{count(list)}}`, `{{uppercased(name)}}`, and inside a
/// list section `{{index()}}`, `{{#first()}}`), kept so that themes written for it keep working. Resolved at
/// parse time: an unknown name is a syntax error there, not an empty string at render.
enum Transform: String, Sendable, CaseIterable {
    // Lists (and, for `count`, `empty`, `sorted`, `enumerated`, objects)
    case first, last, reversed, count, empty, sorted, enumerated
    // Strings (`empty` and `reversed` too)
    case capitalized, lowercased, uppercased
    // Integers (`even` and `odd` also of the iteration)
    case equalzero, plusone, minusone, even, odd
    // The list iteration only
    case index

    /// `value` transformed; nil where swift-mustache has no such transform for that kind of value.
    func apply(to value: TemplateValue) -> TemplateValue? {
        switch value {
        case .list(let items):
            switch self {
            case .first: return items.first
            case .last: return items.last
            case .reversed: return .list(items.reversed())
            case .count: return .int(items.count)
            case .empty: return .bool(items.isEmpty)
            case .sorted: return Self.sorted(items).map(TemplateValue.list)
            default: return nil
            }
        case .object(let object):
            switch self {
            case .count: return .int(object.count)
            case .empty: return .bool(object.count == 0)
            case .enumerated, .sorted:
                var pairs = (0..<object.count).map { (object.keys[$0], object.values[$0]) }
                if self == .sorted { pairs.sort { $0.0 < $1.0 } }
                return .list(pairs.map { .object(TemplateObject([("key", .string($0.0)), ("value", $0.1)])) })
            default: return nil
            }
        case .string(let text):
            switch self {
            case .empty: return .bool(text.isEmpty)
            case .capitalized: return .string(Self.capitalized(text))
            case .lowercased: return .string(text.lowercased())
            case .uppercased: return .string(text.uppercased())
            case .reversed: return .string(String(text.reversed()))
            default: return nil
            }
        case .int(let number):
            switch self {
            case .equalzero: return .bool(number == 0)
            case .plusone: return .int(number + 1)
            case .minusone: return .int(number - 1)
            case .even: return .bool(number & 1 == 0)
            case .odd: return .bool(number & 1 == 1)
            default: return nil
            }
        default:
            return nil
        }
    }

    /// Of the list iteration being rendered: element `index` of `count`.
    func apply(index: Int, count: Int) -> TemplateValue? {
        switch self {
        case .first: .bool(index == 0)
        case .last: .bool(index == count - 1)
        case .index: .int(index)
        case .even: .bool(index & 1 == 0)
        case .odd: .bool(index & 1 == 1)
        default: nil
        }
    }

    /// Strings or integers sort; anything else does not (swift-mustache sorts `Comparable` elements only).
    private static func sorted(_ items: [TemplateValue]) -> [TemplateValue]? {
        if items.allSatisfy({ if case .string = $0 { true } else { false } }) {
            return items.sorted { if case .string(let a) = $0, case .string(let b) = $1 { a < b } else { false } }
        }
        if items.allSatisfy({ if case .int = $0 { true } else { false } }) {
            return items.sorted { if case .int(let a) = $0, case .int(let b) = $1 { a < b } else { false } }
        }
        return nil
    }

    /// Foundation's `capitalized` without Foundation: the first letter of each word upper case, the rest lower.
    private static func capitalized(_ text: String) -> String {
        var result = ""
        var startOfWord = true
        for character in text {
            result += startOfWord ? character.uppercased() : character.lowercased()
            startOfWord = character.isWhitespace
        }
        return result
    }
}
