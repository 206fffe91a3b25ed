#!/usr/bin/python3
"""The diagrams of the annotated pages and the rule book, read back from their SVG (issue 23).

    diagram_check.py labels   HOYITO SOURCE_DIR WORKDIR
    diagram_check.py contrast HOYITO SOURCE_DIR WORKDIR

The SVGs read: every committed one (docs/examples, docs/examples/es, docs/rulebook; the 37-lap
relay of docs/examples/long-relay-svg/ply-11.svg among them) and those `hoyito annotate
--format svg` writes now for every scenario of specs/scenarios.

labels: every lap number (text.lap-number) has a box, estimated from its x, y, font size, anchor
and length (a digit at most 0.7 em wide, from 0.8 em above the baseline to 0.25 em below), that
overlaps no other lap number, no hole letter (text.name, estimated alike), no arrowhead (the
end of every path or polyline with a marker-end, the marker's size around it in every
direction) and no relay ring (circle.relay, its stroke included). Every lap drawn (polyline.lap)
has its number written on the board or in the lap list (text.lap-entry; past 120 laps the
list's "..." names the laps it leaves to the account). Fails on a lap number
under an arrowhead, on another number or on a ring, or a lap whose number is nowhere (main at
a636844: the 37-lap relay's labels 35 and 36 under arrowheads, laps 4..34 unnumbered).

contrast: every text colour 4.5:1 or more against the fill it is drawn on (the last filled
rect or circle drawn before it under its centre; white if none), WCAG 2.1 1.4.3; every graphic
colour (strokes; fills of marks: paths, circles smaller than a hole) 3:1 or more against every
surface of its diagram (the background, the board, the holes), WCAG 2.1 1.4.11, opacity
blended in. The style sheets of the committed HTML pages likewise: `color` 4.5:1 against
white, border and outline colours 3:1. Fails on a colour below its ratio (main at a636844: lap
colours of 1.6:1 to 3.8:1, the orange "lifted" key 2.5:1 as text).
Exit 0 when every check passes, 1 otherwise; the figures are printed.
"""
import glob
import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET

SVG = "{http://www.w3.org/2000/svg}"
NAMED = {"white": "#ffffff", "black": "#000000", "red": "#ff0000"}


