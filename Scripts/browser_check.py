#!/usr/bin/env python3
"""Reads the built site as a reader would, in headless Chromium driven over the DevTools protocol.

Checks: every page loads with no console error; a search for a word of the last chapter finds it; dark
mode applies; print.html holds every chapter; no page repeats an id; diagram text is at least 12 px at
desktop and phone widths and 8 pt in the print's A4 column, which no page is wider than in print, and a
diagram box that scrolls is focusable and named; the arrow keys
turn the page, but not from a form field or with a modifier held; the first Tab reaches a skip link and
keyboard focus is outlined with enough contrast in both themes; no listing scrolls sideways at a 1280 px
window, and at phone width each listing or table that scrolls is a named tab stop; no page is wider than a
390 px phone window or a 1280 px desktop window (WCAG 2.1 1.4.10 Reflow; a box may scroll inside itself). Writes screenshots of a chapter page (light and dark,
desktop and phone width) into the screenshots folder. Standard library only: a small WebSocket client
speaks the protocol. Usage: browser_check.py SITE_FOLDER SCREENSHOTS_FOLDER [CHROMIUM]
"""
import base64
import json
import os
import re
import shutil
import socket
import struct
import subprocess
import sys
import tempfile
import time
import urllib.request


class WebSocket:
    """Just enough of RFC 6455 for the DevTools protocol: text frames, client-side masking."""

    def __init__(self, url):
        match = re.match(r"ws://([^:/]+):(\d+)(/.*)", url)
        host, port, path = match.group(1), int(match.group(2)), match.group(3)
        self.sock = socket.create_connection((host, port), timeout=60)
        key = base64.b64encode(os.urandom(16)).decode()
        request = (
            f"GET {path} HTTP/1.1\r\nHost: {host}:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
        )
        self.sock.sendall(request.encode())
        response = b""
        while b"\r\n\r\n" not in response:
            chunk = self.sock.recv(4096)
            if not chunk:
                raise RuntimeError("WebSocket handshake failed")
            response += chunk
        head, self.buffer = response.split(b"\r\n\r\n", 1)
        if b" 101 " not in head.split(b"\r\n")[0]:
            raise RuntimeError("WebSocket handshake refused: " + head.decode(errors="replace"))

    def send(self, text):
        payload = text.encode()
        header = bytes([0x81])
        length = len(payload)
        if length < 126:
            header += bytes([0x80 | length])
        elif length < 65536:
            header += bytes([0x80 | 126]) + struct.pack(">H", length)
        else:
            header += bytes([0x80 | 127]) + struct.pack(">Q", length)
        mask = os.urandom(4)
        masked = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
        self.sock.sendall(header + mask + masked)

    def _read(self, count):
        while len(self.buffer) < count:
            chunk = self.sock.recv(max(65536, count - len(self.buffer)))
            if not chunk:
                raise RuntimeError("WebSocket closed")
            self.buffer += chunk
        data, self.buffer = self.buffer[:count], self.buffer[count:]
        return data

    def receive(self):
        message = b""
        while True:
            first, second = self._read(2)
            length = second & 0x7F
            if length == 126:
                length = struct.unpack(">H", self._read(2))[0]
            elif length == 127:
                length = struct.unpack(">Q", self._read(8))[0]
            payload = self._read(length)
            opcode = first & 0x0F
            if opcode == 0x8:
                raise RuntimeError("WebSocket closed by Chromium")
            if opcode in (0x9, 0xA):
                continue
            message += payload
            if first & 0x80:
                return message.decode()


