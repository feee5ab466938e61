#!/usr/bin/env python3
"""Writes Sources/APIGenCore/Render/EmbeddedTemplates.swift from Templates/*.mustache.

The apigen binary carries its default templates so it works from any folder and after being copied;
a test checks that the embedded copies equal Templates/. Run after editing a template:
    python3 scripts/embed-templates.py
"""
import os
import re

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
templates = os.path.join(root, "Templates")
target = os.path.join(root, "Sources", "APIGenCore", "Render", "EmbeddedTemplates.swift")

entries = []
for name in sorted(os.listdir(templates)):
    if not name.endswith(".mustache"):
        continue
    with open(os.path.join(templates, name), encoding="utf-8") as handle:
        text = handle.read()
    runs = [len(m) for m in re.findall(r"#+", text)]
    hashes = "#" * (max(runs, default=0) + 1)
    entries.append((name[: -len(".mustache")], text, hashes))

lines = [
    "// Written by scripts/embed-templates.py from Templates/. Do not edit: edit the template and run the script.",
    "",
    "/// The default templates, embedded so the `apigen` binary works from any folder and after being copied.",
    "enum EmbeddedTemplates {",
    "    /// Template name (file name without `.mustache`) → template text.",
    "    static let all: [String: String] = [",
]
for name, text, hashes in entries:
    lines.append(f'        "{name}": {hashes}"""')
    # A multi-line literal drops the newline before its closing delimiter, so every line of the
    # text, including the empty one after a final newline, is written out.
    lines.extend(text.split("\n"))
    lines.append(f'"""{hashes},')
lines += ["    ]", "}", ""]
with open(target, "w", encoding="utf-8") as handle:
    handle.write("\n".join(lines))
print(f"embedded {len(entries)} templates into {os.path.relpath(target, root)}")