def svg_files(hoyito, source, workdir):
    files = sorted(glob.glob(os.path.join(source, "docs", "examples", "**", "*.svg"), recursive=True))
    files += sorted(glob.glob(os.path.join(source, "docs", "rulebook", "**", "*.svg"), recursive=True))
    if hoyito == "-":  # the committed diagrams alone
        return files
    out = os.path.join(workdir, "scenarios")
    os.makedirs(out, exist_ok=True)
    for scenario in sorted(glob.glob(os.path.join(source, "specs", "scenarios", "*.json"))):
        run = subprocess.run([hoyito, "annotate", scenario, "--format", "svg", "--depth", "0", "--out", out],
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        if run.returncode != 0 and "a match scenario" not in run.stderr:  # a match has no moves to draw
            raise SystemExit(f"annotate {scenario} failed: {run.stderr}")
    return files + sorted(glob.glob(os.path.join(out, "*.svg")))


def elements(node, inherited=None):
    """Every element in document order with its inherited presentation attributes."""
    inherited = dict(inherited or {})
    for key in ("fill", "stroke", "stroke-width", "font-size", "opacity", "fill-opacity", "stroke-opacity",
                "text-anchor", "font-weight"):
        if key in node.attrib:
            if key == "opacity" and "opacity" in inherited:
                inherited[key] = str(float(inherited[key]) * float(node.attrib[key]))
            else:
                inherited[key] = node.attrib[key]
    yield node, inherited
    for child in node:
        yield from elements(child, inherited)


def tag(node):
    return node.tag.replace(SVG, "")


def classes(node):
    return (node.get("class") or "").split()


def text_box(node, attrs):
    size = float(attrs.get("font-size", "16"))
    text = "".join(node.itertext())
    width = 0.7 * size * len(text)
    x, y = float(node.get("x")), float(node.get("y"))
    anchor = attrs.get("text-anchor", "start")
    left = x - width / 2 if anchor == "middle" else x - width if anchor == "end" else x
    return (left, y - 0.8 * size, left + width, y + 0.25 * size)


def last_point(node):
    if tag(node) == "polyline":
        x, y = node.get("points").split()[-1].split(",")
        return float(x), float(y)
    numbers = re.findall(r"-?\d+(?:\.\d+)?", node.get("d"))
    return float(numbers[-2]), float(numbers[-1])


def overlaps(a, b):
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def marker_sizes(root):
    sizes = {}
    for node in root.iter(SVG + "marker"):
        size = max(float(node.get("markerWidth", "3")), float(node.get("markerHeight", "3")))
        sizes[node.get("id")] = (size, node.get("markerUnits", "strokeWidth") == "strokeWidth")
    return sizes


def check_labels(path):
    """(labels checked, list of problems) of one SVG."""
    root = ET.parse(path).getroot()
    markers = marker_sizes(root)
    labels, obstacles, drawn, written = [], [], set(), set()
    for node, attrs in elements(root):
        kind, cls = tag(node), classes(node)
        if kind == "text" and "lap-number" in cls:
            labels.append(("lap number " + "".join(node.itertext()), text_box(node, attrs)))
            written.add(node.get("data-lap") or "".join(node.itertext()))
        elif kind == "text" and "lap-entry" in cls:
            written.add(node.get("data-lap"))
        elif kind == "text" and "lap-gap" in cls:  # laps left out of a list past 120: the account has them
            written.update(str(k) for k in range(int(node.get("data-first")), int(node.get("data-last")) + 1))
        elif kind == "text" and "name" in cls:
            obstacles.append(("hole letter " + "".join(node.itertext()), text_box(node, attrs)))
        elif kind == "circle" and "relay" in cls:
            r = float(node.get("r")) + float(attrs.get("stroke-width", "1")) / 2
            cx, cy = float(node.get("cx")), float(node.get("cy"))
            obstacles.append((f"relay ring of lap {node.get('data-lap')}", (cx - r, cy - r, cx + r, cy + r)))
        if kind == "polyline" and "lap" in cls:
            drawn.add(node.get("data-lap"))
        marker = re.match(r"url\(#(.*)\)", node.get("marker-end") or "")
        if marker and marker.group(1) in markers:
            size, scaled = markers[marker.group(1)]
            if scaled:
                size *= float(attrs.get("stroke-width", "1"))
            x, y = last_point(node)
            obstacles.append((f"arrowhead at {x:g},{y:g}", (x - size, y - size, x + size, y + size)))
    problems = []
    for i, (name, box) in enumerate(labels):
        for other, other_box in labels[i + 1:] + obstacles:
            if overlaps(box, other_box):
                problems.append(f"{name} overlaps {other}")
    for lap in sorted(drawn - written, key=lambda v: int(v or 0)):
        problems.append(f"lap {lap} is drawn but its number is written nowhere")
    return len(labels), problems


def colour(value):
    value = NAMED.get((value or "").strip().lower(), (value or "").strip().lower())
    if re.fullmatch(r"#[0-9a-f]{3}", value):
        value = "#" + "".join(c * 2 for c in value[1:])
    return value if re.fullmatch(r"#[0-9a-f]{6}", value) else None


def rgb(value):
    return [int(value[i:i + 2], 16) / 255 for i in (1, 3, 5)]


def luminance(value):
    channels = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb(value)]
    return 0.2126 * channels[0] + 0.7152 * channels[1] + 0.0722 * channels[2]


def ratio(a, b):
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def blend(value, alpha, under):
    mixed = [alpha * a + (1 - alpha) * b for a, b in zip(rgb(value), rgb(under))]
    return "#" + "".join(f"{round(c * 255):02x}" for c in mixed)


def alpha_of(attrs, which):
    return float(attrs.get("opacity", "1")) * float(attrs.get(which + "-opacity", "1"))


def contains(shape, x, y):
    kind, node = shape
    if kind == "rect":
        if node.get("width") == "100%":
            return True
        x0, y0 = float(node.get("x", "0")), float(node.get("y", "0"))
        return x0 <= x <= x0 + float(node.get("width")) and y0 <= y <= y0 + float(node.get("height"))
    cx, cy, r = float(node.get("cx")), float(node.get("cy")), float(node.get("r"))
    return (x - cx) ** 2 + (y - cy) ** 2 <= r * r


