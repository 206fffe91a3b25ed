#!/usr/bin/env python3
"""Issue 35: no English left in any Spanish output, and no word specs/glossary.es.md forbids.

Writes every Spanish output afresh with the built hoyito: the rule book (`rulebook --lang es` as
Markdown, HTML and PDF, the PDF read back by pdftotext), the annotated examples (`examples`: their
es/ pages, Markdown, HTML and SVG) and `annotate --lang es` of every docs/examples record as HTML.
Then, in the text a reader sees (HTML tags dropped; alt, aria-label and title kept; code spans
dropped, since option values and commands stay as typed):

- no run of two or more English words: a word is English when the English word list
  (/usr/share/dict/american-english, Debian package wamerican) has it and nothing in the Spanish
  list (/usr/share/dict/spanish, package wspanish) or a Spanish ending explains it; this is a
  dictionary test, not a list of the phrases once found ("Sources: decision G6", "Sur pass");
- none of the words the glossary's "no usar" column forbids (outside code).

Usage: spanish_outputs.py HOYITO SOURCE_DIR [--self-test]
"""
import html
import pathlib
import re
import subprocess
import sys
import tempfile

ENGLISH_LIST = "/usr/share/dict/american-english"
SPANISH_LIST = "/usr/share/dict/spanish"
SPANISH_LETTERS = set("áéíóúñüÁÉÍÓÚÑÜ¿¡")
# Spanish endings a word list of lemmas lacks: "jugadas" -> "jugada", "termina" -> "terminar".
SPANISH_ENDINGS = [("s", ""), ("es", ""), ("a", "ar"), ("an", "ar"), ("e", "er"), ("en", "er"), ("e", "ir"),
                   ("en", "ir"), ("o", "ar"), ("ado", "ar"), ("ada", "ar"), ("ados", "ar"), ("adas", "ar"),
                   ("ido", "er"), ("ido", "ir"), ("ida", "er"), ("ida", "ir"), ("as", "ar"), ("es", "er")]
WORD = re.compile(r"[A-Za-zÀ-ÿ]+")


def load(path):
    with open(path, encoding="utf-8") as f:
        return {line.strip().lower() for line in f if line.strip()}


class Lexicon:
    def __init__(self):
        self.english, self.spanish = load(ENGLISH_LIST), load(SPANISH_LIST)

    def spanish_like(self, w):
        if w in self.spanish or SPANISH_LETTERS & set(w):
            return True
        return any(w.endswith(end) and w[: len(w) - len(end)] + lemma in self.spanish
                   for end, lemma in SPANISH_ENDINGS)

    def is_english(self, token):
        """token: a word as written. Abbreviations and names (II, BG, RN, a hole letter) are no
        English words: all capitals, or one letter."""
        if len(token) < 2 or token.isupper():
            return False
        w = token.lower()
        return w in self.english and not self.spanish_like(w)


def visible_text(raw):
    """The text a reader sees of a Markdown, HTML or SVG file, code spans replaced by a break."""
    t = re.sub(r"<(script|style)\b[^>]*>.*?</\1>", " | ", raw, flags=re.S)
    attrs = re.findall(r'\b(?:alt|aria-label|title)="([^"]*)"', t)
    t = re.sub(r"<(code|pre)\b[^>]*>.*?</\1>", " | ", t, flags=re.S)
    t = re.sub(r"```.*?```", " | ", t, flags=re.S)
    t = re.sub(r"`[^`\n]*`", " | ", t)
    t = re.sub(r"\]\([^)]*\)", "] | ", t)  # Markdown link targets: file names and anchors
    t = re.sub(r"\b[a-z]+_[a-z_]+ = [a-z_0-9]+", " | ", t)  # an option setting, as typed: endless_sowing = void
    t = re.sub(r"<[^>]+>", " | ", t)
    t = html.unescape(t + "\n" + "\n".join(attrs))
    return re.sub(r"`[^`\n]*`", " | ", t)  # code spans inside alt texts


def code_texts(raw_html):
    """The words of each piece of code of an HTML page (commands, option values, program output)."""
    spans = re.findall(r"<(?:code|pre)\b[^>]*>(.*?)</(?:code|pre)>", raw_html, flags=re.S)
    return [" ".join(WORD.findall(html.unescape(re.sub(r"<[^>]+>", " ", s)))) for s in spans]


