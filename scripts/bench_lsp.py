#!/usr/bin/env python3
"""Keystroke latency and memory of `spellfilter lsp` on hostile documents,
two builds side by side in one run (issue 34, finding 6).

For each document and each binary: start `BINARY lsp -d DICT --no-user`,
initialize, note the resident memory (the dictionary loaded), open the
document and wait for its diagnostics, then type keystrokes (an incremental
didChange inserting or deleting one character in the middle of the
document) and time each from sending it to having read the whole
publishDiagnostics it causes (both pipes included; the diagnostics are not
parsed, only framed), and the server's CPU time for each keystroke (its
thread's time on a CPU, in nanoseconds, from /proc/PID/schedstat read
before and after: what the machine's load does not inflate), with the
time it waited for a CPU meanwhile (the run queue's delay: what the load
adds). Memory: VmRSS after the keystrokes minus VmRSS before
the open (and after a small document was checked, which loads what checking
needs once), as a multiple of the document's size, both read once the
server has answered a request sent after the last message (so that what
that message freed is not counted), and the peak (VmHWM, dictionary pages
included) above VmRSS at the same moment; "peak without dictionary pages"
subtracts the file pages (RssFile: the mapped dictionary, the code) that
became resident meanwhile, which checking the document's words touched for
the first time and which stay. The keystroke p95 is the 95th percentile.

A binary that takes longer than --budget seconds on a document is killed
and its row says so.

Documents:
  line400k   one 400 KB line of misspellings ("qzvx wrold ..."), plain text
  many5m     5 MB of misspellings in lines of about 80 bytes, plain text
  links200k  a 200 KB Markdown line of "[a]("

  scripts/bench_lsp.py --new build/app/cli/spellfilter \\
      --old OLD/app/cli/spellfilter --dict build/dictionaries/en_US.sfd
"""
import argparse
import json
import os
import select
import subprocess
import sys
import time


