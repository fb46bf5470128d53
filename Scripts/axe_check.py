#!/usr/bin/env python3
"""Runs axe-core (WCAG 2.1 A and AA rules) on the built site in headless Chromium.

Every chapter, changes and index page, and three of the code pages (one template for all), in the
light and the dark scheme at 1280 px, and a sample of pages (the index, a chapter, a changes page and the
last chapter) in both schemes at 390 px, the phone width: the whole site at the narrow width would not fit
CI's budget. The dark passes run the colour rules only (COLOUR_RULES): nothing else differs between
the schemes; and they leave out print.html, whose articles are the chapter pages' own. Prints each violation (rule, impact, the first few elements)
and the time each pass took. Pages are shared among one tab per core. Uses browser_check.py's DevTools
harness (standard library only).

axe.min.js is not committed: Scripts/setup.sh takes it out of a PyPI wheel that ships it (see README).
Usage: axe_check.py SITE_FOLDER AXE_MIN_JS [CHROMIUM]
"""
import concurrent.futures
import json
import os
import shutil
import sys
import tempfile
import time

from browser_check import Page, start_chromium, stop_chromium

WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]


# The rules whose result can depend on the colour scheme. The dark scheme changes colours only (the same
# document, the same layout), so the dark passes run these and the light passes run every WCAG rule.
COLOUR_RULES = ["color-contrast", "link-in-text-block"]


def run_axe(page, source, scheme):
    """Injects axe into the open page and returns its violations as (rule, impact, count, targets)."""
    page.evaluate(source + "\n;true")
    only = {"type": "tag", "values": WCAG_TAGS} if scheme == "light" else {"type": "rule", "values": COLOUR_RULES}
    options = json.dumps({"runOnly": only, "resultTypes": ["violations"]})
    results = page.evaluate(
        f"axe.run(document, {options}).then(r => r.violations.map(v => "
        "[v.id, v.impact, v.nodes.length, v.nodes.slice(0, 3).map(n => n.target.join(' ') + ' :: ' + "
        "(n.failureSummary || '').split('\\n').slice(1, 2).join(''))]))")
    return results


def sample(pages):
    chapters = [name for name in pages if name[0].isdigit() and not name.endswith(".changes.html")]
    changes = [name for name in pages if name.endswith(".changes.html")]
    picked = ["index.html"] + chapters[1:2] + changes[-1:] + chapters[-1:]
    return [name for name in dict.fromkeys(picked) if name in pages]


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


def check_pages(page, source, names, scheme, width, height, mobile):
    """Runs axe on each page in one tab; returns the lines to print and the number of violations."""
    lines, failures, nodes = [], 0, 0
    for name in names:
        page.call("Emulation.setDeviceMetricsOverride", width=width, height=height, deviceScaleFactor=1, mobile=mobile)
        page.call("Emulation.setEmulatedMedia", media="", features=[{"name": "prefers-color-scheme", "value": scheme}])
        page.open(page.site_url + name)
        for rule, impact, count, targets in run_axe(page, source, scheme):
            failures += 1
            nodes += count
            lines.append(f"FAILED  {name} ({scheme}, {width}px): {rule} ({impact}), {count} elements")
            lines += ["        " + target for target in targets]
    return lines, failures, nodes


def main():
    site, axe_path = os.path.abspath(sys.argv[1]), sys.argv[2]
    binary = sys.argv[3] if len(sys.argv) > 3 else shutil.which("chromium") or shutil.which("chromium-browser")
    with open(axe_path, encoding="utf-8") as file:
        source = file.read()
    pages = sorted(name for name in os.listdir(site) if name.endswith(".html")) + code_page_sample(site)
    # print.html holds every chapter's article again, with the chapter pages' markup and colours: the
    # light pass reads it with every rule, and the dark (colour) pass reads the chapter pages it repeats.
    dark_pages = [name for name in pages if name != "print.html"]
    passes = [("light", 1280, 900, False, pages), ("dark", 1280, 900, False, dark_pages),
              ("light", 390, 844, True, sample(pages)), ("dark", 390, 844, True, sample(pages))]
    # One tab per core: Chromium renders each tab in a process of its own, so the tabs run side by side.
    jobs = max(1, min(os.cpu_count() or 1, 4))
    profile = tempfile.mkdtemp(prefix="axe-check-")
    process, port = start_chromium(binary, profile)
    failures = 0
    started_all = time.time()
    try:
        tabs = []
        for _ in range(jobs):
            tab = Page(port)
            tab.socket.sock.settimeout(600)  # a long changes page takes a while on a busy machine
            tab.site_url = "file://" + site + "/"
            tabs.append(tab)
        with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
            for scheme, width, height, mobile, names in passes:
                started = time.time()
                # The largest pages first, dealt round the tabs, so that no tab is left with the slow ones.
                ordered = sorted(names, key=lambda name: -os.path.getsize(os.path.join(site, name)))
                shares = [ordered[index::jobs] for index in range(jobs)]
                results = list(pool.map(
                    lambda pair: check_pages(pair[0], source, pair[1], scheme, width, height, mobile), zip(tabs, shares)))
                nodes = 0
                for lines, count, elements in results:
                    failures += count
                    nodes += elements
                    for line in lines:
                        print(line)
                print(f"axe-check: {scheme} scheme at {width}px: {len(names)} pages, {nodes} violating elements, "
                      f"{time.time() - started:.1f}s")
    finally:
        stop_chromium(process, profile)
    print(f"axe-check: {failures} violations ({jobs} tabs, {time.time() - started_all:.1f}s in all)")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
