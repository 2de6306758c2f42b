#!/usr/bin/env python3
"""Checks the README's Layout section against the tree, so it cannot drift
from it again: every top-level folder (but hidden ones and build
directories) and every folder of app/ and core/ must be listed, and every
folder listed must exist.

    scripts/check_readme_layout.py [SOURCE_DIR]

Exit 1 with one line per difference, 0 when they agree.
"""
import os
import re
import sys


def layout_entries(readme):
    """The folders of the Layout section's code block, as paths."""
    m = re.search(r"^## Layout\n```\n(.*?)^```", readme, re.S | re.M)
    if m is None:
        return None
    entries = set()
    parent = None
    for line in m.group(1).splitlines():
        e = re.match(r"^( *)([\w.-]+)/", line)
        if e is None:
            continue
        indent, name = e.groups()
        if indent:
            if parent is None:
                continue
            entries.add(f"{parent}/{name}")
        else:
            parent = name
            entries.add(name)
    return entries


def tree_folders(root):
    folders = set()
    for name in os.listdir(root):
        path = os.path.join(root, name)
        if (not os.path.isdir(path) or name.startswith(".") or
                name.startswith("build")):
            continue
        folders.add(name)
    for top in ("app", "core"):
        base = os.path.join(root, top)
        for name in os.listdir(base):
            if os.path.isdir(os.path.join(base, name)) and not name.startswith("."):
                folders.add(f"{top}/{name}")
    return folders


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "..")
    readme_path = os.path.join(root, "README.md")
    with open(readme_path, encoding="utf-8") as f:
        entries = layout_entries(f.read())
    if entries is None:
        print(f"{readme_path}: no '## Layout' section with a code block")
        return 1
    problems = []
    for folder in sorted(tree_folders(root) - entries):
        problems.append(f"README.md: Layout lacks {folder}/")
    for folder in sorted(entries):
        if not os.path.isdir(os.path.join(root, folder)):
            problems.append(f"README.md: Layout lists {folder}/, which does not exist")
    for p in problems:
        print(p)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
