import Foundation

/// The parts of an HTTP request head the preview server looks at: `GET /a%20b.html?x=1 HTTP/1.1` →
/// method `GET`, path `/a b.html`, query `["x": "1"]`.
struct HTTPRequest: Hashable, Sendable {
  /// `GET`, `HEAD`, …; empty when the request line is malformed.
  var method: String
  /// The percent-decoded path, without the query; empty when malformed.
  var path: String
  /// The query's `name=value` pairs (later repeats win).
  var query: [String: String]

  /// Parses the request line of a request head.
  init(head: String) {
    let requestLine = head.split(separator: "\r\n", maxSplits: 1).first.map(String.init) ?? ""
    let words = requestLine.split(separator: " ")
    guard words.count == 3, words[1].hasPrefix("/") else {
      (self.method, self.path, self.query) = ("", "", [:])
      return
    }
    self.method = String(words[0])
    let target = words[1].split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
    self.path = String(target[0]).removingPercentEncoding ?? ""
    var query: [String: String] = [:]
    if target.count > 1 {
      for pair in target[1].split(separator: "&") {
        let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        query[String(parts[0])] = parts.count > 1 ? (String(parts[1]).removingPercentEncoding ?? "") : ""
      }
    }
    self.query = query
  }
}

/// A response the preview server sends, always with `Connection: close` and no caching, so that a
/// rebuilt page is fetched afresh.
struct HTTPResponse: Sendable {
  /// The status code.
  var status: Int
  /// Extra headers, such as `Location`.
  var headers: [(name: String, value: String)] = []
  /// The `Content-Type`.
  var contentType: String
  /// The body.
  var body: Data
  /// Whether to send only the head (a `HEAD` request).
  var omitsBody = false

  /// A plain-text response: `text(404, "not found")`.
  static func text(_ status: Int, _ text: String) -> HTTPResponse {
    HTTPResponse(status: status, contentType: "text/plain; charset=utf-8", body: Data((text + "\n").utf8))
  }

  /// The bytes on the wire: status line, headers, blank line, body.
  var data: Data {
    var head = "HTTP/1.1 \(self.status) \(Self.reason(for: self.status))\r\n"
    head += "Content-Type: \(self.contentType)\r\nContent-Length: \(self.body.count)\r\n"
    head += "Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n"
    for header in self.headers { head += "\(header.name): \(header.value)\r\n" }
    head += "\r\n"
    return Data(head.utf8) + (self.omitsBody ? Data() : self.body)
  }

  /// The reason phrase of the status codes the server uses.
  private static func reason(for status: Int) -> String {
    switch status {
    case 200: "OK"
    case 301: "Moved Permanently"
    case 400: "Bad Request"
    case 404: "Not Found"
    case 405: "Method Not Allowed"
    case 503: "Service Unavailable"
    default: "Status"
    }
  }

  /// The `Content-Type` for a file name's extension; binary for anything unknown.
  static func contentType(forFile name: String) -> String {
    switch (name as NSString).pathExtension.lowercased() {
    case "html", "htm": "text/html; charset=utf-8"
    case "css": "text/css; charset=utf-8"
    case "js": "text/javascript; charset=utf-8"
    case "json": "application/json"
    case "svg": "image/svg+xml"
    case "png": "image/png"
    case "jpg", "jpeg": "image/jpeg"
    case "gif": "image/gif"
    case "webp": "image/webp"
    case "ico": "image/x-icon"
    case "txt", "md": "text/plain; charset=utf-8"
    case "woff2": "font/woff2"
    default: "application/octet-stream"
    }
  }
}
