#!/usr/bin/env python3
"""Runs axe-core (WCAG 2.1 A and AA rules) on the built site in headless Chromium.

Every page (chapters, changes pages, the index, the print edition, the symbols page, and three of the
code pages, which share one template) in four views: the light and the dark scheme at 1280 px, and both
again at 390 px, the phone width. Each page is loaded once: the views are switched in place (the
emulated `prefers-color-scheme` and the viewport), and axe runs again on the page as it now stands.

What runs in each view:
- Every WCAG rule but the colour rules, in the light scheme at each width: the scheme changes colours
  only (the same document and layout), but the width changes the layout (what is shown, what scrolls).
- The colour rules (COLOUR_RULES) in all four views. Most of axe's time on a page is color-contrast, one
  element at a time, and a listing has thousands of highlighted spans of a dozen colours. An element
  whose colour, text style and every box from it up to the root (tag, classes, colours, backgrounds,
  opacity, position, and the boxes' ::before and ::after backgrounds) equal an earlier element's has
  that element's contrast, and is left out (COLOURS_SCRIPT); the one read is, when there is one, wholly
  inside its scrolling boxes (axe cannot read a clipped one). The classes are shared across pages within
  one view: a key read wholly inside its boxes on one page is not read again on the next (the site's
  pages share one stylesheet and one frame, so a listing's spans are read on the first page that has
  them). Never left out: elements on the first screen (where a fixed or sticky box can cover them), form
  controls and SVG text.
Prints each violation (rule, impact, the first few elements), and what each view cost. Pages are shared
among one tab per core. Uses browser_check.py's DevTools harness (standard library only).

axe.min.js is not committed: Scripts/setup.sh takes it out of a PyPI wheel that ships it (see README).
Usage: axe_check.py SITE_FOLDER AXE_MIN_JS [CHROMIUM]
"""
import concurrent.futures
import json
import os
import shutil
import sys
import tempfile
import threading
import time

from browser_check import Page, start_chromium, stop_chromium


def processor_seconds(root):
    """CPU seconds (user and system) of process `root` and its live descendants, from /proc (Linux); None
    elsewhere. Chromium's renderers are its children: this is what the check cost, whatever the load."""
    if not os.path.isdir("/proc"):
        return None
    parents, seconds = {}, {}
    for name in filter(str.isdigit, os.listdir("/proc")):
        try:
            with open(f"/proc/{name}/stat", encoding="utf-8") as file:
                fields = file.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        parents[int(name)] = int(fields[1])
        seconds[int(name)] = sum(int(value) for value in fields[11:15]) / os.sysconf("SC_CLK_TCK")
    def descends(pid):
        while pid in parents and pid != root:
            pid = parents[pid]
        return pid == root
    return sum(value for pid, value in seconds.items() if descends(pid))

# Guards the colour keys the tabs share (see run_axe).
SEEN_LOCK = threading.Lock()

WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]

# The rules whose result can depend on the colour scheme.
COLOUR_RULES = ["color-contrast", "link-in-text-block"]

# (scheme, width, height, mobile, whether every non-colour rule runs too), in the order a page goes
# through them: each switch changes one thing.
VIEWS = [("light", 1280, 900, False, True), ("dark", 1280, 900, False, False),
         ("dark", 390, 844, True, False), ("light", 390, 844, True, True)]

