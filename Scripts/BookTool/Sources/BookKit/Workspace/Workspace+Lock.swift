import Foundation

/// One command at a time on a workspace: two runs from different chapter states, interleaved, could leave
/// a file written by one and listed by neither (hostile case 11). Commands that write take the workspace
/// exclusively; commands that only read it (`check`, `lint`, `test`) share it, so they never see a write
/// half done. The lock is `flock` on the workspace's root folder itself: nothing is created, and the
/// kernel releases it when the process ends, however it ends.
extension Workspace {
  /// How a command holds the workspace.
  public enum LockKind: Sendable {
    /// Alone: it writes.
    case exclusive
    /// With other readers: it only reads.
    case shared
  }

  /// Takes the workspace's lock for the rest of the process, waiting (and saying so on standard error)
  /// while another command holds it. A root that cannot be opened is left to the command to report.
  public func lock(_ kind: LockKind) {
    let descriptor = open(self.root.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0 else { return }
    let operation = kind == .exclusive ? LOCK_EX : LOCK_SH
    guard flock(descriptor, operation | LOCK_NB) != 0 else { return }
    FileHandle.standardError.write(Data("book: waiting for another book command on this workspace…\n".utf8))
    while flock(descriptor, operation) != 0 && errno == EINTR {}
  }
}