class Page:
    """One browser tab: sends commands, collects events (console errors among them)."""

    def __init__(self, port):
        request = urllib.request.Request(f"http://127.0.0.1:{port}/json/new?about:blank", method="PUT")
        target = json.load(urllib.request.urlopen(request, timeout=30))
        self.socket = WebSocket(target["webSocketDebuggerUrl"])
        self.next_id = 0
        self.events = []
        for domain in ("Page", "Runtime", "Log"):
            self.call(domain + ".enable")
        # A headless tab is never the focused window; without this, focus() and typing go nowhere.
        self.call("Emulation.setFocusEmulationEnabled", enabled=True)

    def call(self, method, **params):
        self.next_id += 1
        self.socket.send(json.dumps({"id": self.next_id, "method": method, "params": params}))
        while True:
            message = json.loads(self.socket.receive())
            if message.get("id") == self.next_id:
                if "error" in message:
                    raise RuntimeError(f"{method}: {message['error']}")
                return message.get("result", {})
            self.events.append(message)

    def wait_for(self, method, timeout=30):
        deadline = time.time() + timeout
        while time.time() < deadline:
            for index, event in enumerate(self.events):
                if event.get("method") == method:
                    return self.events.pop(index)
            self.events.append(json.loads(self.socket.receive()))
        raise RuntimeError(f"timed out waiting for {method}")

    def open(self, url):
        self.events = []
        self.call("Page.navigate", url=url)
        self.wait_for("Page.loadEventFired")
        self.evaluate("new Promise(done => requestAnimationFrame(() => setTimeout(done, 50)))")

    def evaluate(self, expression):
        result = self.call("Runtime.evaluate", expression=expression, awaitPromise=True, returnByValue=True)
        if "exceptionDetails" in result:
            raise RuntimeError(f"script failed: {expression}: {result['exceptionDetails']}")
        return result["result"].get("value")

    def console_errors(self):
        errors = []
        for event in self.events:
            method, params = event.get("method"), event.get("params", {})
            if method == "Runtime.exceptionThrown":
                errors.append(params["exceptionDetails"].get("exception", {}).get("description", "exception"))
            elif method == "Runtime.consoleAPICalled" and params.get("type") in ("error", "assert"):
                errors.append(" ".join(str(arg.get("value", arg.get("description"))) for arg in params["args"]))
            elif method == "Log.entryAdded" and params["entry"].get("level") == "error":
                errors.append(params["entry"].get("text", "") + " " + params["entry"].get("url", ""))
        return errors

    def view(self, width, height, dark, mobile):
        self.call(
            "Emulation.setDeviceMetricsOverride", width=width, height=height, deviceScaleFactor=1, mobile=mobile)
        scheme = "dark" if dark else "light"
        self.call("Emulation.setEmulatedMedia", media="", features=[{"name": "prefers-color-scheme", "value": scheme}])

    def screenshot(self, path):
        data = self.call("Page.captureScreenshot", format="png")["data"]
        with open(path, "wb") as file:
            file.write(base64.b64decode(data))


def stop_chromium(process, profile):
    """Stops the Chromium that start_chromium started (killing it if it does not stop within 10 s) and
    removes its profile folder."""
    process.terminate()
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()
    shutil.rmtree(profile, ignore_errors=True)