# Marks with data-axe-colours each element whose colours the colour rules must read: every form control,
# every SVG element with text, every element with text on the first screen, and one HTML element with
# text of its own for each colour, text style and boxes (see the docstring) that is not among the keys
# given (those read on an earlier page in this view). Returns [elements with text, elements marked, the
# keys of the elements marked that lie wholly inside their boxes]. (axe is given the marked
# elements as its context: an `exclude` list of thousands of elements costs axe as much as reading them.)
COLOURS_SCRIPT = r"""
((seen) => {
  const known = new Set(seen);
  document.querySelectorAll("[data-axe-colours]").forEach(e => e.removeAttribute("data-axe-colours"));
  const boxes = new Map();
  const style = (e, pseudo) => getComputedStyle(e, pseudo);
  const boxKey = box => {
    if (!box) return "";
    if (boxes.has(box)) return boxes.get(box);
    const s = style(box), before = style(box, "::before"), after = style(box, "::after");
    const own = [box.tagName, box.className, s.color, s.backgroundColor, s.backgroundImage, s.opacity,
      s.position, s.filter, s.mixBlendMode, before.backgroundColor, before.backgroundImage,
      after.backgroundColor, after.backgroundImage].join(":");
    const key = boxKey(box.parentElement) + "/" + own;
    boxes.set(box, key);
    return key;
  };
  const inside = element => {
    const rect = element.getBoundingClientRect();
    for (let box = element.parentElement; box; box = box.parentElement) {
      const s = style(box);
      if (!/(auto|scroll|hidden|clip)/.test(s.overflowX + s.overflowY)) continue;
      const limit = box.getBoundingClientRect();
      if (rect.left < limit.left || rect.right > limit.right || rect.top < limit.top || rect.bottom > limit.bottom)
        return false;
    }
    return true;
  };
  // The first element of each key that lies wholly inside its scrolling boxes stands for the others (a
  // clipped one may be left unread by axe); a key with none is read on its first element.
  const standing = new Map();
  let texts = 0, marked = 0;
  const mark = element => { element.setAttribute("data-axe-colours", ""); marked++; };
  for (const element of document.body.querySelectorAll("*")) {
    const control = element.matches("input, select, textarea, button");
    const hasText = [...element.childNodes].some(n => n.nodeType === Node.TEXT_NODE && n.data.trim());
    if (!control && !hasText) continue;
    texts++;
    if (control || !(element instanceof HTMLElement) || element.getBoundingClientRect().top < window.innerHeight) {
      mark(element);
      continue;
    }
    const s = style(element);
    const key = [s.fontSize, s.fontWeight, s.fontStyle, s.textShadow, s.textDecorationLine,
      s.webkitTextStrokeWidth, boxKey(element)].join("|");
    if (known.has(key)) continue;
    const first = standing.get(key);
    if (first && first.inside) continue;
    const isInside = inside(element);
    if (!first || isInside) standing.set(key, {element, inside: isInside});
  }
  const learnt = [];
  for (const [key, {element, inside}] of standing) {
    mark(element);
    if (inside) learnt.push(key);
  }
  return [texts, marked, learnt];
})
"""


def run_axe(page, rules, seen=None):
    """Runs the colour rules ("colours") on the elements COLOURS_SCRIPT marks, or every other WCAG rule
    ("others") on the whole page, as it stands; returns the violations as (rule, impact, count, targets),
    the number of elements with text, and the number whose colours were read. `seen` holds the colour
    keys read on earlier pages in this view; the keys read here are added to it."""
    texts, marked = 0, 0
    runs = []
    if rules == "others":
        runs.append(("document", {"type": "tag", "values": WCAG_TAGS}, COLOUR_RULES))
    else:
        seen = set() if seen is None else seen
        with SEEN_LOCK:
            known = json.dumps(sorted(seen))
        texts, marked, learnt = page.evaluate(f"({COLOURS_SCRIPT})({known})")
        with SEEN_LOCK:
            seen.update(learnt)
        runs.append(("{include: [['[data-axe-colours]']]}", {"type": "rule", "values": COLOUR_RULES}, []))
    violations = []
    for context, only, disabled in runs:
        options = json.dumps({"runOnly": only, "resultTypes": ["violations"],
                              "rules": {rule: {"enabled": False} for rule in disabled}})
        violations += page.evaluate(
            f"axe.run({context}, {options}).then(r => r.violations.map(v => "
            "[v.id, v.impact, v.nodes.length, v.nodes.slice(0, 3).map(n => n.target.join(' ') + ' :: ' + "
            "(n.failureSummary || '').split('\\n').slice(1, 2).join(''))]))")
    return violations, texts, marked


def switch_view(page, scheme, width, height, mobile):
    """Switches the open page to the scheme and viewport, and checks that both apply."""
    page.call("Emulation.setDeviceMetricsOverride", width=width, height=height, deviceScaleFactor=1, mobile=mobile)
    page.call("Emulation.setEmulatedMedia", media="", features=[{"name": "prefers-color-scheme", "value": scheme}])
    # As a page loaded at this width shows itself: a phone zooms out when content overflows the page.
    page.call("Emulation.setPageScaleFactor", pageScaleFactor=1)
    page.evaluate("new Promise(done => requestAnimationFrame(() => setTimeout(done, 0)))")
    state = page.evaluate(
        f"[document.documentElement.clientWidth, matchMedia('(prefers-color-scheme: {scheme})').matches]")
    if state != [width, True]:
        raise RuntimeError(f"the view did not switch to {scheme} at {width}px: width, scheme = {state}")


