import ConsoleKitTerminal
import Foundation
import NIOConcurrencyHelpers
import PokedexSupport

/// A ConsoleKit progress bar per stage.
package final class TerminalProgress: BuildProgress {
    private let console = Terminal()
    private let state = NIOLockedBox()

    package init() {}

    /// Whether standard output is a terminal a bar can be drawn on.
    package static var isAvailable: Bool { isatty(STDOUT_FILENO) == 1 }

    package func begin(_ title: String, total: Int) {
        end()
        let bar = console.progressBar(title: title)
        bar.start(refreshRate: 10)
        state.set(bar: bar, total: total)
    }

    package func advance() {
        state.advance()
    }

    package func end() {
        state.take()?.succeed()
    }

    /// The current bar and its counts, behind a lock: stages advance from many tasks at once.
    final class NIOLockedBox: Sendable {
        private struct State {
            var bar: ActivityIndicator<ProgressBar>?
            var done = 0
            var total = 1
        }

        private let state = NIOLockedValueBox(State())

        func set(bar: ActivityIndicator<ProgressBar>, total: Int) {
            state.withLockedValue { $0 = State(bar: bar, done: 0, total: max(1, total)) }
        }

        func advance() {
            state.withLockedValue { state in
                state.done += 1
                state.bar?.activity.currentProgress = Double(state.done) / Double(state.total)
            }
        }

        func take() -> ActivityIndicator<ProgressBar>? {
            state.withLockedValue { state in
                defer { state.bar = nil }
                return state.bar
            }
        }
    }
}
