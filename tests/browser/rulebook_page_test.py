#!/usr/bin/python3
"""The committed rule book (docs/rulebook/en and es, rulebook.html) on a 420 px wide screen, in a
real browser (Debian chromium + chromium-driver, driven by python3-selenium, headless).

    rulebook_page_test.py SOURCE_DIR WORKDIR

For each language: the page opened at 420 px (DevTools' device metrics) does not scroll sideways
(the root's scrollWidth is its clientWidth, and no element outside a diagram's or table's box
reaches past the right edge); a diagram or table wider than the screen scrolls in its own box
(.board, .wide), as on the annotate pages; and axe-core (WCAG 2.1 A/AA, as in annotate_page_test.py, installed under
WORKDIR/axe) finds no violation. The check can fail: a copy of the English page with one 600 px
wide paragraph must be found to overflow.

Then every committed page (issue 35, item 6): docs/rulebook/*/rulebook.html and every
docs/examples/*.html and docs/examples/es/*.html, at the normal width: no empty focusable group
(an element with tabindex or role="group" and no content, as the "Diagram" boxes of the rules
without a board were; a copy with one must be found) and axe-core finds no violation. Exit 0 on
success, 1 on a failed check.
"""
import glob
import os
import shutil
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import annotate_page_test as browser_checks  # noqa: E402 (the browser, check and axe-core helpers)

OVERFLOW = """
var root = document.documentElement, right = root.clientWidth + 1, wide = [];
document.querySelectorAll('body *').forEach(function (e) {
  if (e.closest('.board, .wide')) return;  // a diagram's or table's box scrolls; what is inside may be wider
  var r = e.getBoundingClientRect();
  if (r.width > 0 && r.right > right)
    wide.push(e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') + ' to ' + Math.round(r.right) + ' px');
});
var boxes = document.querySelectorAll('.board, .wide'), scrolling = 0;
boxes.forEach(function (b) {
  if (b.scrollWidth > b.clientWidth + 1) {
    scrolling++;
    if (getComputedStyle(b).overflowX !== 'auto' && getComputedStyle(b).overflowX !== 'scroll')
      wide.push('a diagram or table wider than its box that does not scroll');
  }
});
return [root.scrollWidth, root.clientWidth, wide.slice(0, 5), wide.length, boxes.length, scrolling];
"""


def overflow(driver, url):
    """The page at `url` on a 420 px screen: (fits, what overflows, diagrams, diagrams scrolling)."""
    driver.get("about:blank")
    driver.get(url)
    scroll_width, width, wide, count, boxes, scrolling = driver.execute_script(OVERFLOW)
    browser_checks.check(width <= 420, f"{url}: the viewport is 420 px wide, got {width}")
    fits = scroll_width <= width + 1 and count == 0
    return fits, f"page {scroll_width} px wide for a {width} px screen; {count} element(s) past the edge: {wide}", \
        boxes, scrolling


EMPTY_GROUPS = """
var empty = [];
document.querySelectorAll('[tabindex], [role="group"]').forEach(function (e) {
  if (e.children.length === 0 && e.textContent.trim() === '')
    empty.push(e.tagName.toLowerCase() + '[' + (e.getAttribute('aria-label') || '') + ']');
});
return empty;
"""


def committed_pages(source):
    """Every HTML page committed under docs/: the rule books and the examples, English and Spanish."""
    pages = sorted(glob.glob(os.path.join(source, "docs", "rulebook", "*", "*.html")))
    for folder in ("examples", os.path.join("examples", "es")):
        pages += sorted(glob.glob(os.path.join(source, "docs", folder, "*.html")))
    return pages


def check_committed_pages(driver, source, workdir):
    """No empty focusable group and no axe-core violation on any committed page."""
    pages = committed_pages(source)
    browser_checks.check(len(pages) > 40, f"the committed pages are found ({len(pages)})")
    for page in pages:
        driver.get("about:blank")
        driver.get("file://" + os.path.abspath(page))
        empty = driver.execute_script(EMPTY_GROUPS)
        name = os.path.relpath(page, source)
        browser_checks.check(not empty, f"{name}: no empty focusable group, got {empty}")
        print(f"{name}: ", end="")
        browser_checks.check_axe(driver, workdir)
    copy = os.path.abspath(os.path.join(workdir, "empty-group.html"))
    with open(copy, "w", encoding="utf-8") as f:
        f.write('<!DOCTYPE html><html lang="en"><title>t</title><main><div class="board" tabindex="0" '
                'role="group" aria-label="Diagram">\n</div></main></html>')
    driver.get("file://" + copy)
    browser_checks.check(driver.execute_script(EMPTY_GROUPS) == ["div[Diagram]"], "an empty group is found")


def wide_copy(page, workdir):
    """The English book with one 600 px paragraph: a page that overflows a 420 px screen."""
    with open(page, encoding="utf-8") as f:
        html = f.read()
    path = os.path.abspath(os.path.join(workdir, "rulebook-too-wide.html"))
    with open(path, "w", encoding="utf-8") as f:
        f.write(html.replace("<main>", "<main>\n<p style=\"width:600px\">A paragraph wider than the screen.</p>", 1))
    return path


def main():
    source, workdir = sys.argv[1], sys.argv[2]
    os.makedirs(workdir, exist_ok=True)
    profile = tempfile.mkdtemp(prefix="hoyito-chromium-")
    driver = browser_checks.browser(profile)
    check = browser_checks.check
    try:
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                               {"width": 420, "height": 900, "deviceScaleFactor": 1, "mobile": True})
        for lang in ("en", "es"):
            page = os.path.join(source, "docs", "rulebook", lang, "rulebook.html")
            fits, what, boxes, scrolling = overflow(driver, "file://" + os.path.abspath(page))
            check(fits, f"rulebook/{lang} at 420 px: no sideways scrolling of the page ({what})")
            check(boxes > 40, f"rulebook/{lang}: its diagrams are there ({boxes})")
            check(scrolling > 0, f"rulebook/{lang}: a 2x12 diagram or a table scrolls in its own box ({scrolling} do)")
            print(f"rulebook/{lang} at 420 px: {what}; {scrolling} of {boxes} diagrams and tables scroll in their box")
            browser_checks.check_axe(driver, workdir)
        fits, what, _, _ = overflow(driver, "file://" + wide_copy(os.path.join(source, "docs", "rulebook", "en",
                                                                              "rulebook.html"), workdir))
        check(not fits, f"a page with a 600 px paragraph is found to overflow a 420 px screen ({what})")
        print(f"the check fails on a page that overflows: {what}")
        driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
        check_committed_pages(driver, source, workdir)
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)
    failed = len(browser_checks.FAILURES)
    print(f"{failed} check(s) failed" if failed else
          "the rule book fits a 420 px screen in English and Spanish; no empty focusable group and no axe-core"
          " violation on any committed page")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
