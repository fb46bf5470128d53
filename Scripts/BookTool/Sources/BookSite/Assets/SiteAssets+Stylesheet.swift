extension SiteAssets {
  /// `assets/book.css`: theme colours as custom properties (dark when the system asks for it), reading
  /// typography, the sidebar layout that collapses at phone width, listings and their marks, and a print
  /// stylesheet.
  public static let stylesheet = #"""
    :root {
      --bg: #fdfcf9;
      --fg: #1f2328;
      --muted: #5c6470;
      --accent: #0b62c4;
      --rule: #e3e0d8;
      --sidebar-bg: #f5f3ee;
      --code-bg: #f4f2ec;
      --code-fg: #24292f;
      --inline-code-bg: #efece4;
      --caption-bg: #ebe8df;
      --add-bg: #dff3e2;
      --add-mark: #1a7f37;
      --del-bg: #fbe4e4;
      --del-mark: #c0392b;
      --hl-keyword: #a626a4;
      --hl-type: #0a6b8a;
      --hl-string: #2e7d32;
      --hl-number: #b35c00;
      --hl-comment: #6e7781;
      --hl-doc: #5b6b52;
      --hl-attribute: #9a4a00;
      --hl-directive: #8250df;
      --hl-variable: #953800;
      --sidebar-width: 17.5rem;
      color-scheme: light dark;
    }
    @media (prefers-color-scheme: dark) {
      :root {
        --bg: #16181c;
        --fg: #e2e4e8;
        --muted: #9aa3ad;
        --accent: #6cb0ff;
        --rule: #2e333a;
        --sidebar-bg: #1c1f24;
        --code-bg: #1f2329;
        --code-fg: #dfe3e8;
        --inline-code-bg: #262a31;
        --caption-bg: #272c33;
        --add-bg: #17341f;
        --add-mark: #56d364;
        --del-bg: #3d1c1c;
        --del-mark: #ff7b72;
        --hl-keyword: #e08cf0;
        --hl-type: #5cc8e6;
        --hl-string: #8fd48f;
        --hl-number: #f0a45d;
        --hl-comment: #8b949e;
        --hl-doc: #a3b897;
        --hl-attribute: #f2b56b;
        --hl-directive: #c5a3ff;
        --hl-variable: #ffa657;
      }
    }
    *, *::before, *::after { box-sizing: border-box; }
    html { -webkit-text-size-adjust: 100%; text-size-adjust: 100%; }
    body {
      margin: 0;
      background: var(--bg);
      color: var(--fg);
      font-family: "Charter", "Bitstream Charter", "Iowan Old Style", "Palatino Linotype", Georgia,
        "DejaVu Serif", serif;
      font-size: 1.0625rem;
      line-height: 1.65;
    }
    a { color: var(--accent); text-underline-offset: 0.15em; }
    a:hover { text-decoration-thickness: 2px; }
    h1, h2, h3, h4, h5, h6, .sidebar, .topbar, .pager, figcaption, summary, table, .book-header, .contents {
      font-family: system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "DejaVu Sans", sans-serif;
    }
    code, pre, kbd, .listing-file {
      font-family: ui-monospace, "SFMono-Regular", Menlo, Consolas, "DejaVu Sans Mono", monospace;
    }
    h1, h2, h3, h4 { line-height: 1.25; margin: 2em 0 0.6em; }
    h1 { font-size: 2.1rem; margin-top: 0.4em; letter-spacing: -0.01em; }
    h2 { font-size: 1.5rem; padding-bottom: 0.2em; border-bottom: 1px solid var(--rule); }
    h3 { font-size: 1.2rem; }
    h4 { font-size: 1.05rem; }
    .anchor { margin-left: 0.3em; color: var(--muted); text-decoration: none; opacity: 0; font-weight: normal; }
    h1:hover .anchor, h2:hover .anchor, h3:hover .anchor, h4:hover .anchor, h5:hover .anchor, h6:hover .anchor,
    .anchor:focus { opacity: 1; }
    p, ul, ol, blockquote, .table-wrap, figure, details { margin: 0 0 1.1em; }
    blockquote { margin-left: 0; padding: 0.1em 1em; border-left: 4px solid var(--rule); color: var(--muted); }
    hr { border: 0; border-top: 1px solid var(--rule); margin: 2em 0; }
    img, svg { max-width: 100%; height: auto; }
    :not(pre) > code {
      font-size: 0.88em;
      padding: 0.1em 0.3em;
      border-radius: 4px;
      background: var(--inline-code-bg);
      overflow-wrap: anywhere;
    }
    ul.tasks, ol.tasks { list-style: none; padding-left: 1.2em; }
    li.task input { margin: 0 0.4em 0 -1.3em; vertical-align: -0.1em; }

    /* Layout: a fixed sidebar beside the text; at phone width the sidebar becomes a menu. */
    .menu-toggle { position: absolute; opacity: 0; pointer-events: none; }
    .topbar { display: none; }
    .sidebar {
      position: fixed;
      top: 0;
      bottom: 0;
      left: 0;
      width: var(--sidebar-width);
      overflow-y: auto;
      padding: 1.2rem 1rem 2rem;
      background: var(--sidebar-bg);
      border-right: 1px solid var(--rule);
      font-size: 0.9rem;
      line-height: 1.4;
    }
    main { margin-left: var(--sidebar-width); padding: 2rem 2.5rem 4rem; }
    .content { max-width: 46rem; margin: 0 auto; }
    .sidebar-title { display: block; font-weight: 700; font-size: 1.05rem; color: var(--fg); text-decoration: none; }
    .sidebar-subtitle { margin: 0.2em 0 0; color: var(--muted); font-size: 0.8rem; }
    .sidebar ol { list-style: none; margin: 0; padding: 0; }
    .sidebar li { margin: 0.15em 0; }
    .sidebar a { text-decoration: none; }
    .sidebar .chapters > li > a {
      display: flex;
      gap: 0.2em;
      padding: 0.25em 0.5em;
      border-radius: 6px;
      color: var(--fg);
    }
    .sidebar .chapters > li > a:hover { background: var(--caption-bg); }
    .sidebar .current > a { background: var(--caption-bg); font-weight: 600; }
    .sidebar .number { flex: none; min-width: 1.4em; color: var(--muted); }
    .sidebar .sections { margin: 0.3em 0 0.6em 2.1em; border-left: 1px solid var(--rule); }
    .sidebar .sections a { display: block; padding: 0.15em 0.6em; color: var(--muted); }
    .sidebar .sections a:hover { color: var(--accent); }
    .sidebar .sections .level-3 a { padding-left: 1.5em; font-size: 0.85rem; }
    .part-title {
      margin: 1.3em 0 0.4em;
      font-size: 0.72rem;
      font-weight: 700;
      letter-spacing: 0.06em;
      text-transform: uppercase;
      color: var(--muted);
    }
    .search { margin: 1rem 0 0.5rem; }
    .search input {
      width: 100%;
      padding: 0.45em 0.6em;
      border: 1px solid var(--rule);
      border-radius: 6px;
      background: var(--bg);
      color: var(--fg);
      font: inherit;
    }
    .search-results { margin-top: 0.5em !important; }
    .search-results li { padding: 0.35em 0.4em; border-bottom: 1px solid var(--rule); }
    .search-results a { font-weight: 600; }
    .search-results .where, .search-results .excerpt { display: block; color: var(--muted); font-size: 0.8rem; }
    .search-results .empty { color: var(--muted); }
    .pager {
      display: flex;
      justify-content: space-between;
      gap: 1rem;
      margin-top: 3rem;
      padding-top: 1rem;
      border-top: 1px solid var(--rule);
    }
    .pager a { display: block; max-width: 48%; text-decoration: none; }
    .pager .next { margin-left: auto; text-align: right; }
    .pager .label { display: block; font-size: 0.8rem; color: var(--muted); }
    @media (max-width: 60rem) {
      .topbar {
        display: flex;
        align-items: center;
        gap: 0.7rem;
        position: sticky;
        top: 0;
        z-index: 2;
        padding: 0.55rem 1rem;
        background: var(--sidebar-bg);
        border-bottom: 1px solid var(--rule);
      }
      .topbar a { color: var(--fg); font-weight: 600; text-decoration: none; }
      .menu-button { cursor: pointer; font-size: 1.3rem; line-height: 1; padding: 0.1em 0.3em; user-select: none; }
      .sidebar {
        display: none;
        top: 2.7rem;
        z-index: 3;
        width: min(85vw, 22rem);
        box-shadow: 0 0 24px rgba(0, 0, 0, 0.25);
      }
      .menu-toggle:checked ~ .sidebar { display: block; }
      .menu-toggle:focus-visible ~ .topbar .menu-button { outline: 2px solid var(--accent); }
      main { margin-left: 0; padding: 1rem 1.1rem 3rem; }
      body { font-size: 1rem; }
      h1 { font-size: 1.7rem; }
      h2 { font-size: 1.3rem; }
    }

    /* Listings: caption, code, changed and removed lines, folded tests. */
    figure { margin-left: 0; margin-right: 0; }
    figure.listing { border: 1px solid var(--rule); border-radius: 8px; overflow: hidden; background: var(--code-bg); }
    figcaption {
      display: flex;
      flex-wrap: wrap;
      gap: 0.3em 0.9em;
      padding: 0.35em 0.9em;
      background: var(--caption-bg);
      border-bottom: 1px solid var(--rule);
      font-size: 0.78rem;
      color: var(--muted);
    }
    .listing-file { color: var(--fg); font-size: 0.95em; overflow-wrap: anywhere; }
    .listing-note { font-style: italic; }
    pre {
      margin: 0;
      padding: 0.8em 1em;
      overflow-x: auto;
      background: var(--code-bg);
      color: var(--code-fg);
      font-size: 0.84rem;
      line-height: 1.5;
      tab-size: 4;
    }
    .table-wrap > pre, li > pre, blockquote > pre, .footnotes pre { border-radius: 6px; margin-bottom: 1em; }
    main > .content > pre { border-radius: 8px; margin-bottom: 1.1em; }
    figure.changed pre, figure.removed pre { padding-left: 1.8em; }
    .line { display: inline-block; min-width: 100%; position: relative; }
    .line::before { position: absolute; left: -1.3em; font-weight: 700; }
    .line.add { background: var(--add-bg); box-shadow: -1.8em 0 0 var(--add-bg); }
    .line.add::before { content: "+"; color: var(--add-mark); }
    .line.del {
      background: var(--del-bg);
      box-shadow: -1.8em 0 0 var(--del-bg);
      text-decoration: line-through;
      text-decoration-color: var(--del-mark);
    }
    .line.del::before { content: "\2212"; color: var(--del-mark); }
    details.tests { border: 1px dashed var(--rule); border-radius: 8px; padding: 0 0.8em; }
    details.tests > summary { cursor: pointer; padding: 0.5em 0; color: var(--muted); font-size: 0.88rem; }
    details.tests[open] { padding-bottom: 0.8em; }
    details.tests figure { margin: 0; }
    figure.diagram { text-align: center; }
    figure.diagram svg { max-width: 100%; }
    .hl-keyword { color: var(--hl-keyword); }
    .hl-type { color: var(--hl-type); }
    .hl-string { color: var(--hl-string); }
    .hl-number { color: var(--hl-number); }
    .hl-comment { color: var(--hl-comment); font-style: italic; }
    .hl-doc { color: var(--hl-doc); font-style: italic; }
    .hl-attribute { color: var(--hl-attribute); }
    .hl-directive { color: var(--hl-directive); }
    .hl-variable { color: var(--hl-variable); }

    /* Tables and footnotes. */
    .table-wrap { overflow-x: auto; }
    table { border-collapse: collapse; font-size: 0.9rem; min-width: 50%; }
    th, td { padding: 0.4em 0.8em; border: 1px solid var(--rule); vertical-align: top; }
    thead th { background: var(--caption-bg); }
    tbody tr:nth-child(even) { background: color-mix(in srgb, var(--caption-bg) 35%, transparent); }
    sup.footnote-ref { line-height: 0; }
    sup.footnote-ref a { text-decoration: none; padding: 0 0.1em; }
    .footnotes {
      margin-top: 3rem;
      padding-top: 0.5rem;
      border-top: 1px solid var(--rule);
      font-size: 0.88rem;
      color: var(--muted);
    }
    .footnotes li { margin-bottom: 0.4em; }
    .footnotes p { margin: 0; }
    .footnote-backref { text-decoration: none; }
    :target { scroll-margin-top: 3.5rem; }
    li:target, h2:target, h3:target, figure:target { animation: flash 1.6s ease-out; }
    @keyframes flash { from { background: var(--add-bg); } to { background: transparent; } }

    /* Index page and print edition. */
    .book-header { margin: 1rem 0 2.5rem; }
    .book-header h1 { font-size: 2.6rem; margin-bottom: 0.2em; }
    .book-header .subtitle { font-size: 1.2rem; color: var(--muted); margin: 0; }
    .contents h2 {
      font-size: 1.1rem;
      text-transform: uppercase;
      letter-spacing: 0.05em;
      color: var(--muted);
      border: 0;
    }
    .contents > ol { list-style: none; padding: 0; }
    .contents > ol > li { margin-bottom: 1em; }
    .contents .chapter-link { font-size: 1.15rem; font-weight: 600; text-decoration: none; }
    .contents .number { display: inline-block; min-width: 1.5em; color: var(--muted); font-weight: 400; }
    .contents .sections { margin: 0.3em 0 0; padding-left: 1.6em; font-size: 0.92rem; columns: 2 16rem; column-gap: 3rem; }
    .contents .sections li { break-inside: avoid; }
    .contents .sections a { color: var(--muted); text-decoration: none; }
    .contents .sections a:hover { color: var(--accent); }
    .print-edition main { margin-left: 0; }
    .print-edition .chapter + .chapter { margin-top: 4rem; padding-top: 2rem; border-top: 3px double var(--rule); }
    .edition-note { color: var(--muted); font-size: 0.9rem; }
    .contents .to-come { color: var(--muted); font-style: italic; margin-top: -0.5em; }
    .chapter-code {
      display: flex; flex-wrap: wrap; gap: 0.3em 1.2em; margin: 0 0 1.5rem; padding: 0.5em 0.8em;
      border: 1px solid var(--rule); border-radius: 6px; font-size: 0.85rem; color: var(--muted);
    }
    .changed-files { padding-left: 1.2em; }
    .changed-files .counts, .file-diff h2 .counts { color: var(--muted); font-size: 0.85rem; font-weight: 400; }
    .file-diff h2 { font-size: 1.05rem; margin-top: 2rem; }

    @media print {
      :root {
        --bg: #fff; --fg: #000; --muted: #444; --accent: #000; --rule: #bbb; --code-bg: #f6f6f6; --caption-bg: #eee;
      }
      body { font-size: 10.5pt; line-height: 1.45; }
      .sidebar, .topbar, .pager, .menu-toggle, .anchor, .search, .edition-note, .chapter-code { display: none !important; }
      main { margin: 0; padding: 0; }
      .content { max-width: none; }
      a { text-decoration: none; }
      pre { white-space: pre-wrap; overflow-wrap: anywhere; font-size: 8.5pt; }
      figure, table, img, svg { break-inside: avoid; }
      h1, h2, h3 { break-after: avoid; }
      .print-edition .chapter + .chapter { break-before: page; border: 0; margin: 0; }
      details.tests { border: 0; padding: 0; }
    }

    /* ---- Accessibility and legible diagrams (issue 11): a separate block, kept together. ---- */
    :root { --focus: #0b62c4; --scroll-shadow: rgba(0, 0, 0, 0.28); }
    @media (prefers-color-scheme: dark) { :root { --focus: #8cc4ff; --scroll-shadow: rgba(0, 0, 0, 0.75); } }
    .skip-link {
      position: absolute; left: 0.5rem; top: -4rem; z-index: 100; padding: 0.5em 1em;
      background: var(--bg); color: var(--fg); border: 2px solid var(--focus); border-radius: 6px;
    }
    .skip-link:focus { top: 0.5rem; }
    :focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; }
    main:focus { outline: none; }
    /* The menu's checkbox is invisible; at desktop width, where there is no menu, it leaves the tab order,
       and at phone width its focus shows on the menu button. */
    @media (min-width: 60.0625rem) { .menu-toggle { display: none; } }
    .menu-toggle:focus-visible ~ .topbar .menu-button { outline: 3px solid var(--focus); outline-offset: 2px; }
    /* A diagram keeps the width at which its smallest text is 12 px (its SVG's min-width); a column
       narrower than that scrolls it sideways, with shadows at the edges that have more to show. */
    .diagram-scroll {
      overflow-x: auto;
      background:
        linear-gradient(to right, var(--bg) 40%, transparent) left center / 2.5rem 100% no-repeat local,
        linear-gradient(to left, var(--bg) 40%, transparent) right center / 2.5rem 100% no-repeat local,
        radial-gradient(farthest-side at 0 50%, var(--scroll-shadow), transparent) left center / 0.9rem 100% no-repeat scroll,
        radial-gradient(farthest-side at 100% 50%, var(--scroll-shadow), transparent) right center / 0.9rem 100% no-repeat scroll;
    }
    .diagram-scroll:focus-visible { outline-offset: 0; }
    .diagram-scroll svg { display: block; margin: 0 auto; }
    figure.diagram:has(> .diagram-scroll[data-overflowing])::after {
      content: "\21C6  Scroll sideways to see the whole diagram";
      display: block; margin-top: 0.3em; font-size: 0.85rem; color: var(--muted);
    }
    @media print {
      .skip-link { display: none; }
      .diagram-scroll { overflow: visible; background: none; }
      figure.diagram::after { content: none !important; }
    }
    /* ---- End of the accessibility block. ---- */
    """#
}
