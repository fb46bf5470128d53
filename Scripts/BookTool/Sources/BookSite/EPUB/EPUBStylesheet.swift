/// The e-book's stylesheet: light, plain CSS that e-readers understand (no custom properties, no
/// script), the site's highlight colours on a white page, code that wraps rather than scrolls.
enum EPUBStylesheet {
  /// `EPUB/book.css`.
  static let css = """
    body { margin: 0 1em; line-height: 1.5; }
    h1, h2, h3, h4 { line-height: 1.25; page-break-after: avoid; }
    h1 { font-size: 1.6em; margin: 1em 0 0.6em; }
    h2 { font-size: 1.3em; margin: 1.4em 0 0.5em; }
    h3 { font-size: 1.1em; margin: 1.2em 0 0.4em; }
    p { margin: 0 0 0.8em; }
    a { color: #0b62c4; }
    code, pre { font-family: monospace; }
    code { font-size: 0.9em; }
    pre {
      font-size: 0.8em; line-height: 1.35; margin: 0 0 1em; padding: 0.5em;
      white-space: pre-wrap; word-wrap: break-word; background: #f6f5f1; border: 1px solid #e3e0d8;
    }
    pre code { font-size: 1em; }
    figure { margin: 1em 0; page-break-inside: avoid; }
    figure.listing { page-break-inside: auto; }
    figcaption { font-size: 0.85em; margin-bottom: 0.3em; }
    .listing-number { font-weight: bold; }
    .listing-module, .listing-note { font-style: italic; }
    .line.add { background: #e3f4e6; }
    .line.del { background: #fbe6e6; text-decoration: line-through; }
    .hl-keyword { color: #a626a4; }
    .hl-type { color: #0a6b8a; }
    .hl-string { color: #2e7d32; }
    .hl-number { color: #b35c00; }
    .hl-comment { color: #5f6770; font-style: italic; }
    .hl-doc { color: #5b6b52; font-style: italic; }
    .hl-attribute { color: #9a4a00; }
    .hl-directive { color: #8250df; }
    .hl-variable { color: #953800; }
    figure.diagram { text-align: center; }
    svg.diagram-svg { min-width: 0 !important; max-width: 100% !important; height: auto; }
    img { max-width: 100%; }
    table { border-collapse: collapse; margin: 0 0 1em; font-size: 0.9em; }
    th, td { border: 1px solid #d0ccc2; padding: 0.2em 0.4em; text-align: left; vertical-align: top; }
    blockquote { margin: 0 0 1em; padding-left: 1em; border-left: 3px solid #d0ccc2; }
    sup.footnote-ref { line-height: 0; }
    .footnotes { font-size: 0.85em; border-top: 1px solid #d0ccc2; margin-top: 2em; }
    .missing-picture { font-style: italic; }
    nav#toc ol { list-style: none; padding-left: 1em; }
    nav#toc > ol { padding-left: 0; }

    """
}
