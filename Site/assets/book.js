(function () {
  "use strict";

  // The way back to the site's root folder, from this script's own relative address ("" on the root's
  // pages, "../../" on a code page two folders down): search results link to pages from there.
  var siteRoot = ((document.currentScript && document.currentScript.getAttribute("src")) || "")
    .replace(/assets\/book\.js$/, "");

  function pageLink(rel) {
    var link = document.querySelector('link[rel="' + rel + '"]');
    return link ? link.getAttribute("href") : null;
  }

  function isTyping(target) {
    if (!target) return false;
    var tag = target.tagName;
    return tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT" || target.isContentEditable;
  }

  document.addEventListener("keydown", function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey || isTyping(event.target)) return;
    var href = null;
    if (event.key === "ArrowLeft") href = pageLink("prev");
    if (event.key === "ArrowRight") href = pageLink("next");
    if (event.key === "/") {
      var box = document.getElementById("search");
      if (box) { event.preventDefault(); box.focus(); }
      return;
    }
    if (href) { event.preventDefault(); window.location.href = href; }
  });

  function terms(query) {
    return query.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(function (term) { return term.length > 0; });
  }

  function search(index, query) {
    var wanted = terms(query);
    if (wanted.length === 0) return [];
    var results = [];
    index.sections.forEach(function (section, order) {
      var words = " " + section[4] + " ";
      var title = section[2].toLowerCase();
      var score = 0;
      for (var i = 0; i < wanted.length; i++) {
        var term = wanted[i];
        var whole = words.indexOf(" " + term + " ") >= 0;
        if (!whole && words.indexOf(" " + term) < 0) return;
        score += (whole ? 2 : 1) + (title.indexOf(term) >= 0 ? 4 : 0);
      }
      results.push({ section: section, score: score, order: order });
    });
    results.sort(function (a, b) { return b.score - a.score || a.order - b.order; });
    return results.slice(0, 25);
  }

  function element(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text) node.textContent = text;
    return node;
  }

  function showResults(list, index, query) {
    list.textContent = "";
    if (query.trim() === "") { list.hidden = true; return; }
    var results = search(index, query);
    list.hidden = false;
    if (results.length === 0) {
      list.appendChild(element("li", "empty", "No section mentions \u201c" + query.trim() + "\u201d."));
      return;
    }
    results.forEach(function (result) {
      var section = result.section;
      var page = index.pages[section[0]];
      var item = element("li", "result");
      var link = element("a", null, section[2]);
      link.href = siteRoot + page[0] + (section[1] ? "#" + section[1] : "");
      item.appendChild(link);
      item.appendChild(element("span", "where", page[1]));
      if (section[3]) item.appendChild(element("span", "excerpt", section[3]));
      list.appendChild(item);
    });
  }

  function setUpSearch() {
    var index = window.BOOK_SEARCH;
    var box = document.getElementById("search");
    var list = document.getElementById("search-results");
    if (!index || !box || !list) return;
    box.closest(".search").hidden = false;
    box.addEventListener("input", function () { showResults(list, index, box.value); });
    box.addEventListener("keydown", function (event) {
      if (event.key === "Escape") { box.value = ""; showResults(list, index, ""); box.blur(); }
      if (event.key === "Enter") {
        var first = list.querySelector("a");
        if (first) window.location.href = first.getAttribute("href");
      }
    });
    if (box.value) showResults(list, index, box.value);
  }

  // At phone width the sidebar is a menu (a checkbox); following one of its links closes it.
  document.addEventListener("click", function (event) {
    var toggle = document.getElementById("menu-toggle");
    if (toggle && toggle.checked && event.target.closest && event.target.closest(".sidebar a")) {
      toggle.checked = false;
    }
  });

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", setUpSearch);
  } else {
    setUpSearch();
  }
})();

// ---- Legible diagrams (issue 11): a separate block, kept together. ----
// A diagram's box scrolls sideways when the column is narrower than the diagram at a legible size.
// Such a box is marked (CSS shows a hint) and stays a tab stop, so that the keyboard can scroll it;
// a box that fits leaves the tab order.
(function () {
  "use strict";

  function markOverflow() {
    document.querySelectorAll(".diagram-scroll").forEach(function (box) {
      var overflowing = box.scrollWidth > box.clientWidth + 1;
      if (overflowing) {
        box.setAttribute("data-overflowing", "");
        box.setAttribute("tabindex", "0");
      } else {
        box.removeAttribute("data-overflowing");
        box.removeAttribute("tabindex");
      }
    });
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", markOverflow);
  } else {
    markOverflow();
  }
  window.addEventListener("resize", markOverflow);
  window.addEventListener("beforeprint", markOverflow);
})();
// ---- End of the diagrams block. ----
// ---- Listings and tables that scroll (issue 19): a separate block, kept together. ----
// At a 1280 px window every listing fits its column; a narrower window scrolls listings, and wide tables,
// sideways. Each box that overflows becomes a named tab stop (a region named after its caption), so that
// the keyboard can scroll it; one that fits stays out of the tab order.
(function () {
  "use strict";

  function nameOf(box) {
    if (box.classList.contains("table-wrap")) {
      var caption = box.querySelector("caption");
      return "Table" + (caption ? ": " + caption.textContent.trim() : "") + " (scrolls sideways)";
    }
    var figure = box.closest("figure");
    var figcaption = figure && figure.querySelector("figcaption");
    var text = figcaption ? figcaption.textContent.replace(/\s+/g, " ").trim() : "";
    return "Code" + (text ? ": " + text : "") + " (scrolls sideways)";
  }

  function markOverflow() {
    document.querySelectorAll("pre, .table-wrap").forEach(function (box) {
      if (box.scrollWidth > box.clientWidth + 1) {
        box.setAttribute("data-overflowing", "");
        box.setAttribute("tabindex", "0");
        box.setAttribute("role", "region");
        box.setAttribute("aria-label", nameOf(box));
      } else if (box.hasAttribute("data-overflowing")) {
        ["data-overflowing", "tabindex", "role", "aria-label"].forEach(function (name) {
          box.removeAttribute(name);
        });
      }
    });
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", markOverflow);
  } else {
    markOverflow();
  }
  window.addEventListener("resize", markOverflow);
  document.addEventListener("toggle", markOverflow, true);  // a folded test opened
})();

// The symbol index's filter: shows the entries whose name holds what is typed, hides the modules left
// empty, and says how many remain (the count is a status, read out by screen readers).
(function () {
  "use strict";

  var box = document.getElementById("symbol-filter");
  if (!box) return;
  var count = document.getElementById("symbol-count");
  var entries = Array.prototype.slice.call(document.querySelectorAll("#symbol-list li[data-name]"));
  var modules = Array.prototype.slice.call(document.querySelectorAll("#symbol-list .symbol-module"));
  box.closest(".symbol-filter").hidden = false;

  function apply() {
    var query = box.value.trim().toLowerCase();
    var shown = 0;
    entries.forEach(function (entry) {
      var match = query === "" || entry.getAttribute("data-name").indexOf(query) !== -1;
      entry.hidden = !match;
      if (match) shown += 1;
    });
    modules.forEach(function (module) {
      module.hidden = !module.querySelector("li[data-name]:not([hidden])");
    });
    count.textContent = shown === 1 ? "1 symbol" : shown + " symbols";
  }

  box.addEventListener("input", apply);
  if (box.value) apply();
})();
