import Foundation

extension PreviewServer {
  /// The answer to a request: a reload poll, the reload script, or a file of the site.
  func response(to request: HTTPRequest) -> HTTPResponse {
    guard request.method == "GET" || request.method == "HEAD" else {
      return request.method.isEmpty ? .text(400, "bad request") : .text(405, "only GET and HEAD are served")
    }
    var response: HTTPResponse
    switch request.path {
    case "/__reload":
      let seen = request.query["since"].flatMap { Int($0) } ?? self.reload.current
      response = .text(200, String(self.reload.wait(after: seen, timeout: self.pollTimeout)))
    case "/__reload.js":
      let since = request.query["since"].flatMap { Int($0) } ?? self.reload.current
      response = HTTPResponse(
        status: 200, contentType: "text/javascript; charset=utf-8",
        body: Data(LiveReload.script(generation: since).utf8))
    default:
      response = self.file(at: request.path)
    }
    response.omitsBody = request.method == "HEAD"
    return response
  }

  /// A file of the site: `/` → `index.html`; a folder with an `index.html` but without its `/` is
  /// redirected; HTML pages get the reload script; anything outside the site folder is not found.
  private func file(at path: String) -> HTTPResponse {
    guard let relative = Self.relativePath(forRequestPath: path) else { return self.notFound(path) }
    let url = self.root.appendingPathComponent(relative)
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else { return self.notFound(path) }
    if isFolder.boolValue {
      // Only `/folder` (without its slash) lands here: `/folder/` already named `folder/index.html`.
      let index = url.appendingPathComponent("index.html").path
      guard FileManager.default.fileExists(atPath: index) else { return self.notFound(path) }
      var redirect = HTTPResponse.text(301, "moved to \(path)/")
      redirect.headers.append((name: "Location", value: Self.percentEncoded(path) + "/"))
      return redirect
    }
    let resolved = url.resolvingSymlinksInPath().path
    guard resolved.hasPrefix(self.root.resolvingSymlinksInPath().path + "/"),
      let data = FileManager.default.contents(atPath: url.path)
    else { return self.notFound(path) }
    let contentType = HTTPResponse.contentType(forFile: url.lastPathComponent)
    guard contentType.hasPrefix("text/html") else {
      return HTTPResponse(status: 200, contentType: contentType, body: data)
    }
    let html = LiveReload.injectingScript(into: String(decoding: data, as: UTF8.self), generation: self.reload.current)
    return HTTPResponse(status: 200, contentType: contentType, body: Data(html.utf8))
  }

  /// A small page that says what is missing, and reloads when a rebuild may have made it.
  private func notFound(_ path: String) -> HTTPResponse {
    let escaped = path.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
    let page =
      "<!doctype html>\n<title>Not found</title>\n<body><p>No page at <code>\(escaped)</code> "
      + "in Site/. <a href=\"/\">Contents</a></p></body>\n"
    return HTTPResponse(
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
