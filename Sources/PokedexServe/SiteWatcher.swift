import Foundation
import Logging
import PokedexPipeline
import PokedexRender
import PokedexSupport
import ServiceLifecycle

/// The watched files at one instant, by path; a file that does not exist has no entry.
struct WatchSnapshot: Equatable, Sendable {
    var files: [String: FileStamp] = [:]

    /// The paths added, removed or changed since `earlier`, sorted.
    func changes(since earlier: WatchSnapshot) -> [String] {
        Set(files.keys).union(earlier.files.keys).filter { files[$0] != earlier.files[$0] }.sorted()
    }
}

/// What a build reads that is not the cache: the theme folder (every theme file below it), the favorites file and
/// the config file. Files that may not exist yet are watched too: creating one is a change.
struct WatchList: Equatable, Sendable {
    var folders: [String]
    var files: [String]

    init(folders: [String], files: [String]) {
        self.folders = folders
        self.files = files
    }

    init(options: BuildOptions, configFile: String?) {
        self.init(
            folders: options.templates.map { [options.resolve($0).path] } ?? [],
            files: [options.resolve(options.favorites).path] + (configFile.map { [$0] } ?? [])
        )
    }

    /// Stats every watched file. A theme folder's hidden files and editor droppings are skipped, as the theme
    /// skips them: an editor's swap file must not rebuild the site at every keystroke.
    func snapshot() -> WatchSnapshot {
        var snapshot = WatchSnapshot()
        for path in files { snapshot.files[path] = FileStamp.of(path) }
        for folder in folders {
            guard let enumerator = FileManager.default.enumerator(atPath: folder) else { continue }
            for case let relative as String in enumerator {
                if relative.split(separator: "/").contains(where: { $0.hasPrefix(".") })
                    || !Theme.isPartOfTheme(relative)
                {
                    continue
                }
                let path = (folder as NSString).appendingPathComponent(relative)
                guard let stamp = FileStamp.of(path, regularFilesOnly: true) else { continue }
                snapshot.files[path] = stamp
            }
        }
        return snapshot
    }
}

/// When to rebuild: once the watched files changed and then stayed as they were for one poll (an editor's save
/// can be several writes, a `git checkout` many), or after `maxDelay` of changes that do not stop. The watcher
/// polls sooner while a change is pending, so the quiet poll costs `quietPoll` rather than a whole interval.
struct RebuildSchedule {
    /// How long a change must stay as it is before it is built: an editor's writes of one save come closer.
    static let quietPoll = Duration.milliseconds(30)
    let maxDelay: Duration
    private var pendingSince: ContinuousClock.Instant?

    init(maxDelay: Duration) {
        self.maxDelay = maxDelay
    }

    /// Whether a change waits for its quiet poll: the next poll may come sooner.
    var isPending: Bool { pendingSince != nil }

    /// Whether to rebuild now, given whether this poll saw a change.
    mutating func observe(changed: Bool, at now: ContinuousClock.Instant) -> Bool {
        if changed {
            let since = pendingSince ?? now
            pendingSince = since
            guard now - since >= maxDelay else { return false }
        } else if pendingSince == nil {
            return false
        }
        pendingSince = nil
        return true
    }
}

/// Polls the watched files and rebuilds when they change, one build at a time. Edits made during a build are
/// compared with the files as they were when it started, so they are seen by the next poll.
struct SiteWatcher: Service {
    let builds: ServeBuilds
    let interval: Duration
    let maxDelay: Duration
    /// What the initial build read, as it was before that build.
    let watched: WatchList
    let baseline: WatchSnapshot
    let logger: Logger

    func run() async throws {
        do {
            try await cancelWhenGracefulShutdown { try await self.poll() }
        } catch is CancellationError {
            // Shutdown, possibly during a build: the site is whole (every file is written atomically).
        }
    }

    private func poll() async throws {
        var watched = self.watched
        var last = baseline
        var schedule = RebuildSchedule(maxDelay: maxDelay)
        let clock = ContinuousClock()
        while true {
            // A save is one write or a few in quick succession: once one is seen, look again sooner.
            try await Task.sleep(for: schedule.isPending ? min(interval, RebuildSchedule.quietPoll) : interval)
            let current = watched.snapshot()
            let changed = current.changes(since: last)
            last = current
            if !changed.isEmpty { logger.info("serve: changed: \(changed.joined(separator: ", "))") }
            guard schedule.observe(changed: !changed.isEmpty, at: clock.now) else { continue }
            guard let options = await builds.options() else { continue }
            // The config may have named another theme folder or favorites file.
            watched = WatchList(options: options, configFile: builds.configFile)
            last = watched.snapshot()
            await builds.build(options, progress: SilentProgress())
        }
    }
}
