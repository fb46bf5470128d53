import BookKit
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The few POSIX socket calls the preview server needs: listen on an IPv4 address, accept with a
/// timeout, read a request head, write a response. Foundation has no HTTP server on Linux.
enum ListeningSocket {
  /// Why a socket could not be set up.
  struct Failure: Error, CustomStringConvertible {
    /// What went wrong, with the system's reason.
    var description: String
  }

  /// A socket listening on `host:port` (port 0: any free port), and the port it got.
  static func listen(host: String, port: UInt16) throws -> (descriptor: Int32, port: UInt16) {
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    guard inet_pton(AF_INET, host, &address.sin_addr) == 1 else {
      throw Failure(description: "'\(host)' is not an IPv4 address such as 127.0.0.1")
    }
    #if canImport(Glibc)
      let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
      let descriptor = socket(AF_INET, SOCK_STREAM, 0)
    #endif
    guard descriptor >= 0 else { throw Failure(description: "cannot open a socket (\(Self.reason()))") }
    var reuse: Int32 = 1
    setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    #if canImport(Glibc)
      let listening = bound == 0 && Glibc.listen(descriptor, 64) == 0
    #else
      let listening = bound == 0 && Darwin.listen(descriptor, 64) == 0
    #endif
    guard listening else {
      let reason = Self.reason()
      close(descriptor)
      throw Failure(description: "cannot listen on \(host):\(port) (\(reason)); choose another --port")
    }
    return (descriptor, Self.boundPort(of: descriptor) ?? port)
  }

  /// The port a socket is bound to.
  private static func boundPort(of descriptor: Int32) -> UInt16? {
    var address = sockaddr_in()
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let result = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
    }
    return result == 0 ? UInt16(bigEndian: address.sin_port) : nil
  }

  /// A connection accepted within `timeout` milliseconds, or nil (the caller checks whether to stop).
  static func accept(on descriptor: Int32, timeout: Int32) -> Int32? {
    var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
    guard poll(&request, 1, timeout) > 0 else { return nil }
    #if canImport(Glibc)
      let connection = Glibc.accept(descriptor, nil, nil)
    #else
      let connection = Darwin.accept(descriptor, nil, nil)
    #endif
    guard connection >= 0 else { return nil }
    // A client that stops reading or writing cannot hold a thread for more than a few seconds.
    var limit = timeval(tv_sec: 5, tv_usec: 0)
    setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
    setsockopt(connection, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
    return connection
  }

  /// The request head (up to the blank line), or nil when the client sends nothing usable in time or
  /// more than `limit` bytes.
  static func readHead(from connection: Int32, limit: Int = 16_384) -> String? {
    var received: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    let terminator = Array("\r\n\r\n".utf8)
    while received.count < limit {
      let count = buffer.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
      guard count > 0 else { return nil }
      received += buffer[0..<count]
      if let end = ByteSearch.offset(of: terminator, in: received) {
        return String(decoding: received[0..<end], as: UTF8.self)
      }
    }
    return nil
  }

  /// Writes all of `data`, giving up when the client goes away.
  static func write(_ data: Data, to connection: Int32) {
    data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
      var offset = 0
      while offset < bytes.count {
        #if canImport(Glibc)
          let flags = Int32(MSG_NOSIGNAL)
        #else
          let flags: Int32 = 0
        #endif
        let sent = send(connection, bytes.baseAddress! + offset, bytes.count - offset, flags)
        guard sent > 0 else { return }
        offset += sent
      }
    }
  }

  /// Closes a socket.
  static func close(_ descriptor: Int32) {
    #if canImport(Glibc)
      _ = Glibc.close(descriptor)
    #else
      _ = Darwin.close(descriptor)
    #endif
  }

  /// The system's description of the last error.
  private static func reason() -> String {
    String(cString: strerror(errno))
  }
}
