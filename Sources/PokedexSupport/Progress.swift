/// Progress of the long stages, shown as a bar on a terminal and not at all otherwise.
package protocol BuildProgress: Sendable {
    func begin(_ title: String, total: Int)
    func advance()
    func end()
}

/// No output: logs and CI get the summary line instead.
package struct SilentProgress: BuildProgress {
    package init() {}
    package func begin(_ title: String, total: Int) {}
    package func advance() {}
    package func end() {}
}
