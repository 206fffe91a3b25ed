#!/usr/bin/python3
"""The HTML page of `hoyito annotate`, in a real browser (Debian chromium + chromium-driver,
driven by python3-selenium, headless).

    annotate_page_test.py HOYITO WORKDIR

Writes a seeded random game, annotates it as HTML, opens the page and checks, against the record:
the counts shown at the start, after the arrow keys, Home and End, the buttons, the slider and an
address ending in #ply=K; that the address follows the ply shown; that the animation changes the
counts and ends on the board before the move; and that a screenshot is not blank. The screenshot
is kept as WORKDIR/annotate-page.png.

Accessibility (issue 23): the slider's aria-valuetext names the ply ("Ply 7 of 30"), the ply label
is a polite live region, the page has a <main> landmark and a labelled <nav>, a focused control
has a visible outline, and Home and End move the plies only while the player has the focus.
Printing (issue 23): the page printed to PDF by Chromium (DevTools Page.printToPDF, through
Selenium's print_page) holds every annotated ply's heading, two plies a page or more (issue 35's compact print), and no
controls; the text is read with pdftotext (poppler-utils, scripts/setup.sh). The PDF is kept as
WORKDIR/annotate-page.pdf.
Small screens (issue 23): a 2x12 page on a 420 px wide viewport (DevTools' device metrics) shows
a hole count at 10 px or more (its font size times the diagram's scale on the screen; it was about
5 px when the diagram shrank to the screen), the diagram scrolling sideways in its own box and
not the page.
The evaluation chart (issue 23, "for authors"): role=img with a summary; every row of its table
gives the captured difference (South minus North) the record has after that ply; a click on the
chart at a ply and a link of its table show that ply; it prints with its table; on the 420 px
viewport its text is 10 px or more and it scrolls in its own box. axe-core below runs with it.
Automated WCAG 2.1 A/AA checks: axe-core (no Debian package; pinned from the npm registry, version
AXE_VERSION, installed once under WORKDIR/axe; or the file $HOYITO_AXE_CORE) run on the page: no
violation. Without npm or network the axe-core check is skipped with a line saying so.
Exit 0 on success, 1 on a failed check.
"""
import base64
import json
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import time
import zlib

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

FAILURES = []
AXE_VERSION = "4.14.1"
AXE_RULES = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]


def check(condition, what):
    if not condition:
        FAILURES.append(what)
        print("FAIL:", what)


def browser(profile):
    options = webdriver.ChromeOptions()
    options.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
    for flag in ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--window-size=1100,1300", "--user-data-dir=" + profile):
        options.add_argument(flag)
    service = Service(shutil.which("chromedriver") or "/usr/bin/chromedriver")
    return webdriver.Chrome(service=service, options=options)


SHOWN = """
var shown = Array.prototype.filter.call(document.querySelectorAll('section.ply'),
                                        function (s) { return s.offsetParent !== null; });
if (shown.length !== 1) return [shown.length, -1, []];
var counts = Array.prototype.map.call(
    shown[0].querySelectorAll('g.panel[data-state="' + arguments[0] + '"] text.count'),
    function (t) { return [+t.getAttribute('data-hole'), +t.textContent]; });
return [1, +shown[0].getAttribute('data-ply'), counts];
"""


def shown_counts(driver, state="after"):
    """The counts the shown ply's board displays (`after` the ply, or `before` it), hole by hole,
    read from the page's rendered text, and the ply shown."""
    visible, ply, counts = driver.execute_script(SHOWN, state)
    check(visible == 1, f"exactly one ply shown, got {visible}")
    return [count for _, count in sorted(counts)], ply


def board_after(record, ply):
    return record["start"]["board"] if ply == 0 else record["plies"][ply - 1]["after"]["board"]


def expect_ply(driver, record, ply, how):
    counts, shown = shown_counts(driver)
    check(shown == ply, f"{how}: ply {ply} shown, got {shown}")
    check(counts == board_after(record, ply), f"{how}: counts {counts}, record {board_after(record, ply)}")
    check(driver.execute_script("return location.hash") == f"#ply={ply}", f"{how}: address #ply={ply}")


