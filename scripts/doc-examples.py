#!/usr/bin/env python3
"""Compiles the documentation's Swift examples: writes every ```swift block of the DocC articles,
README.md and the doc comments of ModelKitCore and ModelKit into generated test sources, so a
broken example fails the build of the tests.

    scripts/doc-examples.py          regenerate (scripts/test.sh runs it before building)
    scripts/doc-examples.py --check    exit 1 if the generated files are stale
    scripts/doc-examples.py --skipped  list every block left out, with its reason

Per article, one file per test target: the article's declarations inside `extension <Name>Article`
(a namespace, so each article may declare its own `Book`), its statements in
`static func run() throws`, each block nested in the previous one's scope (a later block may use
an earlier block's values, or shadow them). What an article uses but does not declare (`bytes`,
`Order`, `fileURL`) comes from hand-written `extension <Name>Article` files (ArticleContexts*.swift, one per folder).

Rules, so the articles stay plain:
- a block whose first line is `.package(` or `// Package.swift` is a manifest fragment: not
  compiled (a test cannot import PackageDescription), but every product and trait it names must be
  one Package.swift declares;
- a line whose comment is `// before` shows the code an example replaces: left out;
- `print(x)   // text` checks that `x` prints as `text` (ArticleOutput.check);
- a block with `@Model` needs the macro: it goes to Tests/ModelKitTests;
- a block for a server framework or OpenAPI (Hummingbird's `RequestContext`/`router`, Vapor's
  `ContentConfiguration`, OpenAPIKit's `OpenAPI.`) goes to the Examples package's tests
  (Examples/Tests/ExamplesTests/ArticleExamples), where ModelKit's Hummingbird, Vapor and OpenAPI
  traits are on; its `run()` is `async`. Such a block cannot use `@Model` (no macro there);
- a block that serves until the process ends (`app.run()`, `runService()`, `execute()`) is
  compiled inside a local function `serveForever()` that `run()` never calls;
- `<!-- example: member of T -->` before a block: the block is a member declaration of `T`;
- `<!-- example: skip: REASON -->` before a block leaves it out; the reason is required.
"""
import os, re, sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# The modules whose doc comments are compiled too: each source file with a ```swift block in its
# `///` comments is an article of its own, named after the file (`ModelDecoder.swift` is
# `ModelDecoderDocArticle`), with its context in DocCommentContexts.swift.
DOC_COMMENT_MODULES = ["Sources/ModelKitCore", "Sources/ModelKit"]


def doc_comment_text(path):
    """The `///` lines of a Swift source without their slashes; every other line blank."""
    out = []
    for line in open(os.path.join(ROOT, path)).read().split("\n"):
        s = line.strip()
        if s.startswith("///"):
            rest = s[3:]
            out.append(rest[1:] if rest.startswith(" ") else rest)
        else:
            out.append("")
    return "\n".join(out)


def doc_comment_sources():
    found = []
    for module in DOC_COMMENT_MODULES:
        for directory, _, files in sorted(os.walk(os.path.join(ROOT, module))):
            for f in sorted(files):
                if f.endswith(".swift"):
                    path = os.path.relpath(os.path.join(directory, f), ROOT)
                    if "```swift" in doc_comment_text(path):
                        found.append((path, re.sub(r"\W", "", os.path.splitext(f)[0]) + "Doc"))
    return found


def source_text(path):
    return doc_comment_text(path) if path.endswith(".swift") else open(os.path.join(ROOT, path)).read()


ARTICLES = [("README.md", "Readme")] + [
    (os.path.join(d, f), os.path.splitext(f)[0])
    for d in ["Sources/ModelKitCore/ModelKitCore.docc", "Sources/ModelKit/ModelKit.docc"]
    for f in sorted(os.listdir(os.path.join(ROOT, d))) if f.endswith(".md")
] + doc_comment_sources()
TARGETS = {
    "core": "Tests/ModelKitCoreTests/ArticleExamples",
    "macro": "Tests/ModelKitTests/ArticleExamples",
    "examples": "Examples/Tests/ExamplesTests/ArticleExamples",
}
MODULES = {"core": "ModelKitCore", "macro": "ModelKit", "examples": "ModelKitCore"}
SERVER = re.compile(r"\bRequestContext\b|\brouter\.|\bContentConfiguration\b|\bOpenAPI\.|^import (Hummingbird|Vapor|ModelKitHummingbird|ModelKitVapor|ModelKitOpenAPI|OpenAPIKit)\b", re.M)
# What a server block uses, and the modules that give it (the generated file imports only these,
# so Hummingbird's and Vapor's same-named types never meet where they are not needed).
FRAMEWORKS = [
    (re.compile(r"\bRequestContext\b|\brouter\.|\bRouter\b|\bHTTPError\b|runService\("), ["Hummingbird", "ModelKitHummingbird"]),
    (re.compile(r"\bContentConfiguration\b|\bAbort\b|\bapp\.(get|post|put|on)\(|\breq\."), ["Vapor", "ModelKitVapor"]),
    (re.compile(r"\bOpenAPI\.|\bopenAPI"), ["ModelKitOpenAPI", "OpenAPIKit"]),
]
FOREVER = re.compile(r"\bapp\.run\(\)|\brunService\(|\.execute\(\)")
DECL = re.compile(r"^(@\w+(\([^)]*\))?\s+)*((private|fileprivate|public|internal|final|indirect)\s+)*(struct|class|enum|protocol|extension|func|typealias|actor)\b")
PRIVATE_GLOBAL = re.compile(r"^(private|fileprivate)\s+(let|var)\s")
LOCAL = re.compile(r"^(?:let|var)\s+([A-Za-z_]\w*)")
PRINT = re.compile(r"^(\s*)print\((.*)\)\s*//\s*(.+?)\s*$")


