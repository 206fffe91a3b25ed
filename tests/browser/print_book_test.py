#!/usr/bin/python3
"""Issue 35, item 2: the rule book prints like a book (`hoyito rulebook --format pdf`, headless Chromium).

    print_book_test.py HOYITO

For English and Spanish, read back from the PDF with poppler-utils (pdfinfo, pdftotext, pdftohtml):
every page after the first has its number and the page count at its foot ("7 / 40", @page margin
boxes) and the book's title at its head; the PDF has an outline (bookmarks, from the headings:
Chromium's --generate-pdf-document-outline) naming the rule sections; no text box (a table cell, a
diagram's label) crosses the page's right or bottom edge. The checks are shown to fail on a page
without these: a one-page PDF of a wide table printed without the book's style. Prints the page
counts. Exit 0 on success, 1 on a failed check.
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

FAILURES = []
SIDE_MARGIN_MM = 14  # the book's @page margin at the sides (harness/annotate/rulebook.cpp)


def check(ok, what):
    if not ok:
        FAILURES.append(what)
        print("FAIL: " + what)


def pages_of(pdf):
    info = subprocess.run(["pdfinfo", pdf], check=True, capture_output=True, text=True).stdout
    return int(re.search(r"^Pages:\s+(\d+)", info, re.M).group(1))


def layout(pdf):
    """(outline titles, [(page width, page height, [(left, top, width, height, text)])]) from pdftohtml -xml."""
    out = subprocess.run(["pdftohtml", "-xml", "-i", "-stdout", "-q", pdf], check=True, capture_output=True,
                         text=True).stdout
    root = ET.fromstring(out)
    outline = [item.text or "" for item in root.iter("item")]
    pages = []
    for page in root.iter("page"):
        boxes = [(int(t.get("left")), int(t.get("top")), int(t.get("width")), int(t.get("height")),
                  "".join(t.itertext())) for t in page.iter("text")]
        pages.append((int(page.get("width")), int(page.get("height")), boxes))
    return outline, pages


def page_texts(pdf):
    text = subprocess.run(["pdftotext", "-layout", pdf, "-"], check=True, capture_output=True, text=True).stdout
    return text.split("\f")[:-1] if text.endswith("\f") else text.split("\f")


def problems(pdf, title, sections):
    """What keeps `pdf` from printing like a book: one line each."""
    found = []
    count = pages_of(pdf)
    texts = page_texts(pdf)
    for number, text in enumerate(texts[1:], start=2):
        lines = [l.strip() for l in text.strip().splitlines() if l.strip()]
        if not lines or not re.fullmatch(rf"{number} / {count}", lines[-1]):
            found.append(f"page {number}: no '{number} / {count}' at its foot (last line {lines[-1:]})")
        if not lines or title not in lines[0]:
            found.append(f"page {number}: no running head '{title}' (first line {lines[:1]})")
    outline, pages = layout(pdf)
    missing = [s for s in sections if not any(s in item for item in outline)]
    if not outline or missing:
        found.append(f"no outline entry for {missing or sections} (outline: {outline[:5]})")
    info = subprocess.run(["pdfinfo", pdf], check=True, capture_output=True, text=True).stdout
    points = float(re.search(r"^Page size:\s+([\d.]+) x", info, re.M).group(1))
    for number, (width, height, boxes) in enumerate(pages, start=1):
        # Chromium clips what runs past the page's printable area (the 14 mm side margins of the
        # book's @page) at that edge: a text box reaching it was cut.
        edge = width - SIDE_MARGIN_MM / 25.4 * 72 * width / points
        for left, top, w, h, text in boxes:
            if left < 0 or left + w > edge or top + h > height + 1:
                found.append(f"page {number}: '{text[:30]}' crosses the page edge ({left}+{w} px, "
                             f"the printable area ends at {edge:.0f} of {width})")
                break
    return found


def bad_page(workdir):
    """A page without the book's print style: no page numbers, no head, a table wider than the page."""
    page = os.path.join(workdir, "bad.html")
    with open(page, "w", encoding="utf-8") as f:
        f.write("<!DOCTYPE html><html lang='en'><title>t</title><body><p>text</p><table><tr>" +
                "".join(f"<td style='white-space:nowrap'>cell number {i} of a wide table</td>" for i in range(12)) +
                "</tr></table><p style='break-before:page'>more</p></body></html>")
    pdf = os.path.join(workdir, "bad.pdf")
    chromium = shutil.which("chromium") or "/usr/bin/chromium"
    subprocess.run([chromium, "--headless", "--no-sandbox", "--disable-gpu", "--no-pdf-header-footer",
                    "--user-data-dir=" + os.path.join(workdir, "profile"), "--print-to-pdf=" + pdf,
                    "file://" + page], check=True, capture_output=True, timeout=120)
    return pdf


def main():
    hoyito = sys.argv[1]
    if not shutil.which("pdftohtml") or not (shutil.which("chromium") or os.path.exists("/usr/bin/chromium")):
        print("print_book: needs chromium and poppler-utils (scripts/setup.sh installs them)")
        return 1
    books = {"en": ("The rules of Hoyito I, II and III, illustrated", ["Board (BRD)", "Sowing (SOW)", "Index"]),
             "es": ("Las reglas de Hoyito I, II y III, ilustradas", ["Tablero (BRD)", "Siembra (SOW)", "Índice"])}
    with tempfile.TemporaryDirectory() as tmp:
        for lang, (title, sections) in books.items():
            out = os.path.join(tmp, lang)
            subprocess.run([hoyito, "rulebook", "--lang", lang, "--format", "pdf", "--out", out], check=True,
                           stdout=subprocess.DEVNULL)
            pdf = os.path.join(out, "rulebook.pdf")
            found = problems(pdf, title, sections)
            for p in found[:10]:
                check(False, f"rulebook {lang}: {p}")
            print(f"rulebook {lang}: {pages_of(pdf)} pages, {len(found)} problems")
        bad = problems(bad_page(tmp), "t", ["Board (BRD)"])
        check(any("at its foot" in p for p in bad), f"a page without numbers is found ({bad[:3]})")
        check(any("outline" in p for p in bad), "a PDF without an outline is found")
        check(any("crosses the page edge" in p for p in bad), "a table past the page edge is found")
    print(f"{len(FAILURES)} check(s) failed" if FAILURES else "the rule book prints like a book in English and Spanish")
    return 1 if FAILURES else 0


if __name__ == "__main__":
    sys.exit(main())