def png_is_blank(png):
    """True when the image is one colour or nearly (no PIL needed: PNG rows inflated with zlib)."""
    if png[:8] != b"\x89PNG\r\n\x1a\n":
        return True
    at, data = 8, b""
    width = height = 0
    while at < len(png):
        length, kind = struct.unpack(">I4s", png[at:at + 8])
        body = png[at + 8:at + 8 + length]
        if kind == b"IHDR":
            width, height = struct.unpack(">II", body[:8])
        elif kind == b"IDAT":
            data += body
        at += 12 + length
    raw = zlib.decompress(data)
    distinct = len(set(raw[i:i + 3] for i in range(0, len(raw) - 3, 97)))
    return width == 0 or height == 0 or distinct < 20


def check_accessibility(driver, ply, plies):
    """What axe-core cannot judge: the slider speaks the ply, the label is live, the landmarks, the focus."""
    slider = driver.find_element(By.ID, "ply-slider")
    check(slider.get_attribute("aria-valuetext") == f"Ply {ply} of {plies}",
          f"slider aria-valuetext 'Ply {ply} of {plies}', got {slider.get_attribute('aria-valuetext')!r}")
    label = driver.find_element(By.ID, "ply-label")
    check(label.get_attribute("aria-live") == "polite", "the ply label is an aria-live=polite region")
    check(label.text.startswith(f"Ply {ply}:"), f"the ply label names ply {ply}, got {label.text!r}")
    check(len(driver.find_elements(By.TAG_NAME, "main")) == 1, "one <main> landmark")
    navs = driver.find_elements(By.TAG_NAME, "nav")
    check(len(navs) == 1 and (navs[0].get_attribute("aria-label") or "").strip() != "", "one <nav> with an aria-label")
    for control in ("next", "ply-slider"):
        style = driver.execute_script(
            "var e = document.getElementById(arguments[0]); e.focus();"
            "var s = getComputedStyle(e); return [s.outlineStyle, s.outlineWidth];", control)
        check(style[0] not in ("none", "") and style[1] not in ("0px", ""),
              f"{control} shows a visible focus outline, got {style}")
    driver.execute_script("document.activeElement.blur()")


CHART_CLICK = """
var svg = document.querySelector('section.chart svg'), box = svg.getBoundingClientRect();
var units = svg.viewBox.baseVal.width / box.width;
var x = (+svg.getAttribute('data-x0') + arguments[0] * +svg.getAttribute('data-width') / +svg.getAttribute('data-plies'));
svg.dispatchEvent(new MouseEvent('click', {clientX: box.left + x / units, clientY: box.top + box.height / 3,
                                          bubbles: true}));
"""


def check_chart(driver, page, record):
    """The evaluation chart: an image with a summary, its table's captured differences those of the
    record (South minus North after each ply), a click on a point and a link of the table show the ply."""
    plies = len(record["plies"])
    driver.get("about:blank")
    driver.get(page)
    svg = driver.find_element(By.CSS_SELECTOR, "section.chart .chart-box svg")
    check(svg.get_attribute("role") == "img" and "plies" in (svg.get_attribute("aria-label") or ""),
          f"the chart is role=img with a summary, got {svg.get_attribute('aria-label')!r}")
    rows = driver.execute_script(
        "return Array.prototype.map.call(document.querySelectorAll('section.chart tbody tr'), function (r) {"
        " return [r.cells[0].textContent, r.cells[1].textContent]; })")
    check(len(rows) >= min(plies, 20), f"the chart's table has a row per ply drawn, got {len(rows)}")
    for ply, difference in rows:
        captured = (record["start"] if int(ply) == 0 else record["plies"][int(ply) - 1]["after"])["captured"]
        check(int(difference) == captured[0] - captured[1],
              f"chart, ply {ply}: difference {difference}, record {captured[0] - captured[1]}")
    target = min(9, plies)
    driver.execute_script(CHART_CLICK, target)
    expect_ply(driver, record, target, "a click on the chart")
    driver.execute_script("document.querySelector('section.chart details').open = true")
    driver.find_element(By.CSS_SELECTOR, f'section.chart a[href="#ply={min(4, plies)}"]').click()
    expect_ply(driver, record, min(4, plies), "a ply of the chart's table")
    print(f"chart: {len(rows)} rows as the record says, a click and a link show their ply")