def english_runs(text, lexicon):
    """Every run of 2+ consecutive English words within one sentence piece."""
    runs = []
    for piece in re.split(r"[\n|.,;:!?()\[\]{}«»\"“”*=/]+", text):
        run = []
        for token in piece.split():
            m = WORD.fullmatch(token.strip("'’-_"))
            if m and lexicon.is_english(m.group(0)):
                run.append(m.group(0))
                continue
            if len(run) >= 2:
                runs.append(" ".join(run))
            run = []
        if len(run) >= 2:
            runs.append(" ".join(run))
    return runs


def forbidden_words(source_dir):
    """The words of the glossary's "no usar" column, each in backticks."""
    words = set()
    for line in (source_dir / "specs/glossary.es.md").read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if line.startswith("|") and len(cells) >= 3:
            words |= {w.lower() for w in re.findall(r"`([^`]+)`", cells[2])}
    if not words:
        sys.exit("spanish_outputs: specs/glossary.es.md has no forbidden words (its third column)")
    return words


def context(text, words):
    at = max(0, text.find(words))
    return " ".join(text[max(0, at - 60):at + len(words) + 60].split())


def forbidden_in(text, forbidden):
    """Names (endless-void.md, skip_origin) and rule IDs (SOW-1, Q-MATCH) are no words."""
    found = set()
    for piece in re.split(r"[\n|.,;:!?()\[\]{}«»\"“”*=/]+", text):
        for token in piece.split():
            m = WORD.fullmatch(token)
            if m and not token.isupper() and token.lower() in forbidden:
                found.add(token)
    return sorted(found)


def write_outputs(hoyito, source_dir, out):
    run = lambda *args: subprocess.run([hoyito, *args], check=True, stdout=subprocess.DEVNULL)
    for fmt in ("md", "html", "pdf"):
        run("rulebook", "--lang", "es", "--format", fmt, "--out", str(out / "rulebook"))
    subprocess.run(["pdftotext", "-layout", str(out / "rulebook/rulebook.pdf"), str(out / "rulebook/rulebook-pdf.txt")],
                   check=True)
    run("examples", "--out", str(out / "examples"))
    for record in sorted((source_dir / "docs/examples").glob("*.json")):
        run("annotate", str(record), "--lang", "es", "--format", "html", "--depth", "0", "--out", str(out / "annotate"))
    files = [p for p in out.rglob("*") if p.suffix in (".md", ".html", ".svg", ".txt")]
    return [p for p in files if "/examples/" not in str(p) or "/examples/es/" in str(p)]


def self_test(lexicon, forbidden):
    """The checks catch what they are for, and pass Spanish."""
    assert english_runs("Fuentes: decision G6; the seeds say nothing of it", lexicon), "English gloss"
    assert english_runs("la partida termina sin terminar (the game stops)", lexicon)
    assert not english_runs("Sur levanta 4 semillas del hoyo «a» y las siembra en sentido antihorario", lexicon)
    assert not english_runs("Hoyito II 2x6: las casas de cuatro de BG y RN se capturan", lexicon)
    assert forbidden_in("Tanda 2; la vuelta 3", forbidden), "a forbidden word"
    assert not english_runs(visible_text("<p>véase <code>skip origin true</code></p>"), lexicon), "code is skipped"


def main():
    hoyito, source_dir = sys.argv[1], pathlib.Path(sys.argv[2])
    lexicon, forbidden = Lexicon(), forbidden_words(source_dir)
    self_test(lexicon, forbidden)
    if "--self-test" in sys.argv:
        return 0
    problems = []
    with tempfile.TemporaryDirectory() as tmp:
        files = write_outputs(hoyito, source_dir, pathlib.Path(tmp))
        # The PDF's text has lost the code marks: a run there is code when the HTML book has it as code.
        code = code_texts((pathlib.Path(tmp) / "rulebook/rulebook.html").read_text(encoding="utf-8"))
        for path in sorted(files):
            raw = path.read_text(encoding="utf-8")
            text = raw if path.suffix == ".txt" else visible_text(raw)
            name = path.relative_to(tmp)
            runs = sorted(set(english_runs(text, lexicon)))
            if path.suffix == ".txt":
                runs = [r for r in runs if not any(f" {r} " in f" {c} " for c in code)]
            problems += [f"{name}: English words «{r}» in «{context(text, r)}»" for r in runs]
            if path.suffix != ".txt":  # the PDF's text has lost the code marks
                problems += [f"{name}: glossary forbids «{w}» in «{context(text, w)}»" for w in forbidden_in(text, forbidden)]
    for p in problems:
        print(p)
    print(f"spanish_outputs: {len(files)} Spanish files read, {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
