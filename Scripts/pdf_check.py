#!/usr/bin/env python3
"""Checks that a PDF of the print edition is whole (Scripts/pdf.sh runs it before keeping the PDF).

The text of the PDF (pdftotext, from poppler-utils) has every chapter's title from print.html, in book
order, each at the top of a page (every chapter starts a page); and the number of pages fits the text: no
fewer than the chapters and the title page, and between MIN and MAX characters of text per page on average
(a print cut short, or pages left almost empty by a broken stylesheet, falls outside). Standard library
only. Usage: pdf_check.py PRINT_HTML PDF, or pdf_check.py --pages PDF to print the page count alone.
"""
import html
import re
import shutil
import subprocess
import sys
import unicodedata

# Average characters of text per page. An A4 page of this book holds about 2,000 to 5,000 (prose, code,
# a diagram, a chapter's last half-empty page); outside this range something is wrong.
MIN_CHARACTERS_PER_PAGE = 1000
MAX_CHARACTERS_PER_PAGE = 8000

def normalized(text):
    """One space between words, ligatures and other compatibility forms spelled out: 'Two\\n  ﬁles' → 'Two files'."""
    return " ".join(unicodedata.normalize("NFKC", text).split())


def chapter_titles(print_html):
    """Each chapter article's first heading, as text, in book order."""
    with open(print_html, encoding="utf-8") as file:
        page = file.read()
    titles = []
    for article in re.split(r'<article class="chapter"', page)[1:]:
        heading = re.search(r"<h1[^>]*>(.*?)</h1>", article.split("</article>")[0], re.S)
        if heading:
            text = re.sub(r'<a class="anchor".*?</a>', "", heading.group(1), flags=re.S)
            titles.append(normalized(html.unescape(re.sub(r"<[^>]+>", "", text))))
    return titles


def page_texts(pdf):
    """The text of each page, from pdftotext (pages end with a form feed)."""
    run = subprocess.run(["pdftotext", "-q", "-enc", "UTF-8", pdf, "-"], capture_output=True)
    if run.returncode != 0:
        raise ValueError(f"pdftotext cannot read {pdf} (exit status {run.returncode})")
    return [normalized(page) for page in run.stdout.decode("utf-8", errors="replace").split("\f")[:-1]]


def page_count(pdf):
    """The number of pages: pdfinfo's when poppler is installed, else the /Count of the page tree's root."""
    if shutil.which("pdfinfo"):
        info = subprocess.run(["pdfinfo", pdf], check=True, capture_output=True, text=True).stdout
        return int(re.search(r"^Pages:\s+(\d+)", info, re.M).group(1))
    with open(pdf, "rb") as file:
        data = file.read()
    counts = [int(match.group(1)) for match in re.finditer(rb"/Type\s*/Pages\b[^>]*?/Count\s+(\d+)", data)]
    counts += [int(match.group(1)) for match in re.finditer(rb"/Count\s+(\d+)[^>]*?/Type\s*/Pages\b", data)]
    return max(counts, default=0)


def problems(print_html, pdf):
    """What is wrong with the PDF, as lines; none when it is whole."""
    titles = chapter_titles(print_html)
    pages = page_texts(pdf)
    found = []
    if not titles:
        found.append(f"{print_html} has no chapter titles")
    next_page = 0
    for title in titles:
        page = next((index for index in range(next_page, len(pages)) if pages[index].startswith(title)), None)
        if page is None:
            anywhere = [index + 1 for index, text in enumerate(pages) if title in text]
            where = f"found only inside pages {anywhere[:5]}" if anywhere else "not found"
            found.append(f"chapter '{title}' does not start a page after page {next_page}: {where}")
        else:
            next_page = page + 1
    characters = sum(len(text) for text in pages)
    per_page = characters / len(pages) if pages else 0
    if len(pages) < len(titles) + 1:
        found.append(f"{len(pages)} pages for {len(titles)} chapters and a title page")
    if not MIN_CHARACTERS_PER_PAGE <= per_page <= MAX_CHARACTERS_PER_PAGE:
        found.append(f"{per_page:.0f} characters per page on average, outside "
                     f"{MIN_CHARACTERS_PER_PAGE} to {MAX_CHARACTERS_PER_PAGE}")
    return found, len(titles), len(pages), per_page


def main():
    if sys.argv[1:2] == ["--pages"] and len(sys.argv) == 3:
        print(page_count(sys.argv[2]))
        return 0
    if len(sys.argv) != 3:
        print(__doc__.strip().splitlines()[-1], file=sys.stderr)
        return 2
    try:
        found, chapters, pages, per_page = problems(sys.argv[1], sys.argv[2])
    except (OSError, ValueError) as error:
        print(f"pdf-check: {error}", file=sys.stderr)
        return 1
    for problem in found:
        print("pdf-check: " + problem, file=sys.stderr)
    if found:
        print("pdf-check: the PDF is not whole; it was not kept", file=sys.stderr)
        return 1
    print(f"pdf-check: all {chapters} chapter titles, each at the top of a page, in order; "
          f"{pages} pages, {per_page:.0f} characters of text per page")
    return 0


if __name__ == "__main__":
    sys.exit(main())
