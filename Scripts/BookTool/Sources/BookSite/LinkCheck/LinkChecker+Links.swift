import BookKit

extension LinkChecker.Context {
  /// A link: to an anchor of this chapter, to another chapter (and anchor), or to a file.
  func checkLink(_ reference: ChapterReferences.Reference) -> [Diagnostic] {
    let diagnostics = self.checkDestination(reference)
    guard diagnostics.isEmpty, CrossReference.isPlaceholder(reference.text) else { return diagnostics }
    return self.checkNumberedTarget(reference)
  }

  /// A reference whose text the site fills (`[](#listing-x)`, `[Figure](#figure-y)`) must point to a
  /// numbered listing or figure, or the page would show an empty or placeholder link.
  private func checkNumberedTarget(_ reference: ChapterReferences.Reference) -> [Diagnostic] {
    if let target = CrossReference.target(
      of: reference.destination, from: self.chapter.path, chapterPaths: Set(self.targets.chapterPaths)),
      self.targets.labels[target.chapter]?[target.anchor] != nil
    {
      return []
    }
    let written =
      reference.text.isEmpty ? "[](\(reference.destination))" : "[\(reference.text)](\(reference.destination))"
    return [
      Diagnostic(
        .error, id: .unnumberedReference, at: reference.location,
        "'\(written)' asks for a listing or figure number, but its target has none; point it at a numbered "
          + "listing or figure (not a test, a heading or a shell block), or give the link its own text")
    ]
  }

  /// The destination of a link: it must exist.
  /// Link schemes a book never needs and a browser would act on: script, inline documents, local files.
  static let unsafeSchemes: Set<String> = ["javascript", "vbscript", "data", "file"]

  private func checkDestination(_ reference: ChapterReferences.Reference) -> [Diagnostic] {
    let location = reference.location
    switch LinkDestination(reference.destination) {
    case .external(let scheme?) where Self.unsafeSchemes.contains(scheme):
      return [
        Diagnostic(
          .error, id: .unsafeLink, at: location,
          "a '\(scheme):' link runs code or opens a local file when a reader follows it; "
            + "link to a page or an https address instead")
      ]
    case .external, .empty:
      return []
    case .absolute(let path):
      return [
        Diagnostic(
          .error, id: .absoluteLink, at: location,
          "link to '\(path)' starts at the server's root and breaks when the site is opened from a file; "
            + "write it relative to the chapter")
      ]
    case .fragment(let anchor):
      return self.checkAnchor(anchor, in: self.chapter.path, written: reference.destination, at: location)
    case .relative(let path, let fragment):
      guard let resolved = LinkDestination.resolve(path, in: self.folder) else {
        return [Self.leavesWorkspace(reference.destination, at: location)]
      }
      if self.targets.chapterPaths.contains(resolved) {
        return self.checkChapterLink(path: path, chapter: resolved, fragment: fragment, reference: reference)
      }
      return self.checkFileLink(path: path, resolved: resolved, at: location)
    }
  }

  /// A link to a chapter of the book: its anchor must exist; it must be written as the chapter's bare file
  /// name, which the site rewrites to the chapter's page.
  private func checkChapterLink(
    path: String, chapter: String, fragment: String?, reference: ChapterReferences.Reference
  ) -> [Diagnostic] {
    var diagnostics: [Diagnostic] = []
    let fileName = String(chapter.split(separator: "/").last ?? "")
    if path != fileName {
      diagnostics.append(
        Diagnostic(
          .warning, id: .chapterLinkForm, at: reference.location,
          "link to chapter '\(path)' should be written '\(fileName)', so that the site links to its page"))
    }
    if let fragment {
      diagnostics += self.checkAnchor(fragment, in: chapter, written: reference.destination, at: reference.location)
    }
    return diagnostics
  }

