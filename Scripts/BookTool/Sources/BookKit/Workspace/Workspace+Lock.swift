import Foundation

/// One command at a time on a workspace: two runs from different chapter states, interleaved, could leave
/// a file written by one and listed by neither (hostile case 11). Commands that write take the workspace
/// exclusively; commands that only read it (`check`, `lint`, `test`) share it, so they never see a write
/// half done. The lock is `flock` on the workspace's root folder itself: nothing is created, and the
/// kernel releases it when the process ends, however it ends.
extension Workspace {
  /// How a command holds the workspace.
  package enum LockKind: Sendable {
    /// Alone: it writes.
    case exclusive
    /// With other readers: it only reads.
    case shared
  }

  /// Takes the workspace's lock for the rest of the process, waiting (and saying so on standard error)
  /// while another command holds it. A root that cannot be opened is left to the command to report.
  ///
  /// A process holds one lock per workspace: a second command run in the same process (a test) takes
  /// the lock it already holds again, converting it to `kind`, rather than wait for itself.
  package func lock(_ kind: LockKind) {
    guard let descriptor = HeldLocks.shared.descriptor(for: self.root.path) else { return }
    let operation = kind == .exclusive ? LOCK_EX : LOCK_SH
    guard flock(descriptor, operation | LOCK_NB) != 0 else { return }
    FileHandle.standardError.write(Data("book: waiting for another book command on this workspace…\n".utf8))
    while flock(descriptor, operation) != 0 && errno == EINTR {}
  }
}

/// The workspace locks this process holds: one open descriptor of each workspace root, kept open until
/// the process ends.
private final class HeldLocks: @unchecked Sendable {
  // Unchecked: `descriptors` is only touched while holding `lock`.
  static let shared = HeldLocks()
  private let lock = NSLock()
  private var descriptors: [String: Int32] = [:]

  /// The descriptor to lock `root` through, opened the first time; nil when it cannot be opened.
  func descriptor(for root: String) -> Int32? {
    self.lock.withLock {
      if let known = self.descriptors[root] { return known }
      let descriptor = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
      guard descriptor >= 0 else { return nil }
      self.descriptors[root] = descriptor
      return descriptor
    }
  }
}
