import Foundation

/// The build of the tool that is running: what every cache and stamp in `.build/` names, so that another
/// build's files are never trusted.
enum ToolBuild {
  /// This build of the tool: the executable's path, size and modification time (seconds since 1970).
  /// Asked of the system directly (`readlink`, `stat`): Foundation's file attributes cost a millisecond
  /// at the end of a render, most of it the first dynamic casts of the process.
  static let identity: String = {
    let path = Self.executablePath()
    var status = stat()
    guard stat(path, &status) == 0 else { return "\(path) -1 0.0" }
    let modified = Double(status.st_mtim.tv_sec) + Double(status.st_mtim.tv_nsec) / 1_000_000_000
    return "\(path) \(status.st_size) \(modified)"
  }()

  /// The running executable's path: where `/proc/self/exe` points, else what the process was started as.
  private static func executablePath() -> String {
    var buffer = [UInt8](repeating: 0, count: Int(PATH_MAX) + 1)
    let count = buffer.withUnsafeMutableBytes { bytes in
      readlink("/proc/self/exe", bytes.baseAddress!.assumingMemoryBound(to: CChar.self), bytes.count - 1)
    }
    guard count > 0 else { return Bundle.main.executablePath ?? CommandLine.arguments[0] }
    return String(decoding: buffer[..<count], as: UTF8.self)
  }
}
