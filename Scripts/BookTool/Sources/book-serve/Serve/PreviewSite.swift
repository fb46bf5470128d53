import Foundation

/// What the preview serves, whatever carries the requests: the site folder read-only (HTML pages get the
/// live-reload script as they are sent), the reload script, and the pages' reload polls.
struct PreviewSite: Sendable {
  /// The folder served at `/` (the workspace's `Site/`).
  let root: URL
  /// The build generation pages wait on.
  let reload: LiveReload
  /// How long a reload poll waits before answering "no change".
  let pollTimeout: Duration

  /// The answer to a request: `method` as sent, `path` percent-decoded without its query, `query` its
  /// `name=value` pairs.
  func response(method: String, path: String, query: [String: String]) async -> PreviewResponse {
    guard method == "GET" || method == "HEAD" else {
      return .text(405, "only GET and HEAD are served")
    }
    var response: PreviewResponse
    switch path {
    case "/__reload":
      let seen = query["since"].flatMap { Int($0) } ?? self.reload.current
      response = .text(200, String(await self.reload.wait(after: seen, timeout: self.pollTimeout)))
    case "/__reload.js":
      let since = query["since"].flatMap { Int($0) } ?? self.reload.current
      response = PreviewResponse(
        status: 200, contentType: "text/javascript; charset=utf-8",
        body: Data(LiveReload.script(generation: since).utf8))
    default:
      response = self.file(at: path)
    }
    response.omitsBody = method == "HEAD"
    return response
  }

  /// A file of the site: `/` → `index.html`; a folder with an `index.html` but without its `/` is
  /// redirected; HTML pages get the reload script; anything outside the site folder, symbolic links
  /// that lead out of it included, is not found.
  private func file(at path: String) -> PreviewResponse {
    guard let relative = Self.relativePath(forRequestPath: path) else { return self.notFound(path) }
    let url = self.root.appendingPathComponent(relative)
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else { return self.notFound(path) }
    if isFolder.boolValue {
      // Only `/folder` (without its slash) lands here: `/folder/` already named `folder/index.html`.
      let index = url.appendingPathComponent("index.html").path
      guard FileManager.default.fileExists(atPath: index) else { return self.notFound(path) }
      var redirect = PreviewResponse.text(301, "moved to \(path)/")
      redirect.headers.append((name: "Location", value: Self.percentEncoded(path) + "/"))
      return redirect
    }
    let resolved = url.resolvingSymlinksInPath().path
    guard resolved.hasPrefix(self.root.resolvingSymlinksInPath().path + "/"),
      let data = FileManager.default.contents(atPath: url.path)
    else { return self.notFound(path) }
    let contentType = PreviewResponse.contentType(forFile: url.lastPathComponent)
    guard contentType.hasPrefix("text/html") else {
      return PreviewResponse(status: 200, contentType: contentType, body: data)
    }
    let html = LiveReload.injectingScript(into: String(decoding: data, as: UTF8.self), generation: self.reload.current)
    return PreviewResponse(status: 200, contentType: contentType, body: Data(html.utf8))
  }

  /// A small page that says what is missing, and reloads when a rebuild may have made it.
  private func notFound(_ path: String) -> PreviewResponse {
    let escaped = path.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
    let page =
      "<!doctype html>\n<title>Not found</title>\n<body><p>No page at <code>\(escaped)</code> "
      + "in Site/. <a href=\"/\">Contents</a></p></body>\n"
    return PreviewResponse(
      status: 404, contentType: "text/html; charset=utf-8",
      body: Data(LiveReload.injectingScript(into: page, generation: self.reload.current).utf8))
  }

  /// The path inside the site folder for a request path, or nil when it tries to leave the folder:
  /// `/` → `index.html`; `/a/` → `a/index.html`; `/../Package.swift` → nil.
  static func relativePath(forRequestPath path: String) -> String? {
    guard path.hasPrefix("/"), !path.contains("\0"), !path.contains("\\") else { return nil }
    let parts = path.split(separator: "/", omittingEmptySubsequences: true)
    guard !parts.contains(where: { $0 == ".." || $0 == "." }) else { return nil }
    let relative = parts.joined(separator: "/")
    if relative.isEmpty { return "index.html" }
    return path.hasSuffix("/") ? relative + "/index.html" : relative
  }

  /// A path made safe for a `Location` header.
  private static func percentEncoded(_ path: String) -> String {
    path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? "/"
  }
}