def blocks(text):
    """(marker, code) for every ```swift block; marker is the `example:` comment just before it."""
    lines, out, i = text.split("\n"), [], 0
    while i < len(lines):
        if lines[i].strip() == "```swift":
            marker = None
            j = i - 1
            while j >= 0 and lines[j].strip() == "":
                j -= 1
            m = re.match(r"<!--\s*example:\s*(.*?)\s*-->", lines[j].strip()) if j >= 0 else None
            if m:
                marker = m.group(1)
            k = i + 1
            while lines[k].strip() != "```":
                k += 1
            out.append((marker, lines[i + 1:k]))
            i = k
        i += 1
    return out


def manifest(code):
    first = next((l.strip() for l in code if l.strip()), "")
    return first.startswith(".package(") or first.startswith("// Package.swift")


def skip_reason(marker, code):
    """Why a block is left out, or None when it is compiled."""
    if marker and marker.split(":")[0].strip() == "skip":
        reason = marker[len("skip"):].lstrip(" :—-").strip()
        if not reason:
            raise SystemExit("scripts/doc-examples.py: `<!-- example: skip -->` needs a reason: `<!-- example: skip: REASON -->`")
        return reason
    if manifest(code):
        return "a Package.swift fragment (its products and traits are checked against Package.swift)"
    return None


def kind(marker, code):
    if skip_reason(marker, code):
        return None
    text = "\n".join(code)
    if SERVER.search(text) or FOREVER.search(text) or any(p.search(text) for p, _ in FRAMEWORKS):
        if "@Model" in text:
            raise SystemExit("scripts/doc-examples.py: a server or OpenAPI block cannot use @Model (the Examples package has no macro):\n" + text)
        return "examples"
    return "macro" if "@Model" in text else "core"


def check_manifest(path, code):
    """Every product and trait a manifest fragment names is one Package.swift declares."""
    package = open(os.path.join(ROOT, "Package.swift")).read()
    products = set(re.findall(r'\.library\(name:\s*"(\w+)"', package))
    traits = set(re.findall(r'\.trait\(name:\s*"(\w+)"', package))
    text = "\n".join(code)
    wrong = [p for p in re.findall(r'\.product\(name:\s*"(\w+)",\s*package:\s*"ModelKit"', text) if p not in products]
    for names in re.findall(r'\.package\(url:[^\n]*ModelKit"[^\n]*traits:\s*\[([^\]]*)\]', text):
        wrong += [t for t in re.findall(r'"(\w+)"', names) if t not in traits]
    if wrong:
        raise SystemExit("scripts/doc-examples.py: %s names what Package.swift does not declare: %s" % (path, ", ".join(wrong)))


def items(code):
    """Split a block into top-level items: a new item starts at a non-indented line that is not a
    closing bracket or a continuation."""
    result = []
    for line in code:
        starts = line and not line[0].isspace() and not line.startswith(("}", ")", "]", "."))
        attribute_only = result and all(re.match(r"^@\w+(\(.*\))?\s*$", l) for l in result[-1])
        if (starts and not attribute_only) or not result:
            result.append([line])
        else:
            result[-1].append(line)
    return result


