#!/usr/bin/env python3
"""The editor configurations of docs/code_checking.md (which the README
points to) are valid and start the server that the build made:

    editor_config_test.py SPELLFILTER DOCS_MD

- Kate's block is JSON: servers.<language>.command is ["spellfilter",
  "lsp"], and its highlightingModeRegex is a regex matching "Markdown";
- Helix's block is TOML: [language-server.spellfilter] runs "spellfilter"
  with args ["lsp"], and a [[language]] uses it;
- Neovim's and Emacs's blocks name the same command;
- that command, with the build's spellfilter in place of the installed one
  and nothing else (no -d: the build's bundled dictionary, found as the
  README says), answers initialize and flags "teh" in a Markdown document.
Exit 1 with one line per problem.
"""
import json
import os
import re
import subprocess
import sys
import tempfile
import tomllib


def blocks(text):
    """[(the prose line before the block, language, body)] of fenced blocks"""
    out = []
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        m = re.match(r"^```(\w*)\s*$", lines[i])
        if not m:
            i += 1
            continue
        j = i + 1
        while j < len(lines) and not lines[j].startswith("```"):
            j += 1
        before = next((lines[k] for k in range(i - 1, -1, -1) if lines[k].strip()), "")
        out.append((before, m.group(1), "\n".join(lines[i + 1:j])))
        i = j + 1
    return out


def find(all_blocks, word, lang):
    found = [b for before, l, b in all_blocks if word in before and l == lang]
    return found[0] if found else None


def message(body):
    data = json.dumps(body).encode()
    return b"Content-Length: %d\r\n\r\n" % len(data) + data


def read_messages(raw):
    out = []
    while raw:
        head, _, rest = raw.partition(b"\r\n\r\n")
        n = int(re.search(rb"Content-Length: *(\d+)", head).group(1))
        out.append(json.loads(rest[:n]))
        raw = rest[n:]
    return out


def run_server(command):
    with tempfile.TemporaryDirectory() as home:
        env = dict(os.environ, HOME=home, XDG_CONFIG_HOME=home + "/.config",
                   XDG_CACHE_HOME=home + "/.cache")
        uri = "file://" + home + "/notes.md"
        stdin = b"".join([
            message({"jsonrpc": "2.0", "id": 1, "method": "initialize",
                     "params": {"processId": None, "rootUri": None, "capabilities": {}}}),
            message({"jsonrpc": "2.0", "method": "initialized", "params": {}}),
            message({"jsonrpc": "2.0", "method": "textDocument/didOpen",
                     "params": {"textDocument": {"uri": uri, "languageId": "markdown",
                                                 "version": 1, "text": "I saw teh cat.\n"}}}),
            message({"jsonrpc": "2.0", "id": 2, "method": "shutdown", "params": None}),
            message({"jsonrpc": "2.0", "method": "exit", "params": None}),
        ])
        p = subprocess.run(command, input=stdin, capture_output=True, env=env, timeout=60)
        return p.returncode, read_messages(p.stdout), p.stderr.decode(errors="replace")


def main():
    exe, docs = sys.argv[1], sys.argv[2]
    with open(docs, encoding="utf-8") as f:
        all_blocks = blocks(f.read())
    problems = []
    commands = []

    kate = find(all_blocks, "Kate", "json")
    if kate is None:
        problems.append("no Kate JSON block")
    else:
        try:
            servers = json.loads(kate)["servers"]
            for name, server in servers.items():
                commands.append(("Kate " + name, server["command"]))
                rx = re.compile(server["highlightingModeRegex"])
                if name == "markdown" and not rx.search("Markdown"):
                    problems.append("Kate: highlightingModeRegex does not match Markdown")
        except (ValueError, KeyError, TypeError, re.error) as e:
            problems.append("Kate: %s: %s" % (type(e).__name__, e))

    helix = find(all_blocks, "Helix", "toml")
    if helix is None:
        problems.append("no Helix TOML block")
    else:
        try:
            config = tomllib.loads(helix)
            server = config["language-server"]["spellfilter"]
            commands.append(("Helix", [server["command"]] + server.get("args", [])))
            if not any("spellfilter" in l.get("language-servers", [])
                       for l in config.get("language", [])):
                problems.append("Helix: no [[language]] uses spellfilter")
        except (tomllib.TOMLDecodeError, KeyError, TypeError) as e:
            problems.append("Helix: %s: %s" % (type(e).__name__, e))

    nvim = find(all_blocks, "Neovim", "lua")
    m = nvim and re.search(r"cmd\s*=\s*\{\s*\"([^\"]+)\"\s*,\s*\"([^\"]+)\"\s*\}", nvim)
    if m:
        commands.append(("Neovim", [m.group(1), m.group(2)]))
    else:
        problems.append("Neovim: no cmd = { ... } in its block")
    emacs = find(all_blocks, "Emacs", "elisp")
    m = emacs and re.search(r"\(\"([^\"]+)\" \"([^\"]+)\"\)\)\)", emacs)
    if m:
        commands.append(("Emacs", [m.group(1), m.group(2)]))
    else:
        problems.append("Emacs: no (\"command\" \"args\") in its block")

    for editor, command in commands:
        if command != ["spellfilter", "lsp"]:
            problems.append("%s: command %s, not [\"spellfilter\", \"lsp\"]" % (editor, command))

    if not problems:
        rc, messages, stderr = run_server([exe, "lsp"])
        init = [m for m in messages if m.get("id") == 1]
        diags = [m["params"]["diagnostics"] for m in messages
                 if m.get("method") == "textDocument/publishDiagnostics"]
        words = [d.get("data", {}).get("word") for ds in diags for d in ds]
        if rc != 0 or not init or "capabilities" not in init[0].get("result", {}):
            problems.append("spellfilter lsp: exit %d, no initialize reply: %s" % (rc, stderr))
        elif words != ["teh"]:
            problems.append("spellfilter lsp: flagged %s, not [\"teh\"]" % words)

    for p in problems:
        print("editor_config_test: " + p)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
