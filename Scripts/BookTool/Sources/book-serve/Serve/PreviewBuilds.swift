import BookCLI
import BookKit
import BookSite
import Synchronization

/// The preview's site builds, one after another on the watcher's thread: each is `book site`'s
/// incremental build, with the chapters parsed by earlier builds kept in memory; what a build only keeps for the next build (caches, page memo, stamp) is saved
/// after the open pages have been told to reload, so that saving it does not delay them.
final class PreviewBuilds: Sendable {
  /// The build of the workspace's site.
  let build: CachedSiteBuild
  /// The last site written whose caches are not kept yet.
  private let unkept = Mutex<CachedSiteBuild.Written?>(nil)

  /// The builds of `workspace`'s chapters into its site folder.
  init(workspace: Workspace) {
    self.build = CachedSiteBuild(
      input: workspace, output: workspace, folder: Workspace.siteFolder, keepingChapters: true)
  }

  /// Renders and writes the site; returns whether any file changed (errors leave the site as it was).
  @Sendable func rebuild() -> Bool {
    guard let written = ServeCommand.writeSite(with: self.build) else { return false }
    self.unkept.withLock { $0 = written }
    return written.changedFiles
  }

  /// Keeps the caches of the last site written, if any.
  @Sendable func keepCaches() {
    let taken = self.unkept.withLock { state in
      defer { state = nil }
      return state
    }
    guard let written = taken else { return }
    var timings = SiteTimings()
    self.build.keep(written, timings: &timings)
  }
}