def documents():
    unit = "qzvx wrold teh recieve "
    line = (unit * (400_000 // len(unit) + 1))[:400_000]
    many = []
    size = 0
    i = 0
    while size < 5_000_000:
        row = ("speling%d " % (i % 97)) + unit * 3
        many.append(row)
        size += len(row) + 1
        i += 1
    links = "[a](" * 50_000
    return [
        ("line400k", "plaintext", "file:///bench/line.txt", line),
        ("many5m", "plaintext", "file:///bench/many.txt", "\n".join(many) + "\n"),
        ("links200k", "markdown", "file:///bench/links.md", links + "\nwrold\n"),
    ]


class Timeout(Exception):
    pass


class Server:
    def __init__(self, binary, dictionary):
        self.proc = subprocess.Popen(
            [binary, "lsp", "-d", dictionary, "--no-user"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL)
        self.buffer = bytearray()
        self.next_id = 0

    def send(self, message):
        body = json.dumps(message).encode()
        self.proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.proc.stdin.flush()

    def _wait(self, deadline):
        left = deadline - time.monotonic()
        if left <= 0:
            raise Timeout()
        ready, _, _ = select.select([self.proc.stdout], [], [], left)
        if not ready:
            raise Timeout()

    def _fill(self, deadline):
        self._wait(deadline)
        chunk = os.read(self.proc.stdout.fileno(), 1 << 16)
        if not chunk:
            raise EOFError("server ended")
        self.buffer += chunk

    def read(self, deadline):
        """The next message's body, as bytes. The body is read into a
        buffer of its size (no copies as it arrives: the client's cost is
        not what is measured)."""
        while b"\r\n\r\n" not in self.buffer:
            self._fill(deadline)
        end = self.buffer.index(b"\r\n\r\n")
        length = int(bytes(self.buffer[:end]).split(b":")[1])
        del self.buffer[:end + 4]
        body = bytearray(length)
        got = min(length, len(self.buffer))
        body[:got] = self.buffer[:got]
        del self.buffer[:got]
        view = memoryview(body)
        while got < length:
            self._wait(deadline)
            n = os.readv(self.proc.stdout.fileno(), [view[got:]])
            if n == 0:
                raise EOFError("server ended")
            got += n
        return bytes(body)

    def request(self, method, params, deadline):
        self.next_id += 1
        self.send({"jsonrpc": "2.0", "id": self.next_id, "method": method,
                   "params": params})
        while True:
            body = self.read(deadline)
            if b'"method"' not in body[:200] and b'"id":%d' % self.next_id in body:
                return body

    def notify(self, method, params):
        self.send({"jsonrpc": "2.0", "method": method, "params": params})

    def diagnostics(self, deadline):
        """Reads up to the next publishDiagnostics; returns its size."""
        while True:
            body = self.read(deadline)
            if b"textDocument/publishDiagnostics" in body[:200]:
                return len(body)

    def schedstat(self):
        """(time on a CPU, time waiting for one) of the server's thread so
        far, in seconds (/proc/PID/schedstat: nanoseconds; the server has
        one thread)."""
        with open("/proc/%d/schedstat" % self.proc.pid) as f:
            run, wait = f.read().split()[:2]
        return int(run) / 1e9, int(wait) / 1e9

    def cpu(self):
        """The server's CPU time so far (user + system), in seconds."""
        with open("/proc/%d/stat" % self.proc.pid) as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def status(self, key):
        with open("/proc/%d/status" % self.proc.pid) as f:
            for row in f:
                if row.startswith(key + ":"):
                    return int(row.split()[1]) * 1024
        return 0

    def close(self):
        """Ends the server as a client does (shutdown, exit; killed if it
        does not end within 5 s), so that a wrapper such as `perf record`
        around it can write its data."""
        try:
            self.next_id += 1
            self.send({"jsonrpc": "2.0", "id": self.next_id, "method": "shutdown"})
            self.send({"jsonrpc": "2.0", "method": "exit"})
            self.proc.stdin.close()
            self.proc.wait(timeout=5)
        except (OSError, ValueError, subprocess.TimeoutExpired):
            try:
                self.proc.kill()
            except OSError:
                pass
            self.proc.wait()


def run(binary, dictionary, document, keystrokes, budget):
    name, language, uri, text = document
    server = Server(binary, dictionary)
    deadline = time.monotonic() + budget
    result = {"open": None, "keys": [], "cpu": None, "key_cpu": [], "key_wait": [],
              "rss": None, "peak": None,
              "file": None, "killed": False, "diagnostics_bytes": 0}
    try:
        server.request("initialize", {"processId": None, "rootUri": None,
                                      "capabilities": {}}, deadline)
        server.notify("initialized", {})
        # Warmed up on a small document first (what checking loads once),
        # so that the difference is the document's.
        server.notify("textDocument/didOpen", {"textDocument": {
            "uri": "file:///bench/warm.txt", "languageId": language,
            "version": 1, "text": "one wrold [a](b)\n" * 10}})
        server.diagnostics(deadline)
        server.request("spellfilter/ping", {}, deadline)
        base = server.status("RssAnon")
        base_total = server.status("VmRSS")
        base_file = server.status("RssFile")
        start = time.monotonic()
        server.notify("textDocument/didOpen", {"textDocument": {
            "uri": uri, "languageId": language, "version": 1, "text": text}})
        result["diagnostics_bytes"] = server.diagnostics(deadline)
        result["open"] = time.monotonic() - start
        lines = text.split("\n")
        # The middle of the longest line (the 400 KB or 200 KB one), or of
        # the middle line.
        longest = max(range(len(lines)), key=lambda i: len(lines[i]))
        line = longest if len(lines[longest]) > 10_000 else len(lines) // 2
        column = len(lines[line]) // 2
        cpu = server.cpu()
        for k in range(keystrokes):
            if k % 2 == 0:
                change = {"range": {"start": {"line": line, "character": column},
                                    "end": {"line": line, "character": column}},
                          "text": "x"}
            else:
                change = {"range": {"start": {"line": line, "character": column},
                                    "end": {"line": line, "character": column + 1}},
                          "text": ""}
            run, wait = server.schedstat()
            start = time.monotonic()
            server.notify("textDocument/didChange", {
                "textDocument": {"uri": uri, "version": k + 2},
                "contentChanges": [change]})
            server.diagnostics(deadline)
            result["keys"].append(time.monotonic() - start)
            # The server has written the diagnostics; it is waiting for the
            # next message (or freeing this one's buffers: counted with it).
            run_after, wait_after = server.schedstat()
            result["key_cpu"].append(run_after - run)
            result["key_wait"].append(wait_after - wait)
        if keystrokes:
            result["cpu"] = (server.cpu() - cpu) / keystrokes
        # The server is done with the last keystroke (it serves messages in
        # order) once it answers a request after it: what that keystroke
        # freed is not counted as the document's.
        server.request("spellfilter/ping", {}, deadline)
        result["rss"] = server.status("RssAnon") - base
        result["peak"] = server.status("VmHWM") - base_total
        # Pages of the dictionary (and code) that checking this document
        # touched for the first time: part of the peak, not the document's.
        result["file"] = server.status("RssFile") - base_file
    except Timeout:
        result["killed"] = True
    finally:
        server.close()
    return result


def percentile(values, p):
    """The p-th percentile of sorted `values` (nearest rank), or None."""
    if not values:
        return None
    return values[min(len(values) - 1, (len(values) * p) // 100)]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--new", required=True)
    parser.add_argument("--old", required=True)
    parser.add_argument("--dict", required=True)
    parser.add_argument("--keystrokes", type=int, default=10)
    parser.add_argument("--budget", type=float, default=120,
                        help="seconds per binary and document (default 120)")
    parser.add_argument("--only", help="one document by name")
    args = parser.parse_args()
    docs = [d for d in documents() if not args.only or d[0] == args.only]
    ms = lambda s: "%.0f ms" % (s * 1000) if s is not None else "-"
    print("| document | binary | open | keystroke median | keystroke p95 | "
          "CPU per keystroke (mean) | CPU median | CPU p95 | waiting for a CPU p95 | "
          "memory after | peak | peak without dictionary pages | diagnostics |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    verdicts = []
    for doc in docs:
        size = len(doc[3].encode())
        for label, binary in (("old", args.old), ("new", args.new)):
            r = run(binary, args.dict, doc, args.keystrokes, args.budget)
            keys = sorted(r["keys"])
            median = percentile(keys, 50)
            p95 = percentile(keys, 95)
            cpu_median = percentile(sorted(r["key_cpu"]), 50)
            cpu_p95 = percentile(sorted(r["key_cpu"]), 95)
            wait_p95 = percentile(sorted(r["key_wait"]), 95)
            peak_doc = (r["peak"] - r["file"]) if r["peak"] is not None else None
            mem = lambda b: ("%.1f MB (%.1fx)" % (b / 1e6, b / size)) if b is not None else "-"
            note = ""
            if r["killed"]:
                note = " (killed after %.0f s: %d keystrokes done)" % (args.budget, len(keys))
            print("| %s (%.1f MB) | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %.1f MB%s |" % (
                doc[0], size / 1e6, label, ms(r["open"]), ms(median),
                ms(p95), ms(r["cpu"]), ms(cpu_median), ms(cpu_p95), ms(wait_p95),
                mem(r["rss"]), mem(r["peak"]), mem(peak_doc),
                r["diagnostics_bytes"] / 1e6, note))
            sys.stdout.flush()
            if r["rss"] is not None and median is not None:
                # The targets: a keystroke within 50 ms, the heap a
                # document keeps within 3x its size (the dictionary is
                # loaded before the measure starts).
                verdicts.append("%s %s: keystroke median %s, p95 %s %s 50 ms "
                                "(CPU median %s, p95 %s %s 50 ms); "
                                "memory after %.1fx %s 3x; peak without the "
                                "dictionary's pages %.1fx %s 3x" % (
                                    doc[0], label, ms(median), ms(p95),
                                    "<=" if p95 <= 0.05 else ">",
                                    ms(cpu_median), ms(cpu_p95),
                                    "<=" if cpu_p95 <= 0.05 else ">",
                                    r["rss"] / size,
                                    "<=" if r["rss"] <= 3 * size else ">",
                                    peak_doc / size,
                                    "<=" if peak_doc <= 3 * size else ">"))
    print()
    for v in verdicts:
        print(v)


if __name__ == "__main__":
    main()