  /// A link to a file that is not a chapter: it must exist, and the site must publish it.
  private func checkFileLink(path: String, resolved: String, at location: SourceLocation) -> [Diagnostic] {
    if self.targets.codeFiles[self.chapter.path]?.contains(resolved) == true { return [] }
    guard !self.workspace.exists(resolved) else {
      return self.checkPublished(path: path, resolved: resolved, at: location)
    }
    var message = "link to '\(path)', which does not exist"
    if path.hasSuffix(".md"), resolved.hasPrefix(self.folder + "/") || self.folder.isEmpty {
      message = "link to '\(path)', which is not a chapter of the book"
      let names = self.targets.chapterPaths.map { String($0.split(separator: "/").last ?? "") }
      if let suggestion = Suggestion.nearest(to: path, among: names) {
        message += "; did you mean '\(suggestion)'?"
      }
    } else {
      message += " (looked for \(resolved))"
    }
    return [Diagnostic(.error, id: .brokenLink, at: location, message)]
  }

  /// A link to a file that exists: outside the chapters folder, the site has no copy of it, so a site
  /// published alone would break the link (a tangled file the chapter has by its end is fine: the site
  /// links to its code page).
  private func checkPublished(path: String, resolved: String, at location: SourceLocation) -> [Diagnostic] {
    let chapters = self.workspace.chaptersFolder
    guard !resolved.hasPrefix(chapters + "/"), resolved != chapters else { return [] }
    var message = "link to '\(path)' leaves the site: \(resolved) lies outside \(chapters)/, and the site "
    message += "publishes only the chapters' pages, their images and the code they tangle"
    let tangled = [Workspace.sourcesFolder, Workspace.testsFolder].contains { resolved.hasPrefix("\($0)/") }
    if tangled || resolved == Workspace.manifestFile {
      message += " (this chapter's code has no \(resolved) by its end)"
    }
    message += "; link to a listing, or to an absolute URL"
    return [Diagnostic(.error, id: .linkLeavesSite, at: location, message)]
  }

  /// An anchor that must exist on a chapter's page, with a suggestion when one is close.
  private func checkAnchor(
    _ anchor: String, in chapter: String, written: String, at location: SourceLocation
  ) -> [Diagnostic] {
    guard !self.targets.chapter(chapter, has: anchor) else { return [] }
    let page = chapter == self.chapter.path ? "this chapter" : chapter
    var message = "link '\(written)' points to no anchor of \(page)"
    if let suggestion = Suggestion.nearest(to: anchor, among: self.targets.anchors[chapter] ?? []) {
      message += "; did you mean '#\(suggestion)'?"
    }
    return [Diagnostic(.error, id: .brokenAnchor, at: location, message)]
  }

  /// An image: a file inside the chapters folder, never one from the network.
  func checkImage(_ reference: ChapterReferences.Reference) -> [Diagnostic] {
    let location = reference.location
    switch LinkDestination(reference.destination) {
    case .external(let scheme) where scheme == "data":
      return []
    case .external:
      return [
        Diagnostic(
          .error, id: .remoteImage, at: location,
          "image '\(reference.destination)' would load from the network; save it under "
            + "\(self.workspace.chaptersFolder)/images/ and link it relatively")
      ]
    case .empty, .fragment, .absolute:
      return [
        Diagnostic(
          .error, id: .missingImage, at: location,
          "image '\(reference.destination)' is not a path relative to the chapter (e.g. images/figure.svg)")
      ]
    case .relative(let path, _):
      guard let resolved = LinkDestination.resolve(path, in: self.folder) else {
        return [Self.leavesWorkspace(reference.destination, at: location)]
      }
      guard self.workspace.exists(resolved) else {
        return [
          Diagnostic(
            .error, id: .missingImage, at: location, "image '\(path)' does not exist (looked for \(resolved))")
        ]
      }
      guard resolved.hasPrefix(self.workspace.chaptersFolder + "/") else {
        return [
          Diagnostic(
            .error, id: .imageOutsideChapters, at: location,
            "image '\(path)' lies outside \(self.workspace.chaptersFolder)/, so the site cannot copy it; "
              + "move it under \(self.workspace.chaptersFolder)/images/")
        ]
      }
      return []
    }
  }

  /// A relative destination that climbs out of the workspace.
  private static func leavesWorkspace(_ destination: String, at location: SourceLocation) -> Diagnostic {
    Diagnostic(.error, id: .brokenLink, at: location, "'\(destination)' leads out of the workspace")
  }
}