def check_print(driver, workdir, plies):
    """Chromium's print to PDF holds every ply's heading, two plies a page or more, no controls."""
    pdftotext = shutil.which("pdftotext")
    if not pdftotext:
        check(False, "pdftotext is missing: install poppler-utils (scripts/setup.sh)")
        return
    headings = driver.execute_script(
        "return Array.prototype.map.call(document.querySelectorAll('section.ply h2'), function (h) {"
        " return h.textContent; })")
    check(len(headings) == plies, f"{plies} ply headings on the page, got {len(headings)}")
    pdf = os.path.join(workdir, "annotate-page.pdf")
    # DevTools' printToPDF, not WebDriver's print: the latter gives up after 10 s of rendering,
    # which a 140-page print can take on a loaded machine.
    printed = driver.execute_cdp_cmd("Page.printToPDF", {"printBackground": True, "preferCSSPageSize": True})
    with open(pdf, "wb") as f:
        f.write(base64.b64decode(printed["data"]))
    text = subprocess.run([pdftotext, "-layout", pdf, "-"], check=True, capture_output=True, text=True).stdout
    pages = text.count("\f") + (0 if text.endswith("\f") else 1)
    flat = re.sub(r"\s+", " ", text)
    missing = [h for h in headings if h not in flat]
    check(not missing, f"every ply heading printed; missing {missing[:5]} ({len(missing)} of {len(headings)})")
    check(2 * pages <= plies + 1, f"a compact print, two plies a page or more: {pages} pages for {plies} plies")
    for control in ("Animate the seeds", "Previous"):
        check(control not in flat, f"no control printed ({control!r} found)")
    check("Evaluation over the game" in flat and "The chart's numbers" in flat, "the chart and its table printed")
    print(f"printed: {pdf}, {pages} pages")


def axe_script(workdir):
    """axe.min.js: $HOYITO_AXE_CORE, or axe-core AXE_VERSION from npm under WORKDIR/axe; None offline."""
    if os.environ.get("HOYITO_AXE_CORE"):
        return os.environ["HOYITO_AXE_CORE"]
    prefix = os.path.join(workdir, "axe")
    script = os.path.join(prefix, "node_modules", "axe-core", "axe.min.js")
    if not os.path.exists(os.path.join(prefix, "node_modules", "axe-core", f"VERSION-{AXE_VERSION}")):
        npm = shutil.which("npm")
        if not npm:
            return None
        try:
            subprocess.run([npm, "install", "--no-save", "--no-audit", "--no-fund", "--prefix", prefix,
                            f"axe-core@{AXE_VERSION}"], check=True, capture_output=True, timeout=180)
        except (subprocess.SubprocessError, OSError):
            return None
        with open(os.path.join(prefix, "node_modules", "axe-core", f"VERSION-{AXE_VERSION}"), "w"):
            pass
    return script if os.path.exists(script) else None


def check_axe(driver, workdir):
    script = axe_script(workdir)
    if not script:
        print(f"SKIP axe-core: npm or the network is missing (axe-core@{AXE_VERSION} from the npm registry);"
              " set HOYITO_AXE_CORE to an axe.min.js to run it")
        return
    with open(script) as f:
        driver.execute_script(f.read())
    driver.set_script_timeout(120)
    result = driver.execute_async_script(
        "var done = arguments[arguments.length - 1];"
        "axe.run(document, {runOnly: {type: 'tag', values: arguments[0]}}).then(function (r) {"
        " done({passes: r.passes.length, violations: r.violations.map(function (v) {"
        "  return v.id + ' (' + v.impact + ', ' + v.nodes.length + ' nodes): ' + v.help; })}); })"
        ".catch(function (e) { done({passes: 0, violations: ['axe-core failed: ' + e]}); });", AXE_RULES)
    check(not result["violations"], f"axe-core WCAG 2.1 AA: no violation, got {result['violations']}")
    check(result["passes"] > 10, f"axe-core ran its rules ({result['passes']} passed)")
    print(f"axe-core {AXE_VERSION}: {result['passes']} rules passed, {len(result['violations'])} violations")


