/// Runs `body` over `items` with at most `limit` at once; values in input order. The one bounded-concurrency loop
/// of pokedex: the source stage's requests, the render's page chunks, the digests of the render inputs and the
/// output's runs of files all go through it.
package func concurrentMap<Item: Sendable, Value: Sendable>(
    _ items: [Item],
    limit: Int,
    _ body: @escaping @Sendable (Item) async -> Value
) async -> [Value] {
    await withTaskGroup(of: (Int, Value).self) { group in
        var values = [Value?](repeating: nil, count: items.count)
        var next = 0
        func add() {
            let index = next
            let item = items[index]
            group.addTask { (index, await body(item)) }
            next += 1
        }
        while next < min(max(1, limit), items.count) { add() }
        while let (index, value) = await group.next() {
            values[index] = value
            if next < items.count { add() }
        }
        return values.map { $0! }
    }
}

/// `concurrentMap` for work that can fail: every item is attempted, and each result says how it went.
package func concurrently<Item: Sendable, Value: Sendable>(
    _ items: [Item],
    limit: Int,
    _ body: @escaping @Sendable (Item) async throws -> Value
) async -> [Result<Value, any Error>] {
    await concurrentMap(items, limit: limit) { item in
        do {
            return .success(try await body(item))
        } catch {
            return .failure(error)
        }
    }
}
