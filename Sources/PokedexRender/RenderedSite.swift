import Foundation
import PokedexSupport

/// What the render stage says of its work once every file is sent to the output stage.
package struct RenderedSite: Sendable {
    /// Pages whose template ran (the others were kept by fingerprint).
    package var pagesRendered: Int
    /// Pages of each kind that shows one thing, in the first language.
    package var pages = PageCounts()
    /// The digest of the render inputs (see `RenderInputs`), for the manifest.
    package var inputs: String? = nil
    /// Pages whose context was built (the others were kept by the context digest the manifest recorded).
    package var contextsBuilt = 0
    /// What the template engine did for the pages rendered.
    package var engine = EngineWork()
    /// The render's steps in order, with their wall time (`pokedex build -v`).
    package var steps: [RenderStep] = []
    /// What each template's pages cost, by template, over every language (`pokedex build -v`).
    package var templates: [String: TemplateWork] = [:]
    /// What the next render may start from after an edit of templates alone, when it was asked for.
    package var prepared: SiteRenderer.PreparedSite? = nil
}

/// One step of the render and its wall time.
package struct RenderStep: Sendable {
    package var name: String
    package var seconds: Double
    /// The process's peak memory so far at its end, in MiB.
    package var peakMiB: Int
}

/// A template's pages: how many, how many it rendered, and the time their contexts and the engine took on one
/// core (pages kept by their fingerprint cost a lookup).
package struct TemplateWork: Sendable {
    package var pages = 0
    package var rendered = 0
    package var time: Duration = .zero

    package var seconds: Double { Double(time.components.seconds) + Double(time.components.attoseconds) / 1e18 }
}

/// Laps of the render's steps.
struct StepClock {
    private let clock = ContinuousClock()
    private var last: ContinuousClock.Instant
    private(set) var steps: [RenderStep] = []

    init() { last = clock.now }

    mutating func lap(_ name: String) {
        let now = clock.now
        let elapsed = now - last
        last = now
        steps.append(
            RenderStep(
                name: name,
                seconds: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18,
                peakMiB: Int(Platform.peakResidentBytes() >> 20)
            )
        )
    }
}

/// The template engine's output and time, summed over the pages (each page on one core): its throughput per core.
package struct EngineWork: Sendable {
    var htmlBytes = 0
    package var time: Duration = .zero

    /// "14.2 MB of HTML in 0.21 s of one core: 67.6 MB/s per core".
    package var summary: String {
        let seconds = Double(time.components.seconds) + Double(time.components.attoseconds) / 1e18
        let megabytes = Double(htmlBytes) / 1e6
        let rate = seconds > 0 ? megabytes / seconds : 0
        return String(format: "%.1f MB of HTML in %.3f s of one core: %.0f MB/s per core", megabytes, seconds, rate)
    }
}

/// One page to render: where it goes, with which template and context. The context is made only when needed:
/// a page kept by a fingerprint the manifest already knows never has one.
struct PageJob: Sendable {
    var path: String
    var template: String
    var makeContext: @Sendable () -> PageContext
    /// Whether the context follows from the render inputs alone (not the service worker's, which names every file).
    var followsInputs = true

    /// The page's path within its language's copy: "pokemon/pikachu.html" for `fr/pokemon/pikachu.html`.
    var unprefixedPath: String

    init(path: String, template: String, followsInputs: Bool = true, context: @escaping @Sendable () -> PageContext) {
        self.path = path
        self.unprefixedPath = path
        self.template = template
        self.followsInputs = followsInputs
        self.makeContext = context
    }

    /// The same page in a language's folder ("fr/").
    func prefixed(_ prefix: String) -> PageJob {
        var job = self
        job.path = prefix + path
        return job
    }

    var context: PageContext { makeContext() }
}