NARROW = """
var section = document.querySelector('section.ply:not([hidden])');
var count = section.querySelector('text.count'), box = count.closest('.board');
var m = count.getScreenCTM();
return [parseFloat(count.getAttribute('font-size')) * Math.hypot(m.a, m.b), !!box && box.scrollWidth > box.clientWidth,
        document.documentElement.scrollWidth <= document.documentElement.clientWidth + 1,
        document.documentElement.clientWidth];
"""


def check_narrow(driver, hoyito, workdir):
    """A 2x12 diagram on a 420 px viewport: counts of 10 px or more, scrolling in its own box."""
    records = os.path.join(workdir, "game12.jsonl")
    subprocess.run([hoyito, "random", "--variant", "hoyito2", "--holes", "12", "--seed", "11", "--games", "1",
                    "--out", records], check=True, stdout=subprocess.DEVNULL)
    subprocess.run([hoyito, "annotate", records, "--format", "html", "--plies", "1..3", "--depth", "0", "--out",
                    workdir], check=True, stdout=subprocess.DEVNULL)
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": 420, "height": 900, "deviceScaleFactor": 1, "mobile": True})
    try:
        driver.get("about:blank")
        driver.get("file://" + os.path.abspath(os.path.join(workdir, "game12.html")) + "#ply=2")
        size, box_scrolls, page_fits, width = driver.execute_script(NARROW)
        chart_size, chart_scrolls = driver.execute_script(
            "var t = document.querySelector('section.chart svg text'), m = t.getScreenCTM();"
            "var box = t.closest('.chart-box');"
            "return [12 * Math.hypot(m.a, m.b), box.scrollWidth > box.clientWidth];")
        check(chart_size >= 9.9 and chart_scrolls, f"the chart's text {chart_size:.1f} px (10 or more), scrolling in its"
              f" own box ({chart_scrolls})")
        check(width <= 420, f"the viewport is 420 px wide, got {width}")
        check(size >= 10, f"a 2x12 hole count is 10 px or more on a 420 px screen, got {size:.1f} px")
        check(box_scrolls and page_fits, f"the diagram scrolls in its own box (box scrolls {box_scrolls}, page fits"
              f" {page_fits})")
        # Issue 35: a ply scrolled into view has its heading below the sticky player bar, and the
        # notation of the game starts closed (a long game's moves filled the first screen).
        heading_top, bar_bottom, notation_open = driver.execute_script(
            "var s = document.querySelector('section.ply:not([hidden])'); s.scrollIntoView();"
            "return [s.querySelector('h2').getBoundingClientRect().top,"
            " document.getElementById('player').getBoundingClientRect().bottom,"
            " document.getElementById('notation').closest('details').open];")
        check(heading_top >= bar_bottom, f"the ply heading ({heading_top:.0f} px) below the sticky bar ({bar_bottom:.0f} px)")
        check(not notation_open, "the notation starts closed")
        print(f"420 px viewport: a 2x12 hole count is {size:.1f} px; heading at {heading_top:.0f} px, bar to"
              f" {bar_bottom:.0f} px")
    finally:
        driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def main():
    hoyito, workdir = sys.argv[1], sys.argv[2]
    os.makedirs(workdir, exist_ok=True)
    records = os.path.join(workdir, "game.jsonl")
    subprocess.run([hoyito, "random", "--variant", "hoyito2", "--seed", "11", "--games", "1", "--out", records], check=True)
    subprocess.run([hoyito, "annotate", records, "--format", "html", "--depth", "2", "--out", workdir], check=True,
                   stdout=subprocess.DEVNULL)
    with open(records) as f:
        record = json.loads(f.readline())
    plies = len(record["plies"])
    page = "file://" + os.path.abspath(os.path.join(workdir, "game.html"))
    profile = tempfile.mkdtemp(prefix="hoyito-chromium-")
    driver = browser(profile)
    try:
        driver.get(page)
        expect_ply(driver, record, 0, "opened")
        body = driver.find_element(By.TAG_NAME, "body")
        for _ in range(3):
            body.send_keys(Keys.ARROW_RIGHT)
        expect_ply(driver, record, 3, "three right arrows")
        body.send_keys(Keys.ARROW_LEFT)
        expect_ply(driver, record, 2, "left arrow")
        body.send_keys(Keys.END)  # the player has no focus: End is the page's (scrolling), not the player's
        expect_ply(driver, record, 2, "End outside the player")
        next_button = driver.find_element(By.ID, "next")
        next_button.send_keys(Keys.END)
        expect_ply(driver, record, plies, "End in the player")
        next_button.send_keys(Keys.ARROW_RIGHT)
        expect_ply(driver, record, plies, "right arrow at the last ply")
        next_button.send_keys(Keys.HOME)
        expect_ply(driver, record, 0, "Home in the player")
        driver.find_element(By.ID, "next").click()
        expect_ply(driver, record, 1, "Next button")
        driver.find_element(By.ID, "last").click()
        expect_ply(driver, record, plies, "Last button")
        driver.find_element(By.ID, "previous").click()
        expect_ply(driver, record, plies - 1, "Previous button")
        driver.find_element(By.ID, "first").click()
        expect_ply(driver, record, 0, "First button")
        target = min(7, plies)
        driver.execute_script("var s = document.getElementById('ply-slider'); s.value = arguments[0];"
                              "s.dispatchEvent(new Event('input'));", target)
        expect_ply(driver, record, target, "slider")
        check_accessibility(driver, target, plies)
        check_axe(driver, workdir)
        jump = min(12, plies)
        driver.get("about:blank")
        driver.get(f"{page}#ply={jump}")
        expect_ply(driver, record, jump, f"address #ply={jump}")

        # The animation of a move with at least two laps: the counts of the board before it change.
        long_move = next((k + 1 for k, p in enumerate(record["plies"])
                          if sum(e["event"] == "lap" for e in p["events"]) >= 2), None)
        check(long_move is not None, "the game has a move with a relay")
        if long_move:
            driver.get("about:blank")
            driver.get(f"{page}#ply={long_move}")
            before, _ = shown_counts(driver, "before")
            check(before == board_after(record, long_move - 1), "the board before the move")
            driver.find_element(By.ID, "animate").click()
            seen = set()
            for _ in range(20):
                time.sleep(0.1)
                seen.add(tuple(shown_counts(driver, "before")[0]))
            check(len(seen) > 1, f"the animation changes the counts ({len(seen)} boards seen)")
            frames = driver.execute_script(
                "return JSON.parse(document.querySelectorAll('section.ply')[arguments[0]]"
                ".querySelector('script.frames').textContent).length", long_move)
            time.sleep(0.3 + 0.15 * frames)  # the page steps a frame every 150 ms
            check(shown_counts(driver, "before")[0] == before, "the animation ends on the board before the move")

        driver.get("about:blank")
        driver.get(f"{page}#ply={min(5, plies)}")
        png = driver.get_screenshot_as_png()
        shot = os.path.join(workdir, "annotate-page.png")
        with open(shot, "wb") as f:
            f.write(png)
        check(not png_is_blank(png), "the screenshot is not blank")
        print("screenshot:", shot)
        check_chart(driver, page, record)
        check_print(driver, workdir, plies)
        check_narrow(driver, hoyito, workdir)
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)
    if FAILURES:
        print(f"{len(FAILURES)} check(s) failed")
        return 1
    print(f"browser checks passed on a game of {plies} plies")
    return 0


if __name__ == "__main__":
    sys.exit(main())
