#!/usr/bin/python3
# Lines of implementation per class in model/ (or the folders given): every member function
# defined out of line in a .cc file, in ns-3's style (the name at the start of its line,
# "Class::Method(", the body closed by a "}" in column 0), summed per class, whatever file
# it is in. A class spread over several files counts once, in full.
#
#   /usr/bin/python3 scripts/class-sizes.py [--over N] [folder...]
#
# Prints "lines class files" by size, largest first; with --over N only the classes above N
# lines, and exits 1 if there is one.
import os
import re
import sys

DEFINITION = re.compile(r"^(?:~?)([A-Z][A-Za-z0-9_]*)(?:<[^>]*>)?::~?[A-Za-z_][A-Za-z0-9_]*\s*\(")


def sizes(folders):
    per_class = {}
    files = {}
    for folder in folders:
        for root, _, names in os.walk(folder):
            for name in names:
                if not name.endswith(".cc"):
                    continue
                path = os.path.join(root, name)
                with open(path, encoding="utf-8") as f:
                    lines = f.read().split("\n")
                i = 0
                while i < len(lines):
                    m = DEFINITION.match(lines[i])
                    if not m:
                        i += 1
                        continue
                    cls = m.group(1)
                    start = i
                    # the return type sits on the line before, in ns-3's style
                    if start > 0 and lines[start - 1].strip() and not lines[start - 1].startswith(("}", "/", " ", "#")):
                        start -= 1
                    j = i
                    while j < len(lines) and lines[j] != "}":
                        j += 1
                    per_class[cls] = per_class.get(cls, 0) + (j - start + 1)
                    files.setdefault(cls, set()).add(path)
                    i = j + 1
    return per_class, files


def main():
    args = sys.argv[1:]
    over = None
    if args[:1] == ["--over"]:
        over = int(args[1])
        args = args[2:]
    folders = args or ["model"]
    per_class, files = sizes(folders)
    found = False
    for cls, n in sorted(per_class.items(), key=lambda kv: -kv[1]):
        if over is not None and n <= over:
            continue
        found = True
        print(f"{n:6d} {cls} ({len(files[cls])} file{'s' if len(files[cls]) > 1 else ''})")
    if over is not None and found:
        sys.exit(1)


if __name__ == "__main__":
    main()