def check_contrast(path, worst):
    """Problems of one SVG; `worst` keeps the lowest text and graphic ratios seen."""
    root = ET.parse(path).getroot()
    filled, surfaces, marks, texts, last_text = [], set(), [], [], None
    for node, attrs in elements(root):
        kind = tag(node)
        fill, stroke = colour(attrs.get("fill")), colour(attrs.get("stroke"))
        if kind in ("rect", "circle") and fill and alpha_of(attrs, "fill") == 1:
            filled.append(((kind, node), fill))
            if kind == "rect" or "hole" in classes(node):
                surfaces.add(fill)
        if kind == "text":
            last_text = node
        if kind in ("text", "tspan"):  # a tspan is placed as its text
            texts.append((last_text, attrs, fill or "#000000", filled[:], "".join(node.itertext())))
            continue
        if stroke and kind in ("rect", "circle", "path", "polyline", "line"):
            marks.append((f"{kind} stroke {stroke}", stroke, alpha_of(attrs, "stroke")))
        small = kind == "circle" and float(node.get("r")) < 20
        if fill and (kind == "path" or small):
            marks.append((f"{kind} fill {fill}", fill, alpha_of(attrs, "fill")))
    problems = []
    for name, value, alpha in marks:
        for surface in surfaces:
            shown = blend(value, alpha, surface) if alpha < 1 else value
            r = ratio(shown, surface)
            worst["graphic"] = min(worst["graphic"], (r, f"{name} on {surface}"))
            if r < 3:
                problems.append(f"{name} (opacity {alpha:g}) on {surface}: {r:.2f}:1 < 3:1")
    for node, attrs, fill, under, words in texts:
        box = text_box(node, attrs)
        x, y = (box[0] + box[2]) / 2, box[1] + 0.6 * (box[3] - box[1])
        background = next((c for shape, c in reversed(under) if contains(shape, x, y)), "#ffffff")
        alpha = alpha_of(attrs, "fill")
        r = ratio(blend(fill, alpha, background) if alpha < 1 else fill, background)
        what = f"text {words[:20]!r} {fill} on {background}"
        worst["text"] = min(worst["text"], (r, what))
        if r < 4.5:
            problems.append(f"{what}: {r:.2f}:1 < 4.5:1")
    return problems


def check_css(source, worst):
    problems = []
    pages = glob.glob(os.path.join(source, "docs", "examples", "**", "*.html"), recursive=True)
    pages += glob.glob(os.path.join(source, "docs", "rulebook", "**", "*.html"), recursive=True)
    for page in sorted(pages):
        with open(page, encoding="utf-8") as f:
            styles = re.findall(r"<style>(.*?)</style>", f.read(), re.S)
        for prop, value in re.findall(r"([a-z-]+)\s*:\s*([^;}]*)", " ".join(styles)):
            for found in re.findall(r"#[0-9a-fA-F]{6}\b|#[0-9a-fA-F]{3}\b", value):
                if prop.startswith("background"):
                    continue
                need = 4.5 if prop == "color" else 3
                r = ratio(colour(found), "#ffffff")
                key = "css text" if need == 4.5 else "css graphic"
                worst[key] = min(worst[key], (r, f"{prop}: {found}"))
                if r < need:
                    problems.append(f"{os.path.relpath(page, source)}: {prop}: {found} {r:.2f}:1 < {need}:1")
    return sorted(set(problems))


def main():
    mode, hoyito, source, workdir = sys.argv[1:5]
    os.makedirs(workdir, exist_ok=True)
    files = svg_files(hoyito, source, workdir)
    problems = []
    if mode == "labels":
        labels = 0
        for path in files:
            count, found = check_labels(path)
            labels += count
            problems += [f"{os.path.relpath(path, source)}: {p}" for p in found]
        print(f"{len(files)} diagrams, {labels} lap numbers, {len(problems)} overlapping or missing")
    else:
        worst = {k: (99.0, "") for k in ("text", "graphic", "css text", "css graphic")}
        for path in files:
            problems += [f"{os.path.relpath(path, source)}: {p}" for p in check_contrast(path, worst)]
        problems += check_css(source, worst)
        for key, (r, what) in worst.items():
            print(f"lowest {key} contrast: {r:.2f}:1 ({what})")
        print(f"{len(files)} diagrams and the pages' style sheets, {len(problems)} colours below their ratio")
    distinct = sorted(set(p.split(": ", 1)[1] for p in problems))
    for p in problems[:40]:
        print("FAIL:", p)
    if problems:
        print(f"{len(problems)} problems, {len(distinct)} distinct")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
