#!/usr/bin/python3
"""Regenerate san's wscript and examples/wscript from the files on disk.

Waf-era ns-3 trees (ns-3 <= 3.35) need explicit file lists, while CMakeLists.txt globs. This
script writes the lists the same way CMakeLists.txt globs them:

  module.source       model/**/*.cc and helper/**/*.cc
  headers.source      model/**/*.h and helper/**/*.h
  module_test.source  test/*-test-suite.cc and test/protection-fuzz/*.cc (test support)
  examples/wscript    one program per examples/*.cc

Paths with a component that starts with a dot are skipped. The module's ns-3 dependencies are
kept from the current wscript (default: core, network).

Usage: /usr/bin/python3 scripts/update-wscript.py [--check]
  --check   write nothing; exit 1 and name the files that differ if an update is needed.

The test suite san-build-files fails while the wscript lists differ from the files on disk.
"""

import argparse
import ast
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_DEPENDENCIES = ("core", "network", "internet", "point-to-point", "applications")
GENERATED_NOTE = (
    "# The file lists below are generated: after adding or removing files run\n"
    "#   /usr/bin/python3 scripts/update-wscript.py\n"
    "# (the test suite san-build-files fails while they differ from the files on disk).\n"
)


def is_hidden(relative: Path) -> bool:
    return any(part.startswith(".") for part in relative.parts)


def list_files(folder: str, pattern: str, recursive: bool) -> list:
    base = ROOT / folder
    if not base.is_dir():
        return []
    found = base.rglob(pattern) if recursive else base.glob(pattern)
    result = []
    for path in found:
        relative = path.relative_to(ROOT)
        if path.is_file() and not is_hidden(relative):
            result.append(relative.as_posix())
    return sorted(result)


def current_dependencies() -> list:
    wscript = ROOT / "wscript"
    if wscript.is_file():
        match = re.search(
            r"create_ns3_module\(\s*['\"]san['\"]\s*,\s*(\[[^\]]*\])", wscript.read_text()
        )
        if match:
            try:
                deps = ast.literal_eval(match.group(1))
                if isinstance(deps, list) and all(isinstance(d, str) for d in deps):
                    return deps
            except (ValueError, SyntaxError):
                pass
    return list(DEFAULT_DEPENDENCIES)


def python_list(items: list, indent: str) -> str:
    lines = ["["]
    lines += [f"{indent}    '{item}'," for item in items]
    lines.append(f"{indent}    ]")
    return "\n".join(lines)


def module_wscript(deps: list) -> str:
    sources = list_files("model", "*.cc", True) + list_files("helper", "*.cc", True)
    headers = list_files("model", "*.h", True) + list_files("helper", "*.h", True)
    tests = list_files("test", "*-test-suite.cc", False) + list_files(
        "test/protection-fuzz", "*.cc", False
    )
    indent = "    "
    return (
        "# -*- Mode: python; py-indent-offset: 4; indent-tabs-mode: nil; coding: utf-8; -*-\n"
        "# san for waf-era ns-3 trees (ns-3 <= 3.35): copy this folder to src/san or contrib/san.\n"
        "# CMake-era trees and the standalone build use CMakeLists.txt instead.\n"
        + GENERATED_NOTE
        + "\n\n"
        "def build(bld):\n"
        f"    module = bld.create_ns3_module('san', {deps!r})\n"
        f"    module.source = {python_list(sources, indent)}\n"
        "\n"
        "    module_test = bld.create_ns3_module_test_library('san')\n"
        f"    module_test.source = {python_list(tests, indent)}\n"
        "\n"
        "    headers = bld(features='ns3header')\n"
        "    headers.module = 'san'\n"
        f"    headers.source = {python_list(headers, indent)}\n"
        "\n"
        "    if bld.env.ENABLE_EXAMPLES:\n"
        "        bld.recurse('examples')\n"
    )


def examples_wscript(deps: list) -> str:
    programs = [Path(p).name for p in list_files("examples", "*.cc", False)]
    text = (
        "# -*- Mode: python; py-indent-offset: 4; indent-tabs-mode: nil; coding: utf-8; -*-\n"
        "# san's example programs for waf-era ns-3 trees: one program per examples/<name>.cc.\n"
        + GENERATED_NOTE
        + "\n\n"
        "def build(bld):\n"
    )
    if not programs:
        return text + "    pass\n"
    program_deps = ["san"] + [d for d in deps if d != "san"]
    for source in programs:
        name = source[: -len(".cc")]
        text += f"    obj = bld.create_ns3_program('{name}', {program_deps!r})\n"
        text += f"    obj.source = '{source}'\n"
    return text


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--check", action="store_true", help="only report whether an update is needed"
    )
    args = parser.parse_args()

    deps = current_dependencies()
    outputs = {
        ROOT / "wscript": module_wscript(deps),
        ROOT / "examples" / "wscript": examples_wscript(deps),
    }
    stale = []
    for path, text in outputs.items():
        if not path.is_file() or path.read_text() != text:
            stale.append(path.relative_to(ROOT).as_posix())
            if not args.check:
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_text(text)
    if args.check:
        if stale:
            print("update-wscript: out of date: " + ", ".join(stale), file=sys.stderr)
            return 1
        print("update-wscript: up to date")
        return 0
    print("update-wscript: " + ("wrote " + ", ".join(stale) if stale else "already up to date"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
