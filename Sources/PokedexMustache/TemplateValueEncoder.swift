/// Turns any `Encodable` value into a `TemplateValue` tree in one pass. Synthesized conformances skip nil
/// optionals, so an absent value is an absent key: a lookup then goes on in the enclosing contexts, as Mustache
/// does. Enums with raw values encode as their raw values.
package struct TemplateValueEncoder: Sendable {
    package init() {}

    package func encode<T: Encodable>(_ value: T) throws -> TemplateValue {
        try Self.value(of: value)
    }

    /// Scalars by type identity (no protocol cast); anything else through its own `encode(to:)`, or its own tree
    /// where it makes one and `usesTrees`.
    static func value<T: Encodable>(of value: T, usesTrees: Bool = true) throws -> TemplateValue {
        if T.self == String.self { return .string(value as! String) }
        if T.self == Int.self { return .int(value as! Int) }
        if T.self == Bool.self { return .bool(value as! Bool) }
        if T.self == Double.self { return .double(value as! Double) }
        // The other scalars encode themselves through a single-value container, which would come back here.
        if T.self == Int64.self { return .int(Int(value as! Int64)) }
        if T.self == Int32.self { return .int(Int(value as! Int32)) }
        if T.self == Int16.self { return .int(Int(value as! Int16)) }
        if T.self == Int8.self { return .int(Int(value as! Int8)) }
        if T.self == UInt.self { return .int(Int(truncatingIfNeeded: value as! UInt)) }
        if T.self == UInt64.self { return .int(Int(truncatingIfNeeded: value as! UInt64)) }
        if T.self == UInt32.self { return .int(Int(value as! UInt32)) }
        if T.self == UInt16.self { return .int(Int(value as! UInt16)) }
        if T.self == UInt8.self { return .int(Int(value as! UInt8)) }
        if T.self == Float.self { return .double(Double(value as! Float)) }
        if usesTrees, let convertible = value as? any TemplateValueConvertible { return convertible.templateValue }
        return try throughEncoder(value, everyLevel: !usesTrees)
    }

    /// `value`'s tree as its `encode(to:)` writes it, whether or not it makes its own: what a
    /// `TemplateValueConvertible`'s tree must equal (its tests compare the two). `everyLevel`: the values inside
    /// it too, else those that make their own tree give it.
    package static func throughEncoder<T: Encodable>(_ value: T, everyLevel: Bool = false) throws -> TemplateValue {
        let node = EncodingNode(usesTrees: !everyLevel)
        try value.encode(to: NodeEncoder(node: node))
        return node.finish()
    }
}

/// A value that makes its own tree, the one its `encode(to:)` would write, without the `Encoder`'s containers:
/// for the contexts pages hold by the thousand (a Pokémon page's move rows, the cells of a move's learners), whose
/// containers cost more than their values.
package protocol TemplateValueConvertible: Encodable {
    var templateValue: TemplateValue { get }
}

/// What one value's encoding has written so far: shared by the containers of that value (they are structs).
private final class EncodingNode {
    /// Whether values that make their own tree give it (else they are encoded too), in this node and its children.
    let usesTrees: Bool

    init(usesTrees: Bool) {
        self.usesTrees = usesTrees
    }

    /// A value, or a container whose contents are still being written (nested containers).
    enum Slot {
        case value(TemplateValue)
        case node(EncodingNode)

        var finished: TemplateValue {
            switch self {
            case .value(let value): value
            case .node(let node): node.finish()
            }
        }
    }

    enum Contents {
        case empty
        case single(TemplateValue)
        case object(keys: [String], slots: [Slot])
        case list([Slot])
    }

    var contents = Contents.empty

    func finish() -> TemplateValue {
        switch contents {
        case .empty: return .null
        case .single(let value): return value
        case .object(let keys, let slots):
            var object = TemplateObject()
            for index in keys.indices { object.append(keys[index], slots[index].finished) }
            return .object(object)
        case .list(let slots): return .list(slots.map(\.finished))
        }
    }

    func beginObject() {
        if case .object = contents { return }  // a second keyed container of the same value adds to it
        contents = .object(keys: [], slots: [])
    }

    func beginList() {
        if case .list = contents { return }
        contents = .list([])
    }

    func add(_ key: String, _ slot: Slot) {
        guard case .object(var keys, var slots) = contents else { return }
        contents = .empty  // keeps the arrays uniquely referenced while they grow
        keys.append(key)
        slots.append(slot)
        contents = .object(keys: keys, slots: slots)
    }

    func add(_ slot: Slot) {
        guard case .list(var slots) = contents else { return }
        contents = .empty
        slots.append(slot)
        contents = .list(slots)
    }

    var listCount: Int {
        if case .list(let slots) = contents { slots.count } else { 0 }
    }
}

