import Foundation

/// The build of the tool that is running: what every cache and stamp in `.build/` names, so that another
/// build's files are never trusted.
enum ToolBuild {
  /// This build of the tool: the executable's path, size and modification time.
  static let identity: String = {
    let path =
      (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
      ?? Bundle.main.executablePath ?? CommandLine.arguments[0]
    let attributes = (try? FileManager.default.attributesOfItem(atPath: path)) ?? [:]
    let size = (attributes[.size] as? NSNumber)?.int64Value ?? -1
    let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
    return "\(path) \(size) \(modified)"
  }()
}