def generate(path, name):
    text = source_text(path)
    per_target = {}
    for marker, code in blocks(text):
        target = kind(marker, code)
        if manifest(code):
            check_manifest(path, code)
        if target is None:
            continue
        code = [l for l in code if not re.search(r"//\s*before\s*$", l)]
        entry = per_target.setdefault(target, {"imports": set(), "decls": [], "files": [], "stmts": []})
        if target == "examples":
            for pattern, modules in FRAMEWORKS:
                if pattern.search("\n".join(code)):
                    entry["imports"] |= {"import " + m for m in modules}
        if marker and marker.startswith("member of "):
            entry["files"].append(["extension %sArticle.%s {" % (name, marker[len("member of "):])] + ["    " + l if l else l for l in code] + ["}"])
            continue
        statements = []
        for item in items(code):
            head = item[0]
            k = 0
            while k + 1 < len(item) and re.match(r"^@\w+(\(.*\))?\s*$", item[k]):
                k += 1
            signature = " ".join(l.strip() for l in item[:k + 1])
            if head.startswith("import "):
                entry["imports"].add(head.strip())
            elif head.startswith("extension "):
                entry["files"].append([re.sub(r"^extension (\w+)", r"extension %sArticle.\1" % name, head)] + item[1:])
            elif PRIVATE_GLOBAL.match(head):
                entry["decls"].append([PRIVATE_GLOBAL.sub(lambda m: "%s static %s " % (m.group(1), m.group(2)), head)] + item[1:])
            elif DECL.match(signature):
                entry["decls"].append(item)
            elif head.strip() or statements:
                statements.append(item)
        if statements:
            entry["stmts"].append((statements, bool(FOREVER.search("\n".join(code)))))
    outputs = {}
    for target, entry in per_target.items():
        module = MODULES[target]
        what = "doc comments" if path.endswith(".swift") else "article"
        out = ["// Generated by scripts/doc-examples.py from %s: edit the %s, then run the script." % (path, what),
               "// The Swift blocks of its %s, compiled (and run by ArticleExampleTests where the context allows)." % what]
        out += sorted(entry["imports"] | {"import Foundation", "import " + module})
        out += ["", "enum %sArticle {}" % name, "", "extension %sArticle {" % name]
        for decl in entry["decls"]:
            while decl and not decl[-1].strip():
                decl = decl[:-1]
            out += ["    " + l if l.strip() else "" for l in decl] + [""]
        checks = sum(1 for s, _ in entry["stmts"] for item in s for l in item if PRINT.match(l))
        out.append("    /// The outputs the article documents (`print(x)   // text`), each checked when `run()` runs.")
        out.append("    static let documentedOutputs = %d" % checks)
        out.append("")
        awaits = target == "examples" or any("await " in l for s, _ in entry["stmts"] for item in s for l in item)
        out.append("    static func run() async throws {" if awaits else "    static func run() throws {")
        depth = 2
        for statements, forever in entry["stmts"]:
            out.append("    " * depth + "do {")
            depth += 1
            if forever:
                # Compiled, never called: it would serve until the process ends.
                out.append("    " * depth + "func serveForever() async throws {")
                depth += 1
            names = []
            for item in statements:
                for line in item:
                    m = PRINT.match(line)
                    if m:
                        line = '%sArticleOutput.check(%s, prints: #"%s"#)' % (m.group(1), m.group(2), m.group(3))
                    out.append("    " * depth + line if line.strip() else "")
                m = LOCAL.match(item[0])
                if m:
                    names.append(m.group(1))
            for n in names:
                out.append("    " * depth + "_ = %s" % n)
            if forever:
                depth -= 1
                out.append("    " * depth + "}")
                out.append("    " * depth + "_ = serveForever")
        while depth > 2:
            depth -= 1
            out.append("    " * depth + "}")
        out += ["    }", "}"]
        for extension in entry["files"]:
            out += [""] + extension
        out.append("")
        outputs[os.path.join(TARGETS[target], name + "Examples.swift")] = "\n".join(out)
    return outputs


def main():
    check = "--check" in sys.argv
    if "--skipped" in sys.argv:
        for path, _ in ARTICLES:
            text = source_text(path)
            for marker, code in blocks(text):
                reason = skip_reason(marker, code)
                if reason:
                    first = next((l.strip() for l in code if l.strip()), "")
                    print("%s: %s — %s" % (path, first, reason))
        return
    wanted = {}
    for path, name in ARTICLES:
        wanted.update(generate(path, name))
    stale = []
    for target in TARGETS.values():
        directory = os.path.join(ROOT, target)
        os.makedirs(directory, exist_ok=True)
        for f in os.listdir(directory):
            full = os.path.join(target, f)
            if f.endswith("Examples.swift") and full not in wanted:
                stale.append(full)
                if not check:
                    os.remove(os.path.join(ROOT, full))
    for rel, content in sorted(wanted.items()):
        full = os.path.join(ROOT, rel)
        current = open(full).read() if os.path.exists(full) else None
        if current != content:
            stale.append(rel)
            if not check:
                open(full, "w").write(content)
    if check and stale:
        print("scripts/doc-examples.py: stale, run it: " + ", ".join(stale), file=sys.stderr)
        sys.exit(1)


main()
