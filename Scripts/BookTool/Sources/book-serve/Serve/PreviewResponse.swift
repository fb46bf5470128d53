import Foundation

/// What the preview answers a request with, before it goes on the wire (`PreviewServer` sends it with
/// `Connection: close` and no caching, so that a rebuilt page is fetched afresh).
struct PreviewResponse: Sendable {
  /// The status code.
  var status: Int
  /// Extra headers, such as `Location`.
  var headers: [(name: String, value: String)] = []
  /// The `Content-Type`.
  var contentType: String
  /// The body.
  var body: Data
  /// Whether to send only the head (a `HEAD` request); `Content-Length` still tells the body's size.
  var omitsBody = false

  /// A plain-text response: `text(404, "not found")`.
  static func text(_ status: Int, _ text: String) -> PreviewResponse {
    PreviewResponse(status: status, contentType: "text/plain; charset=utf-8", body: Data((text + "\n").utf8))
  }

  /// The reason phrase of the status codes the preview uses.
  static func reason(for status: Int) -> String {
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
