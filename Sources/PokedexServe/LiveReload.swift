/// What `pokedex serve` adds to the pages it serves: a marker that tells app.js not to register the service worker,
/// and an external script (the pages' Content-Security-Policy allows no inline script) that listens to the events
/// endpoint. None of it is part of the theme: `pokedex build` never writes it, so the files on disk never hold it.
enum LiveReload {
    static let eventsPath = "/__pokedex/events"
    static let scriptPath = "/__pokedex/live-reload.js"

    /// Put before `</head>`. app.js looks for the meta element.
    static let markup = """
        <meta name="pokedex-serve" content="live-reload">
        <script src="\(scriptPath)" defer></script>

        """

    private static let markupBytes = Array(markup.utf8)
    private static let headEnd = Array("</head>".utf8)

    /// `page` with the markup before its first `</head>` (any case), or at its end when it has none: after
    /// `</html>` a browser still runs it, whereas before the doctype it would switch the page to quirks mode.
    /// Either way the page grows by the same number of bytes.
    static func inject(into page: [UInt8]) -> [UInt8] {
        var result = page
        result.insert(contentsOf: markupBytes, at: firstHeadEnd(in: page) ?? page.endIndex)
        return result
    }

    private static func firstHeadEnd(in page: [UInt8]) -> Int? {
        guard page.count >= headEnd.count else { return nil }
        search: for start in 0...(page.count - headEnd.count) where page[start] == UInt8(ascii: "<") {
            for offset in 1..<headEnd.count {
                var byte = page[start + offset]
                if byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") { byte += 32 }
                if byte != headEnd[offset] { continue search }
            }
            return start
        }
        return nil
    }

    /// Reloads the page after each rebuild, shows a failed build over the page (the last good build stays
    /// underneath) and removes it when a build succeeds again. Styled through CSSOM (`element.style`), which the
    /// pages' `style-src 'self'` allows, unlike a style attribute or element. Build text reaches the page only
    /// through textContent.
    static let script = #"""
        /* pokedex serve: live reload (served by `pokedex serve` only, never part of a built site). */
        (function () {
          'use strict';

          // Under serve every page comes from the server: a service worker left by the built site would answer
          // from its cache instead.
          if ('serviceWorker' in navigator) {
            navigator.serviceWorker.getRegistrations().then(function (registrations) {
              registrations.forEach(function (registration) { registration.unregister(); });
            }).catch(function () { /* nothing to undo */ });
          }
          if (!('EventSource' in window)) return;

          var build = null;
          var overlay = null;

          function hideOverlay() {
            if (overlay) overlay.remove();
            overlay = null;
          }

          function showOverlay(message) {
            hideOverlay();
            overlay = document.createElement('div');
            overlay.setAttribute('role', 'alert');
            overlay.id = 'pokedex-serve-error';
            Object.assign(overlay.style, {
              position: 'fixed', left: '0', right: '0', top: '0', maxHeight: '100vh', overflow: 'auto',
              zIndex: '2147483647', boxSizing: 'border-box', padding: '16px 20px', margin: '0',
              background: 'rgba(24, 24, 27, 0.96)', color: '#fafafa', borderBottom: '4px solid #ef4444',
              font: '14px/1.5 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', textAlign: 'left'
            });
            var title = document.createElement('strong');
            title.textContent = 'pokedex serve: the build failed; this page is the last good build.';
            Object.assign(title.style, { display: 'block', color: '#fca5a5', marginBottom: '8px' });
            var text = document.createElement('pre');
            text.textContent = message;
            Object.assign(text.style, { margin: '0', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', font: 'inherit' });
            var close = document.createElement('button');
            close.type = 'button';
            close.textContent = 'Dismiss';
            Object.assign(close.style, {
              marginTop: '12px', padding: '4px 12px', font: 'inherit', cursor: 'pointer', color: '#18181b',
              background: '#fafafa', border: '0', borderRadius: '4px'
            });
            close.addEventListener('click', hideOverlay);
            overlay.appendChild(title);
            overlay.appendChild(text);
            overlay.appendChild(close);
            (document.body || document.documentElement).appendChild(overlay);
          }

          var events = new EventSource('/__pokedex/events');
          // The build being served, sent on every (re)connection (then `error` if the last build failed): one
          // made while the page was not listening reloads it.
          events.addEventListener('build', function (event) {
            if (build !== null && event.data !== build) { location.reload(); return; }
            build = event.data;
            hideOverlay();
          });
          events.addEventListener('reload', function () { location.reload(); });
          // A connection failure is an `error` event too, without data: EventSource reconnects by itself.
          events.addEventListener('error', function (event) {
            if (typeof event.data === 'string') showOverlay(event.data);
          });
        })();

        """#
}