private struct NodeEncoder: Encoder {
    let node: EncodingNode
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        node.beginObject()
        return KeyedEncodingContainer(Keyed<Key>(node: node))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        node.beginList()
        return Unkeyed(node: node)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        Single(node: node)
    }

    struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let node: EncodingNode
        var codingPath: [any CodingKey] { [] }

        mutating func encodeNil(forKey key: Key) throws { node.add(key.stringValue, .value(.null)) }

        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
            node.add(key.stringValue, .value(try TemplateValueEncoder.value(of: value, usesTrees: node.usesTrees)))
        }

        // An absent optional is a key whose value is null, not a missing key: Mustache looks a missing key up in
        // the contexts around, so a place's visitor without areas would show the place's own areas. Every
        // overload, because synthesized `encode(to:)` calls the one of the property's type.
        mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws {
            guard let value else { return try encodeNil(forKey: key) }
            try encode(value, forKey: key)
        }
        mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws { try present(value, key) }
        mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws { try present(value, key) }
        mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws { try present(value, key) }
        mutating func encodeIfPresent(_ value: Float?, forKey key: Key) throws { try present(value, key) }
        mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws { try present(value, key) }
        mutating func encodeIfPresent(_ value: Int8?, forKey key: Key) throws { try present(value, key) }
        mutating func encodeIfPresent(_ value: Int16?, forKey key: Key) throws { try present(value, key) }
        mutating func encodeIfPresent(_ value: Int32?, forKey key: Key) throws { try present(value, key) }
        mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) throws { try present(value, key) }
        mutating func encodeIfPresent(_ value: UInt?, forKey key: Key) throws { try present(value, key) }
        mutating func encodeIfPresent(_ value: UInt8?, forKey key: Key) throws { try present(value, key) }
        mutating func encodeIfPresent(_ value: UInt16?, forKey key: Key) throws { try present(value, key) }
        mutating func encodeIfPresent(_ value: UInt32?, forKey key: Key) throws { try present(value, key) }
        mutating func encodeIfPresent(_ value: UInt64?, forKey key: Key) throws { try present(value, key) }

        private mutating func present<T: Encodable>(_ value: T?, _ key: Key) throws {
            guard let value else { return try encodeNil(forKey: key) }
            try encode(value, forKey: key)
        }

        mutating func nestedContainer<NestedKey: CodingKey>(
            keyedBy keyType: NestedKey.Type,
            forKey key: Key
        ) -> KeyedEncodingContainer<NestedKey> {
            let child = EncodingNode(usesTrees: node.usesTrees)
            node.add(key.stringValue, .node(child))
            return NodeEncoder(node: child).container(keyedBy: keyType)
        }

        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            let child = EncodingNode(usesTrees: node.usesTrees)
            node.add(key.stringValue, .node(child))
            return NodeEncoder(node: child).unkeyedContainer()
        }

        mutating func superEncoder() -> any Encoder { superEncoder(forKey: Key(stringValue: "super")!) }

        mutating func superEncoder(forKey key: Key) -> any Encoder {
            let child = EncodingNode(usesTrees: node.usesTrees)
            node.add(key.stringValue, .node(child))
            return NodeEncoder(node: child)
        }
    }

    struct Unkeyed: UnkeyedEncodingContainer {
        let node: EncodingNode
        var codingPath: [any CodingKey] { [] }
        var count: Int { node.listCount }

        mutating func encodeNil() throws { node.add(.value(.null)) }

        mutating func encode<T: Encodable>(_ value: T) throws {
            node.add(.value(try TemplateValueEncoder.value(of: value, usesTrees: node.usesTrees)))
        }

        mutating func nestedContainer<NestedKey: CodingKey>(
            keyedBy keyType: NestedKey.Type
        ) -> KeyedEncodingContainer<NestedKey> {
            let child = EncodingNode(usesTrees: node.usesTrees)
            node.add(.node(child))
            return NodeEncoder(node: child).container(keyedBy: keyType)
        }

        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
            let child = EncodingNode(usesTrees: node.usesTrees)
            node.add(.node(child))
            return NodeEncoder(node: child).unkeyedContainer()
        }

        mutating func superEncoder() -> any Encoder {
            let child = EncodingNode(usesTrees: node.usesTrees)
            node.add(.node(child))
            return NodeEncoder(node: child)
        }
    }

    struct Single: SingleValueEncodingContainer {
        let node: EncodingNode
        var codingPath: [any CodingKey] { [] }

        mutating func encodeNil() throws { node.contents = .single(.null) }
        mutating func encode<T: Encodable>(_ value: T) throws {
            node.contents = .single(try TemplateValueEncoder.value(of: value, usesTrees: node.usesTrees))
        }
    }
}
