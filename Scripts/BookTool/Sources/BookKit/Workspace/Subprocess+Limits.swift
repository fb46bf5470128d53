import Foundation

extension Subprocess {
  /// How long a program may run and how much it may print (standard output and error together).
  package struct Limits: Sendable, Hashable {
    /// The wall-clock time allowed, in seconds.
    package var seconds: Double
    /// The bytes allowed on standard output and error together.
    package var outputBytes: Int

    /// Limits of `seconds` and `outputBytes`.
    package init(seconds: Double, outputBytes: Int) {
      self.seconds = seconds
      self.outputBytes = outputBytes
    }

    /// Generous bounds for the tools the book runs (`git`, `dot`, `swift format`): ten minutes and
    /// 256 MB. `BOOK_SUBPROCESS_SECONDS` in the environment lowers the time (for tests of the limit).
    package static var standard: Limits { Limits(seconds: Self.seconds(default: 600), outputBytes: 256 << 20) }

    /// Bounds for one of the book's own programs run by `book capture`: a minute and 16 MB, far more
    /// than a terminal picture or a transcript shows.
    package static var capture: Limits { Limits(seconds: Self.seconds(default: 60), outputBytes: 16 << 20) }

    /// `fallback`, or the lower `BOOK_SUBPROCESS_SECONDS` when the environment sets it.
    private static func seconds(default fallback: Double) -> Double {
      let value = ProcessInfo.processInfo.environment["BOOK_SUBPROCESS_SECONDS"].flatMap(Double.init)
      return min(fallback, value.map { max($0, 0.1) } ?? fallback)
    }
  }

  /// A program that was killed for going past its limits.
  package struct LimitExceeded: Error, CustomStringConvertible, Sendable {
    /// Which limit.
    package enum Kind: Sendable, Hashable {
      /// It ran longer than `Limits.seconds`.
      case time
      /// It printed more than `Limits.outputBytes`.
      case output
    }

    /// The program's file name (`swift`, `dot`, `Counter`).
    package var program: String
    /// Its arguments.
    package var arguments: [String]
    /// The limit it went past.
    package var kind: Kind
    /// The limits it ran under.
    package var limits: Limits

    /// `'env swift format lint' ran longer than 600 s and was stopped`.
    package var description: String {
      let command = ([self.program] + self.arguments.prefix(3)).joined(separator: " ")
      switch self.kind {
      case .time:
        return "'\(command)' ran longer than \(Self.format(self.limits.seconds)) s and was stopped"
      case .output:
        return "'\(command)' printed more than \(self.limits.outputBytes >> 20) MB and was stopped"
      }
    }

    /// `600.0` → `600`, `0.5` → `0.5`.
    private static func format(_ seconds: Double) -> String {
      seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    }
  }

  /// Both outputs of a running program, read as they come (with `poll`) until both close, the time runs
  /// out or they grow past the cap.
  struct Collected {
    /// The two pipes' reading ends.
    let outputDescriptor: Int32, errorDescriptor: Int32
    /// What came on each.
    var output = Data(), error = Data()

    init(output: Int32, error: Int32) {
      (self.outputDescriptor, self.errorDescriptor) = (output, error)
    }

    /// Reads until both pipes close; returns the limit hit instead (`deadline`, `cap` bytes), if one is.
    mutating func readAll(until deadline: Date, cap: Int) -> LimitExceeded.Kind? {
      var open = [self.outputDescriptor, self.errorDescriptor]
      var buffer = [UInt8](repeating: 0, count: 1 << 16)
      while !open.isEmpty {
        let remaining = deadline.timeIntervalSinceNow
        guard remaining > 0 else { return .time }
        var polled = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        let ready = poll(&polled, nfds_t(polled.count), Int32(min(remaining, 1) * 1000) + 1)
        guard ready > 0 else { continue }
        for entry in polled where entry.revents != 0 {
          let count = read(entry.fd, &buffer, buffer.count)
          if count <= 0 {
            guard count < 0 && errno == EINTR else {
              open.removeAll { $0 == entry.fd }
              continue
            }
          } else if entry.fd == self.outputDescriptor {
            self.output.append(contentsOf: buffer[..<count])
          } else {
            self.error.append(contentsOf: buffer[..<count])
          }
        }
        if self.output.count + self.error.count > cap { return .output }
      }
      return nil
    }
  }
}
