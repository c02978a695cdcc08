import Foundation
import Hummingbird
import Logging
import PokedexSource

/// The HTTP side of `pokedex serve`: the output folder through `FileMiddleware` (ETag, If-None-Match, Range,
/// content types, `index.html` in folders), behind a method guard and a path guard, with the live-reload script
/// and the events endpoint beside it, and the site's `404.html` for whatever is not there.
enum PreviewServer {
    typealias Context = BasicRequestContext

    /// `root` is the real path of the output folder.
    static func router(root: String, broadcaster: ReloadBroadcaster, logger: Logger) -> Router<Context> {
        let files = SiteFileProvider(root: root, logger: logger)
        let router = Router(context: Context.self)
        // Outermost first; middleware must be added before the routes, which capture the chain.
        router.add(middleware: MethodGuard())
        router.add(middleware: NotFoundPage(files: files))
        router.add(middleware: PathGuard())
        router.add(middleware: RevalidateByETagOnly())
        // no-cache: the browser may keep a file but must ask (If-None-Match) before using it, so a reload after a
        // rebuild always shows the new build.
        router.add(
            middleware: FileMiddleware(
                fileProvider: files,
                cacheControl: Hummingbird.CacheControl([(MediaType(type: .any), [.noCache])]),
                searchForIndexHtml: true
            )
        )

        router.get(RouterPath(LiveReload.scriptPath)) { _, _ in scriptResponse(head: false) }
        router.head(RouterPath(LiveReload.scriptPath)) { _, _ in scriptResponse(head: true) }
        router.get(RouterPath(LiveReload.eventsPath)) { _, _ in
            Response(
                status: .ok,
                headers: [.contentType: "text/event-stream; charset=utf-8", .cacheControl: "no-cache"],
                body: ResponseBody { writer in
                    let (id, events) = await broadcaster.subscribe()
                    do {
                        for await text in events { try await writer.write(ByteBuffer(string: text)) }
                        try await writer.finish(nil)
                    } catch {
                        // The page went away: writing to its connection failed.
                    }
                    await broadcaster.unsubscribe(id)
                }
            )
        }
        return router
    }

    private static let script = ByteBuffer(string: LiveReload.script)

    private static func scriptResponse(head: Bool) -> Response {
        Response(
            status: .ok,
            headers: [
                .contentType: "text/javascript; charset=utf-8", .cacheControl: "no-cache",
                .contentLength: String(script.readableBytes),
            ],
            body: head ? ResponseBody() : ResponseBody(byteBuffer: script)
        )
    }

    static func plainText(
        _ status: HTTPResponse.Status,
        _ text: String,
        head: Bool,
        headers: HTTPFields = [:]
    ) -> Response {
        var headers = headers
        headers[.contentType] = "text/plain; charset=utf-8"
        headers[.contentLength] = String(text.utf8.count)
        return Response(
            status: status,
            headers: headers,
            body: head ? ResponseBody() : ResponseBody(byteBuffer: ByteBuffer(string: text))
        )
    }
}

/// Only GET and HEAD: the site is read-only. Also marks every answer `nosniff`, so that a browser takes each file
/// as the type the server names.
struct MethodGuard<Context: RequestContext>: RouterMiddleware {
    func handle(
        _ request: Request,
        context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        var response: Response
        if request.method == .get || request.method == .head {
            do {
                response = try await next(request, context)
            } catch let error as any HTTPResponseError {
                response = try error.response(from: request, context: context)
            }
        } else {
            response = PreviewServer.plainText(
                .methodNotAllowed,
                "405 Method Not Allowed\n",
                head: false,
                headers: [.allow: "GET, HEAD"]
            )
        }
        response.headers[.xContentTypeOptions] = "nosniff"
        return response
    }
}

/// Drops `If-Modified-Since`, so that `FileMiddleware` revalidates by ETag alone. A date names the file on disk, not
/// the page as served (with the live-reload markup): a copy a browser kept from another server of the same folder
/// (say, a static server on the same port) has the same date, and would be answered 304 and shown without the
/// markup. The ETag is this server's own (it counts the markup's bytes, and nanoseconds of the date).
struct RevalidateByETagOnly<Context: RequestContext>: RouterMiddleware {
    func handle(
        _ request: Request,
        context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        guard request.headers[.ifModifiedSince] != nil else { return try await next(request, context) }
        var head = request.head
        head.headerFields[.ifModifiedSince] = nil
        return try await next(Request(head: head, body: request.body), context)
    }
}

/// A path that names no file gets the site's `404.html` (with the live-reload markup, so a page that is not
/// there yet appears once a build makes it), with status 404; a plain 404 when the site has none.
struct NotFoundPage<Context: RequestContext>: RouterMiddleware {
    let files: SiteFileProvider

    func handle(
        _ request: Request,
        context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        do {
            let response = try await next(request, context)
            guard response.status == .notFound else { return response }
        } catch let error as any HTTPResponseError where error.status == .notFound {
            // Answered below.
        }
        let head = request.method == .head
        guard let page = files.getFileIdentifier("/404.html"), !page.attributes.isFolder else {
            return PreviewServer.plainText(
                .notFound,
                "404 Not Found\n",
                head: head,
                headers: [.cacheControl: "no-cache"]
            )
        }
        return Response(
            status: .notFound,
            headers: [
                .contentType: "text/html; charset=utf-8", .cacheControl: "no-cache",
                .contentLength: String(page.content.readableBytes),
            ],
            body: head ? ResponseBody() : ResponseBody(byteBuffer: page.content)
        )
    }
}