def code_page_sample(site):
    """Three code pages (Site/code/): they share one template, so the first, the longest and the last
    stand for the rest (vnu still reads every one of them)."""
    folder = os.path.join(site, "code")
    if not os.path.isdir(folder):
        return []
    found = sorted(os.path.relpath(os.path.join(root, name), site)
                   for root, _, names in os.walk(folder) for name in names if name.endswith(".html"))
    if not found:
        return []
    longest = max(found, key=lambda name: os.path.getsize(os.path.join(site, name)))
    return list(dict.fromkeys([found[0], longest, found[-1]]))


def check_pages(page, source, names, seen):
    """Loads each page once in one tab and runs axe in every view; returns the lines to print, the number
    of violations, and per view the seconds spent, the text elements and those left out. `seen` holds,
    per view, the colour keys already read (on this tab's earlier pages or another tab's)."""
    lines, failures = [], 0
    spent = {view: [0.0, 0, 0] for view in VIEWS}
    for name in names:
        first = VIEWS[0]
        page.call("Emulation.setDeviceMetricsOverride", width=first[1], height=first[2], deviceScaleFactor=1,
                  mobile=first[3])
        page.call("Emulation.setEmulatedMedia", media="", features=[{"name": "prefers-color-scheme", "value": first[0]}])
        page.open(page.site_url + name)
        page.evaluate(source + "\n;true")
        for view in VIEWS:
            scheme, width, height, mobile, every_rule = view
            started = time.time()
            switch_view(page, scheme, width, height, mobile)
            found, texts, read = run_axe(page, "colours", seen[view])
            if every_rule:
                found += run_axe(page, "others")[0]
            spent[view][0] += time.time() - started
            spent[view][1] += texts
            spent[view][2] += read
            for rule, impact, count, targets in found:
                failures += 1
                lines.append(f"FAILED  {name} ({scheme}, {width}px): {rule} ({impact}), {count} elements")
                lines += ["        " + target for target in targets]
    return lines, failures, spent


def main():
    site, axe_path = os.path.abspath(sys.argv[1]), sys.argv[2]
    binary = sys.argv[3] if len(sys.argv) > 3 else shutil.which("chromium") or shutil.which("chromium-browser")
    with open(axe_path, encoding="utf-8") as file:
        source = file.read()
    pages = sorted(name for name in os.listdir(site) if name.endswith(".html")) + code_page_sample(site)
    # One tab per core: Chromium renders each tab in a process of its own, so the tabs run side by side.
    jobs = max(1, min(os.cpu_count() or 1, 4))
    profile = tempfile.mkdtemp(prefix="axe-check-")
    process, port = start_chromium(binary, profile)
    started_all = time.time()
    try:
        tabs = []
        for _ in range(jobs):
            tab = Page(port)
            tab.socket.sock.settimeout(600)  # a long page takes a while on a busy machine
            tab.site_url = "file://" + site + "/"
            tabs.append(tab)
        # The largest pages first, dealt round the tabs, so that no tab is left with the slow ones.
        ordered = sorted(pages, key=lambda name: -os.path.getsize(os.path.join(site, name)))
        shares = [ordered[index::jobs] for index in range(jobs)]
        # The colour keys read so far, per view, shared by the tabs.
        seen = {view: set() for view in VIEWS}
        with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
            results = list(pool.map(lambda pair: check_pages(pair[0], source, pair[1], seen), zip(tabs, shares)))
        chromium_seconds = processor_seconds(process.pid)
    finally:
        stop_chromium(process, profile)
    failures = 0
    for lines, count, _ in results:
        failures += count
        for line in lines:
            print(line)
    for view in VIEWS:
        scheme, width, _, _, every_rule = view
        seconds = sum(spent[view][0] for _, _, spent in results)
        texts = sum(spent[view][1] for _, _, spent in results)
        read = sum(spent[view][2] for _, _, spent in results)
        rules = "every WCAG rule" if every_rule else "the colour rules"
        print(f"axe-check: {scheme} scheme at {width}px, {rules}: {len(pages)} pages, {seconds:.1f}s in the tabs; "
              f"colours read on {read} of {texts} elements with text, the rest have the colours of one of them")
    own = time.process_time()
    processor = "" if chromium_seconds is None else f", {chromium_seconds + own:.0f}s of CPU"
    print(f"axe-check: {failures} violations ({len(pages)} pages, 4 views each, {jobs} tabs, "
          f"{time.time() - started_all:.1f}s in all{processor})")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
