import FlyingFox
import Foundation

/// FlyingFox's side of a request: the request read off the wire goes to the `PreviewSite`, and its
/// answer goes back as a FlyingFox response that closes the connection and is never cached.
struct PreviewHandler: HTTPHandler {
  /// What is served.
  let site: PreviewSite

  /// Answers one request (which `RequestGate` has already read and bounded).
  func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
    var query: [String: String] = [:]
    for item in request.query { query[item.name] = item.value }
    let answer = await self.site.response(
      method: request.method.rawValue, path: request.target.path(percentEncoded: false), query: query)
    return Self.response(answer)
  }

  /// A FlyingFox response for a preview answer; a `HEAD` answer keeps its `Content-Length` but no body.
  static func response(_ answer: PreviewResponse) -> HTTPResponse {
    var headers: HTTPHeaders = [
      .contentType: answer.contentType, .contentLength: String(answer.body.count), .connection: "close",
      HTTPHeader("Cache-Control"): "no-store", HTTPHeader("X-Content-Type-Options"): "nosniff",
    ]
    for header in answer.headers { headers[HTTPHeader(header.name)] = header.value }
    return HTTPResponse(
      statusCode: HTTPStatusCode(answer.status, phrase: PreviewResponse.reason(for: answer.status)),
      headers: headers, body: answer.omitsBody ? Data() : answer.body)
  }
}