def start_chromium(binary, profile):
    """Starts headless Chromium on a free port and returns the process and the port."""
    process = subprocess.Popen(
        [binary, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run",
         "--no-default-browser-check", "--remote-debugging-port=0", f"--user-data-dir={profile}",
         "--allow-file-access-from-files", "about:blank"],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    deadline = time.time() + 60
    while time.time() < deadline:
        line = process.stderr.readline()
        match = re.search(r"DevTools listening on ws://127\.0\.0\.1:(\d+)/", line)
        if match:
            return process, int(match.group(1))
        if not line and process.poll() is not None:
            break
    process.kill()
    raise RuntimeError("Chromium did not start")


# The print's column: A4's 210 mm less book.css's 15 mm side margins (@page), in CSS px (96 to the inch).
PRINT_WIDTH = round((210 - 2 * 15) / 25.4 * 96)
# On paper diagrams shrink to that column; their text stays at least 8 pt (CSS px are 3/4 pt).
PRINT_SMALLEST_TEXT = 8 / 0.75

# Windows virtual key codes of the keys the checks press.
code_numbers = {"ArrowLeft": 37, "ArrowRight": 39, "Tab": 9, "Enter": 13}


class Checker:
    """Runs the checks and counts what passed."""

    def __init__(self, site, screenshots, page):
        self.site, self.screenshots, self.page = site, screenshots, page
        self.passed, self.failed = 0, 0
        self.pages = sorted(
            name for name in os.listdir(site) if name.endswith(".html") and name not in ("index.html", "print.html"))
        # Chapter pages are named NN-name.html; symbols.html and the changes pages are not chapters.
        self.chapters = [name for name in self.pages if name[:2].isdigit() and not name.endswith(".changes.html")]

    def url(self, name):
        return "file://" + os.path.join(self.site, name)

    def result(self, ok, what):
        print(("ok      " if ok else "FAILED  ") + what)
        if ok:
            self.passed += 1
        else:
            self.failed += 1

    def check_pages_load(self):
        for name in ["index.html", "print.html"] + self.pages:
            self.page.open(self.url(name))
            errors = self.page.console_errors()
            title = self.page.evaluate("document.title")
            self.result(not errors and bool(title), f"{name} loads with no console errors ({title!r})")
            for error in errors:
                print("        " + error)

    def check_search(self):
        last = self.chapters[-1]
        self.page.view(1280, 900, False, False)  # at phone width the search box is inside the closed menu
        self.page.open(self.url(self.chapters[0]))
        # A word of the last chapter that few sections share: from its prose if one is rare enough, else
        # from its code (identifiers); the search must list the last chapter among the results.
        word = self.page.evaluate(
            """(() => {
              const index = window.BOOK_SEARCH, last = index.pages.length - 1;
              const counts = new Map();
              index.sections.forEach(s => new Set(s[4].split(' ')).forEach(w => counts.set(w, (counts.get(w) || 0) + 1)));
              const rarest = words => words.filter(w => counts.has(w))
                .sort((a, b) => counts.get(a) - counts.get(b) || b.length - a.length || (a < b ? -1 : 1))[0];
              const sections = index.sections.filter(s => s[0] === last);
              const prose = sections.flatMap(s => (s[2] + ' ' + s[3]).toLowerCase().split(/[^a-z]+/))
                .filter(w => w.length >= 6 && w.length <= 14);
              const rare = rarest(prose);
              if (rare && counts.get(rare) <= 3) return rare;
              return rarest(sections.flatMap(s => s[4].split(' ')).filter(w => /^[a-z][a-z0-9]{5,}$/.test(w)));
            })()""")
        self.page.evaluate("document.getElementById('search').focus()")
        self.page.call("Input.insertText", text=word)
        self.page.evaluate("new Promise(done => setTimeout(done, 100))")
        links = self.page.evaluate(
            "[...document.querySelectorAll('#search-results a')].map(a => a.getAttribute('href'))") or []
        found = any(link.split("#")[0] == last for link in links)
        self.result(found, f"searching for {word!r} (from {last}) finds it: {links[:3]}")
        errors = self.page.console_errors()
        self.result(not errors, "search runs with no console errors")

    def check_code_page(self):
        """A code page (issue 19) loads from its subfolder with the site's stylesheet and script, and the
        search box there links back to the chapters at the site's root."""
        code = os.path.join(self.site, "code")
        found = sorted(os.path.relpath(os.path.join(folder, name), self.site)
                       for folder, _, names in os.walk(code) for name in names if name.endswith(".html"))
        if not found:
            return
        name = found[0]
        self.page.view(1280, 900, False, False)
        self.page.open(self.url(name))
        errors = self.page.console_errors()
        styled = self.page.evaluate("getComputedStyle(document.querySelector('.sidebar')).position !== 'static'")
        self.result(not errors and styled, f"{name} loads styled, with no console errors")
        self.page.evaluate("document.getElementById('search').focus()")
        self.page.call("Input.insertText", text="store")
        self.page.evaluate("new Promise(done => setTimeout(done, 100))")
        links = self.page.evaluate("[...document.querySelectorAll('#search-results a')].map(a => a.href)") or []
        root = "file://" + os.path.join(os.path.realpath(self.site), "")
        inside = [link for link in links if link.startswith(root)
                  and os.path.exists(os.path.join(self.site, link[len(root):].split("#")[0]))]
        self.result(links and len(inside) == len(links), f"search on {name} links to pages of the site: {links[:2]}")

    def check_dark_mode(self):
        chapter = self.chapters[min(1, len(self.chapters) - 1)]
        colors = {}
        for dark in (False, True):
            self.page.view(1280, 900, dark, False)
            self.page.open(self.url(chapter))
            colors[dark] = self.page.evaluate("getComputedStyle(document.body).backgroundColor")
        def luminance(color):
            r, g, b = (int(v) for v in re.findall(r"\d+", color)[:3])
            return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255
        ok = luminance(colors[True]) < 0.25 < 0.75 < luminance(colors[False])
        self.result(ok, f"dark mode applies: light background {colors[False]}, dark background {colors[True]}")

    def check_print_edition(self):
        self.page.view(1280, 900, False, False)
        self.page.open(self.url("print.html"))
        ids = self.page.evaluate("[...document.querySelectorAll('article.chapter')].map(a => a.id)")
        expected = [name[:-5] for name in self.chapters]
        self.result(ids == expected, f"print.html holds every chapter ({len(ids)} of {len(expected)})")

    # ---- Accessibility and legible diagrams (issue 11) ----

    def all_pages(self):
        return ["index.html", "print.html"] + self.pages

    def check_unique_ids(self):
        self.page.view(1280, 900, False, False)
        for name in self.all_pages():
            self.page.open(self.url(name))
            repeated = self.page.evaluate(
                """(() => { const seen = new Map();
                  document.querySelectorAll('[id]').forEach(e => seen.set(e.id, (seen.get(e.id) || 0) + 1));
                  return [...seen].filter(([, n]) => n > 1).map(([id, n]) => id + ' x' + n); })()""")
            self.result(not repeated, f"{name}: no two elements share an id {repeated[:5] if repeated else ''}")

    def diagram_text_sizes(self):
        """The smallest rendered font size of diagram text on the open page, and the diagram it is in;
        each scroll box that overflows must be focusable and named."""
        return self.page.evaluate(
            """(() => {
              let smallest = null, where = null, count = 0;
              document.querySelectorAll('svg.diagram-svg').forEach(svg => {
                svg.querySelectorAll('text').forEach(text => {
                  const units = parseFloat(text.getAttribute('font-size') || getComputedStyle(text).fontSize);
                  const matrix = text.getScreenCTM();
                  const size = units * Math.hypot(matrix.a, matrix.b);
                  count += 1;
                  if (smallest === null || size < smallest) { smallest = size; where = svg.id; }
                });
              });
              const boxes = [...document.querySelectorAll('.diagram-scroll')];
              const badBoxes = boxes.filter(b => b.scrollWidth > b.clientWidth + 1 &&
                (b.tabIndex !== 0 || !b.getAttribute('aria-label') || !b.hasAttribute('data-overflowing')))
                .map(b => b.querySelector('svg').id);
              const overflowing = boxes.filter(b => b.hasAttribute('data-overflowing')).length;
              return {smallest, where, count, badBoxes, overflowing};
            })()""")

    def check_diagram_text(self):
        """Diagram text is at least 12 px on screen. On paper diagrams shrink to the A4 column (PRINT_WIDTH),
        where their text must stay at least 8 pt; and no page may be wider than that column in print, or
        Chromium would shrink every page of the print to fit it."""
        views = (("desktop", 1280, 900, True, "screen", 12), ("phone", 390, 844, True, "screen", 12),
                 ("print", PRINT_WIDTH, 1000, False, "print", PRINT_SMALLEST_TEXT))
        for label, width, height, mobile_flag, media, least in views:
            mobile = label == "phone"
            self.page.view(width, height, False, mobile)
            if media == "print":
                self.page.call("Emulation.setEmulatedMedia", media="print")
            smallest, texts, overflowing, problems = None, 0, 0, []
            for name in self.all_pages():
                self.page.open(self.url(name))
                sizes = self.diagram_text_sizes()
                texts += sizes["count"]
                overflowing += sizes["overflowing"]
                if sizes["smallest"] is not None:
                    if smallest is None or sizes["smallest"] < smallest[0]:
                        smallest = (sizes["smallest"], f"{name}#{sizes['where']}")
                    if sizes["smallest"] < least - 0.01:
                        problems.append(f"{name}#{sizes['where']} {sizes['smallest']:.1f}px")
                if media == "screen":
                    problems += [f"{name}#{box} scrolls but is not focusable and named" for box in sizes["badBoxes"]]
                else:
                    page_width = self.page.evaluate("document.documentElement.scrollWidth")
                    if page_width > width:
                        problems.append(f"{name} is {page_width}px wide in print, wider than the {width}px column")
            self.page.call("Emulation.setEmulatedMedia", media="")
            detail = f"smallest {smallest[0]:.1f}px at {smallest[1]}" if smallest else "no diagrams"
            fits = ", every page fits the column" if media == "print" else ""
            self.result(
                texts > 0 and not problems,
                f"diagram text is at least {least:.1f}px at {label} width {width} ({texts} texts, {overflowing} boxes "
                f"scroll; {detail}{fits})")
            for problem in problems[:10]:
                print("        " + problem)

    def key(self, key, code, modifiers=0):
        """Presses and releases a key as a keyboard would (Enter types a carriage return, which activates)."""
        down = {"type": "keyDown", "text": "\r"} if key == "Enter" else {"type": "rawKeyDown"}
        for params in (down, {"type": "keyUp"}):
            self.page.call(
                "Input.dispatchKeyEvent", key=key, code=code, windowsVirtualKeyCode=code_numbers[code],
                modifiers=modifiers, **params)

    def settle(self, seconds=0.4):
        self.page.evaluate(f"new Promise(done => setTimeout(done, {int(seconds * 1000)}))")

    def check_arrow_keys(self):
        self.page.view(1280, 900, False, False)
        chapter = self.chapters[min(1, len(self.chapters) - 1)]
        fields = {
            "input": "document.createElement('input')",
            "textarea": "document.createElement('textarea')",
            "select": "(() => { const s = document.createElement('select'); s.add(new Option('a')); s.add(new Option('b')); return s; })()",
            "contenteditable": "(() => { const d = document.createElement('div'); d.contentEditable = 'true'; d.textContent = 'x'; return d; })()",
        }
        for label, make in fields.items():
            self.page.open(self.url(chapter))
            self.page.evaluate(f"(() => {{ const f = {make}; f.id = 'probe-field'; document.querySelector('main').prepend(f); f.focus(); }})()")
            self.key("ArrowRight", "ArrowRight")
            self.key("ArrowLeft", "ArrowLeft")
            self.settle()
            here = self.page.evaluate("location.pathname.split('/').pop()")
            self.result(here == chapter, f"the arrow keys do not turn the page while typing in a {label} (still on {here})")
        for label, modifiers in (("Alt", 1), ("Ctrl", 2), ("Meta", 4), ("Shift", 8)):
            self.page.open(self.url(chapter))
            self.key("ArrowRight", "ArrowRight", modifiers)
            self.settle()
            here = self.page.evaluate("location.pathname.split('/').pop()")
            self.result(here == chapter, f"{label}+→ does not turn the page (still on {here})")
        self.page.open(self.url(chapter))
        expected = self.page.evaluate("document.querySelector('link[rel=next]').getAttribute('href')")
        self.key("ArrowRight", "ArrowRight")
        self.page.wait_for("Page.loadEventFired", timeout=10)
        self.settle(0.1)
        here = self.page.evaluate("location.pathname.split('/').pop()")
        self.result(here == expected, f"→ alone turns the page ({chapter} → {here}, expected {expected})")

    def contrast(self, first, second):
        def luminance(color):
            values = [int(v) / 255 for v in re.findall(r"[\d.]+", color)[:3]]
            linear = [v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4 for v in values]
            return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]
        high, low = sorted((luminance(first), luminance(second)), reverse=True)
        return (high + 0.05) / (low + 0.05)

    def check_skip_link_and_focus(self):
        chapter = self.chapters[min(1, len(self.chapters) - 1)]
        for dark in (False, True):
            theme = "dark" if dark else "light"
            for label, width, height, mobile in (("desktop", 1280, 900, False), ("phone", 390, 844, True)):
                self.page.view(width, height, dark, mobile)
                self.page.open(self.url(chapter))
                self.key("Tab", "Tab")
                first = self.page.evaluate(
                    """(() => { const e = document.activeElement, r = e.getBoundingClientRect(), s = getComputedStyle(e);
                      return {cls: e.className, text: e.textContent.trim(), href: e.getAttribute('href'),
                        visible: r.width > 0 && r.bottom > 0 && r.top < innerHeight,
                        outline: s.outlineStyle, width: parseFloat(s.outlineWidth), color: s.outlineColor,
                        background: getComputedStyle(document.body).backgroundColor}; })()""")
                target = (first.get("href") or "#")[1:]
                ok = first["cls"] == "skip-link" and first["text"] == "Skip to content" and first["visible"]
                ok = ok and self.page.evaluate(f"document.getElementById({json.dumps(target)}) !== null")
                self.result(ok, f"{theme} {label}: the first Tab reaches a visible skip link to #{target} ({first['text']!r})")
                ratio = self.contrast(first["color"], first["background"])
                self.result(
                    first["outline"] != "none" and first["width"] >= 2 and ratio >= 3,
                    f"{theme} {label}: keyboard focus is outlined ({first['outline']} {first['width']}px "
                    f"{first['color']}, contrast {ratio:.1f}:1 against {first['background']})")
                self.key("Enter", "Enter")
                self.settle(0.2)
                focused = self.page.evaluate("document.activeElement.id")
                self.result(focused == target, f"{theme} {label}: following the skip link moves focus to #{focused}")
            # Every kind of focusable element shows its focus: Tab through the page and look at each.
            self.page.view(1280, 900, dark, False)
            self.page.open(self.url(chapter))
            unlit, seen = [], 0
            for _ in range(60):
                self.key("Tab", "Tab")
                state = self.page.evaluate(
                    """(() => { const e = document.activeElement; if (!e || e === document.body) return null;
                      const s = getComputedStyle(e);
                      const lit = (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 2) ||
                        (e.id === 'menu-toggle');
                      return {what: e.tagName.toLowerCase() + (e.className ? '.' + e.className.split(' ')[0] : ''), lit}; })()""")
                if state is None:
                    break
                seen += 1
                if not state["lit"]:
                    unlit.append(state["what"])
            self.result(seen > 5 and not unlit, f"{theme}: each of the first {seen} Tab stops shows its focus {sorted(set(unlit))}")

    # ---- Listings fit the page (issue 17, item 8) ----

    def check_listings_fit(self):
        """At a 1280 px window no listing in the reading flow scrolls sideways (folded tests opened); at phone
        width, where listings may scroll, each one that does is a named tab stop."""
        probe = """(() => {
              document.querySelectorAll('details.tests').forEach(d => d.open = true);
              return new Promise(done => requestAnimationFrame(() => setTimeout(() => {
                const overflows = box => box.scrollWidth > box.clientWidth + 1;
                const pres = [...document.querySelectorAll('main pre')];
                const wide = pres.filter(overflows);
                const scrolling = wide.concat([...document.querySelectorAll('main .table-wrap')].filter(overflows));
                done({count: pres.length,
                  wide: wide.map(p => (p.closest('[id]') || {}).id + ' ' + p.scrollWidth + '>' + p.clientWidth),
                  unnamed: scrolling.filter(p => p.tabIndex !== 0 || !p.getAttribute('aria-label') ||
                    p.getAttribute('role') !== 'region').map(p => (p.closest('[id]') || {}).id)});
              }, 50)));
            })()"""
        for label, width, height, mobile in (("desktop", 1280, 900, False), ("phone", 390, 844, True)):
            self.page.view(width, height, False, mobile)
            total, wide, unnamed = 0, [], []
            for name in self.pages:
                self.page.open(self.url(name))
                found = self.page.evaluate(probe)
                total += found["count"]
                wide += [f"{name}#{where}" for where in found["wide"]]
                unnamed += [f"{name}#{where}" for where in found["unnamed"]]
            if label == "desktop":
                self.result(not wide, f"no listing scrolls sideways at {width}px ({len(wide)} of {total} do)")
                for where in wide[:10]:
                    print("        " + where)
            self.result(
                not unnamed, f"at {label} width {width}, each listing or table that scrolls is a named tab stop")
            for where in unnamed[:10]:
                print("        " + where)

    # ---- The page fits the window (WCAG 2.1 1.4.10 Reflow) ----

    def reflow_pages(self):
        """Every chapter, changes, index, symbols and print page (the code pages have their own layout)."""
        return self.all_pages()

    def check_page_fits_window(self):
        """At a 390 px phone window and a 1280 px desktop window no page is wider than the window: only a
        box that scrolls inside itself (a listing, a table, a diagram) may hold something wider. When a page
        is too wide, names the widest box outside any scrolling box, and the innermost one that sticks out."""
        probe = """(() => {
              document.querySelectorAll('details').forEach(d => d.open = true);
              return new Promise(done => requestAnimationFrame(() => setTimeout(() => {
                const root = document.documentElement, window_ = Math.min(innerWidth, root.clientWidth);
                if (root.scrollWidth <= window_) { done({width: root.scrollWidth, window: window_}); return; }
                const scrolls = e => ['auto', 'scroll', 'hidden', 'clip'].includes(getComputedStyle(e).overflowX);
                const describe = e => e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') +
                  (typeof e.className === 'string' && e.className ? '.' + e.className.trim().split(/\\s+/).join('.') : '');
                let widest = null, innermost = null;
                const walk = element => {
                  for (const child of element.children) {
                    // A box sticks out when it reaches past the window's edge; text that overflows a box
                    // (a long word) sticks out too, unless the box scrolls.
                    const box = child.getBoundingClientRect();
                    if (box.right > window_ + 1 && (!widest || box.width > widest.width))
                      widest = {element: child, width: box.width, right: box.right};
                    const width = scrolls(child) ? box.width : Math.max(box.width, child.scrollWidth);
                    if (box.left + width > window_ + 1) innermost = {element: child, width, right: box.left + width};
                    if (!scrolls(child)) walk(child);
                  }
                };
                walk(document.body);
                widest = widest || innermost;
                const say = found => found ? describe(found.element) + ' ' + Math.round(found.width) + 'px wide, right edge at ' +
                  Math.round(found.right) + 'px' : 'none found';
                const chain = [];
                for (let e = innermost && innermost.element; e && e !== document.body; e = e.parentElement) chain.unshift(describe(e));
                done({width: root.scrollWidth, window: window_, widest: say(widest), innermost: say(innermost),
                  chain: chain.join(' > ')});
              }, 50)));
            })()"""
        for label, width, height, mobile in (("phone", 390, 844, True), ("desktop", 1280, 900, False)):
            self.page.view(width, height, False, mobile)
            too_wide = []
            for name in self.reflow_pages():
                self.page.open(self.url(name))
                found = self.page.evaluate(probe)
                if found["width"] > found["window"] or found["window"] > width:
                    too_wide.append((name, found))
            self.result(
                not too_wide,
                f"at {label} width {width}, no page is wider than the window "
                f"({len(too_wide)} of {len(self.reflow_pages())} are)")
            for name, found in too_wide[:10]:
                print(f"        {name} is {found['width']}px wide in a {found['window']}px window")
                if "widest" in found:
                    print(f"          widest box outside a scrolling box: {found['widest']}")
                    print(f"          innermost box that sticks out: {found['innermost']}")
                    print(f"          ({found['chain']})")

    # ---- End of the issue 11 checks ----

    def take_screenshots(self):
        os.makedirs(self.screenshots, exist_ok=True)
        chapter = self.chapters[min(1, len(self.chapters) - 1)]
        for dark in (False, True):
            for label, width, height, mobile in (("desktop", 1280, 900, False), ("phone", 390, 844, True)):
                self.page.view(width, height, dark, mobile)
                self.page.open(self.url(chapter))
                theme = "dark" if dark else "light"
                self.page.screenshot(os.path.join(self.screenshots, f"chapter-{theme}-{label}.png"))
                scrolled = self.page.evaluate(
                    "(() => { document.querySelectorAll('details.tests').forEach(d => d.open = true);"
                    " const f = document.querySelector('figure.changed') || document.querySelector('figure.listing .listing-file');"
                    " if (!f) return false; f.scrollIntoView(); window.scrollBy(0, -60); return true; })()")
                if scrolled:
                    self.page.evaluate("new Promise(done => setTimeout(done, 50))")
                    self.page.screenshot(os.path.join(self.screenshots, f"listing-{theme}-{label}.png"))
        self.result(True, f"screenshots of {chapter} written to {self.screenshots}")


def main():
    site = os.path.abspath(sys.argv[1])
    screenshots = os.path.abspath(sys.argv[2])
    binary = sys.argv[3] if len(sys.argv) > 3 else shutil.which("chromium") or shutil.which("chromium-browser")
    profile = tempfile.mkdtemp(prefix="browser-check-")
    process, port = start_chromium(binary, profile)
    try:
        checker = Checker(site, screenshots, Page(port))
        checker.check_pages_load()
        checker.check_search()
        checker.check_code_page()
        checker.check_dark_mode()
        checker.check_print_edition()
        checker.check_unique_ids()
        checker.check_diagram_text()
        checker.check_arrow_keys()
        checker.check_skip_link_and_focus()
        checker.check_listings_fit()
        checker.check_page_fits_window()
        checker.take_screenshots()
    finally:
        stop_chromium(process, profile)
    print(f"browser-check: {checker.passed} passed, {checker.failed} failed")
    sys.exit(1 if checker.failed else 0)


if __name__ == "__main__":
    main()
