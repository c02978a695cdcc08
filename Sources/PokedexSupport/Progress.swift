/// Progress of the long stages, shown as a bar on a terminal and not at all otherwise.
public protocol BuildProgress: Sendable {
    func begin(_ title: String, total: Int)
    func advance()
    func end()
}

/// No output: logs and CI get the summary line instead.
public struct SilentProgress: BuildProgress {
    public init() {}
    public func begin(_ title: String, total: Int) {}
    public func advance() {}
    public func end() {}
}
