import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A raw TCP client on 127.0.0.1 for the server tests: it can send a request in pieces, or send one and
/// never read the answer, which no HTTP library does on purpose. Every read waits a bounded time.
final class LoopbackClient: @unchecked Sendable {
  // Unchecked: the descriptor is set once in `init`; `close` may race a send, which then fails harmlessly.
  private let descriptor: Int32

  /// A socket call that failed, with the system's reason.
  struct Failure: Error, CustomStringConvertible {
    /// `connect: Connection refused`.
    var description: String
  }

  /// Connects to `127.0.0.1:port`; reads wait at most `readTimeout` seconds each.
  init(port: UInt16, readTimeout: Int = 15) throws {
    #if canImport(Glibc)
      let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
      let descriptor = socket(AF_INET, SOCK_STREAM, 0)
    #endif
    guard descriptor >= 0 else { throw Failure(description: "socket: \(String(cString: strerror(errno)))") }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard connected == 0 else {
      let reason = String(cString: strerror(errno))
      Self.close(descriptor)
      throw Failure(description: "connect: \(reason)")
    }
    var limit = timeval(tv_sec: readTimeout, tv_usec: 0)
    setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
    self.descriptor = descriptor
  }

  deinit { Self.close(self.descriptor) }

  /// Sends all of `text`; false when the server has closed the connection.
  @discardableResult
  func send(_ text: String) -> Bool {
    let bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
      let sent = bytes.withUnsafeBytes { Self.systemSend(self.descriptor, $0.baseAddress! + offset, $0.count - offset) }
      guard sent > 0 else { return false }
      offset += sent
    }
    return true
  }

  /// Everything the server sends until it closes the connection, and whether it did close it (false:
  /// a read timed out first).
  func receiveUntilClosed() -> (text: String, closed: Bool) {
    var received: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = buffer.withUnsafeMutableBytes { recv(self.descriptor, $0.baseAddress, $0.count, 0) }
      if count > 0 {
        received += buffer[0..<count]
        continue
      }
      let closed = count == 0 || (errno != EAGAIN && errno != EWOULDBLOCK)
      return (String(decoding: received, as: UTF8.self), closed)
    }
  }

  /// `send(2)`, without a SIGPIPE when the server has closed the connection.
  private static func systemSend(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
      Glibc.send(descriptor, bytes, count, Int32(MSG_NOSIGNAL))
    #else
      Darwin.send(descriptor, bytes, count, 0)
    #endif
  }

  /// Closes a descriptor.
  private static func close(_ descriptor: Int32) {
    #if canImport(Glibc)
      _ = Glibc.close(descriptor)
    #else
      _ = Darwin.close(descriptor)
    #endif
  }
}
