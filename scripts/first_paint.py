#!/usr/bin/env python3
"""Time from launch to a program's first painted, titled window, on X11.

Starts COMMAND and watches the X server (DISPLAY) every few milliseconds
through Xlib (ctypes, no extra package): for each top-level window that is
mapped and whose title (_NET_WM_NAME, else WM_NAME) contains --title, it
reads the window's pixels and samples a grid of them. The window counts as
painted once at least --bright of the samples are light (an unpainted
window on an Xvfb started with -br shows the black root through it; the
editors measured here paint a light background). Prints one JSON line:

  {"mapped_ms": ..., "painted_ms": ..., "painted_cpu_ms": ..., "title": ...}

mapped_ms: the first sight of a mapped window with the title; painted_ms:
the first sight of it painted; null for either if --timeout passed first.
painted_cpu_ms: the CPU time the program's threads had used by then
(/proc/PID/task/*/schedstat), which the machine's load changes far less
than the wall clock.
With --screenshot FILE, the screen at the moment of the first paint is
saved (ImageMagick's import). The program is killed afterwards, unless
--keep-ms asks to let it run longer (then killed).

Used by scripts/editor_startup_timing.sh to compare spellfilter-editor with
gedit in one run.

  scripts/first_paint.py --title big.txt [--screenshot F] -- COMMAND...
"""

import argparse
import ctypes
import ctypes.util
import json
import os
import signal
import subprocess
import sys
import time

Window = ctypes.c_ulong
Atom = ctypes.c_ulong


class XWindowAttributes(ctypes.Structure):
    _fields_ = [
        ("x", ctypes.c_int), ("y", ctypes.c_int),
        ("width", ctypes.c_int), ("height", ctypes.c_int),
        ("border_width", ctypes.c_int), ("depth", ctypes.c_int),
        ("visual", ctypes.c_void_p), ("root", Window),
        ("c_class", ctypes.c_int), ("bit_gravity", ctypes.c_int),
        ("win_gravity", ctypes.c_int), ("backing_store", ctypes.c_int),
        ("backing_planes", ctypes.c_ulong), ("backing_pixel", ctypes.c_ulong),
        ("save_under", ctypes.c_int), ("colormap", ctypes.c_ulong),
        ("map_installed", ctypes.c_int), ("map_state", ctypes.c_int),
        ("all_event_masks", ctypes.c_long), ("your_event_mask", ctypes.c_long),
        ("do_not_propagate_mask", ctypes.c_long),
        ("override_redirect", ctypes.c_int), ("screen", ctypes.c_void_p),
    ]


class XImage(ctypes.Structure):
    _fields_ = [
        ("width", ctypes.c_int), ("height", ctypes.c_int),
        ("xoffset", ctypes.c_int), ("format", ctypes.c_int),
        ("data", ctypes.c_void_p), ("byte_order", ctypes.c_int),
        ("bitmap_unit", ctypes.c_int), ("bitmap_bit_order", ctypes.c_int),
        ("bitmap_pad", ctypes.c_int), ("depth", ctypes.c_int),
        ("bytes_per_line", ctypes.c_int), ("bits_per_pixel", ctypes.c_int),
    ]


IS_VIEWABLE = 2
Z_PIXMAP = 2
ALL_PLANES = ctypes.c_ulong(~0 & 0xFFFFFFFFFFFFFFFF)


class X:
    def __init__(self):
        self.lib = ctypes.CDLL(ctypes.util.find_library("X11") or "libX11.so.6")
        lib = self.lib
        lib.XOpenDisplay.restype = ctypes.c_void_p
        lib.XOpenDisplay.argtypes = [ctypes.c_char_p]
        lib.XDefaultRootWindow.restype = Window
        lib.XDefaultRootWindow.argtypes = [ctypes.c_void_p]
        lib.XQueryTree.argtypes = [
            ctypes.c_void_p, Window, ctypes.POINTER(Window),
            ctypes.POINTER(Window), ctypes.POINTER(ctypes.POINTER(Window)),
            ctypes.POINTER(ctypes.c_uint)]
        lib.XGetWindowAttributes.argtypes = [
            ctypes.c_void_p, Window, ctypes.POINTER(XWindowAttributes)]
        lib.XInternAtom.restype = Atom
        lib.XInternAtom.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int]
        lib.XGetWindowProperty.argtypes = [
            ctypes.c_void_p, Window, Atom, ctypes.c_long, ctypes.c_long,
            ctypes.c_int, Atom, ctypes.POINTER(Atom),
            ctypes.POINTER(ctypes.c_int), ctypes.POINTER(ctypes.c_ulong),
            ctypes.POINTER(ctypes.c_ulong),
            ctypes.POINTER(ctypes.c_void_p)]
        lib.XGetImage.restype = ctypes.POINTER(XImage)
        lib.XGetImage.argtypes = [
            ctypes.c_void_p, Window, ctypes.c_int, ctypes.c_int,
            ctypes.c_uint, ctypes.c_uint, ctypes.c_ulong, ctypes.c_int]
        lib.XFree.argtypes = [ctypes.c_void_p]
        lib.XSetErrorHandler.restype = ctypes.c_void_p
        # A window may vanish between listing and reading it: ignore the
        # X errors that causes instead of exiting.
        self._handler = ctypes.CFUNCTYPE(
            ctypes.c_int, ctypes.c_void_p, ctypes.c_void_p)(lambda d, e: 0)
        lib.XSetErrorHandler(self._handler)
        self.dpy = lib.XOpenDisplay(None)
        if not self.dpy:
            sys.exit("first_paint.py: cannot open display %s" %
                     os.environ.get("DISPLAY"))
        self.root = lib.XDefaultRootWindow(self.dpy)
        self.net_wm_name = lib.XInternAtom(self.dpy, b"_NET_WM_NAME", 0)
        self.wm_name = lib.XInternAtom(self.dpy, b"WM_NAME", 0)

    def children(self, window):
        root, parent = Window(), Window()
        kids = ctypes.POINTER(Window)()
        n = ctypes.c_uint()
        if not self.lib.XQueryTree(self.dpy, window, ctypes.byref(root),
                                   ctypes.byref(parent), ctypes.byref(kids),
                                   ctypes.byref(n)):
            return []
        out = [kids[i] for i in range(n.value)]
        if kids:
            self.lib.XFree(kids)
        return out

    def attributes(self, window):
        attrs = XWindowAttributes()
        if not self.lib.XGetWindowAttributes(self.dpy, window,
                                             ctypes.byref(attrs)):
            return None
        return attrs

    def title(self, window):
        for atom in (self.net_wm_name, self.wm_name):
            kind, fmt = Atom(), ctypes.c_int()
            count, after = ctypes.c_ulong(), ctypes.c_ulong()
            data = ctypes.c_void_p()
            ok = self.lib.XGetWindowProperty(
                self.dpy, window, atom, 0, 1024, 0, 0, ctypes.byref(kind),
                ctypes.byref(fmt), ctypes.byref(count), ctypes.byref(after),
                ctypes.byref(data))
            if ok == 0 and data.value:
                raw = ctypes.string_at(data.value, count.value)
                self.lib.XFree(data)
                if raw:
                    return raw.decode("utf-8", "replace")
        return ""

    def bright_fraction(self, window, width, height):
        image = self.lib.XGetImage(self.dpy, window, 0, 0, width, height,
                                   ALL_PLANES, Z_PIXMAP)
        if not image:
            return 0.0
        img = image.contents
        try:
            if img.bits_per_pixel != 32:
                return 0.0
            raw = ctypes.string_at(img.data, img.bytes_per_line * img.height)
            samples = bright = 0
            step = max(8, min(width, height) // 40)
            for y in range(step // 2, img.height, step):
                row = y * img.bytes_per_line
                for x in range(step // 2, img.width, step):
                    b, g, r = raw[row + 4 * x], raw[row + 4 * x + 1], raw[row + 4 * x + 2]
                    samples += 1
                    if 0.299 * r + 0.587 * g + 0.114 * b > 100:
                        bright += 1
            return bright / samples if samples else 0.0
        finally:
            self.lib.XFree(img.data)
            self.lib.XFree(image)


def cpu_ms(pid):
    """The CPU time a process's threads have used so far, in ms: the sum of
    the first field of /proc/PID/task/*/schedstat (nanoseconds on a CPU).
    None where the kernel does not offer it."""
    total = 0
    try:
        tasks = os.listdir("/proc/%d/task" % pid)
    except OSError:
        return None
    for task in tasks:
        try:
            with open("/proc/%d/task/%s/schedstat" % (pid, task)) as f:
                total += int(f.read().split()[0])
        except (OSError, ValueError, IndexError):
            continue
    return round(total / 1e6, 1)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--title", required=True)
    parser.add_argument("--bright", type=float, default=0.5)
    parser.add_argument("--timeout", type=float, default=20.0)
    parser.add_argument("--screenshot")
    parser.add_argument("--keep-ms", type=int, default=0)
    parser.add_argument("command", nargs=argparse.REMAINDER)
    args = parser.parse_args()
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    if not command:
        parser.error("no command")
    x = X()
    start = time.monotonic()
    proc = subprocess.Popen(command, start_new_session=True,
                            stdout=subprocess.DEVNULL)
    mapped_ms = painted_ms = painted_cpu_ms = None
    title = ""
    try:
        while time.monotonic() - start < args.timeout and painted_ms is None:
            if proc.poll() is not None:
                break
            for window in x.children(x.root):
                attrs = x.attributes(window)
                if attrs is None or attrs.map_state != IS_VIEWABLE:
                    continue
                name = x.title(window)
                if args.title not in name:
                    continue
                now = (time.monotonic() - start) * 1000
                if mapped_ms is None:
                    mapped_ms, title = round(now), name
                if x.bright_fraction(window, attrs.width,
                                     attrs.height) >= args.bright:
                    painted_ms, title = round(now), name
                    painted_cpu_ms = cpu_ms(proc.pid)
                    if args.screenshot:
                        subprocess.run(["import", "-window", "root",
                                        args.screenshot], check=False)
                    break
            time.sleep(0.003)
        if args.keep_ms:
            time.sleep(args.keep_ms / 1000)
    finally:
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        proc.wait()
    print(json.dumps({"mapped_ms": mapped_ms, "painted_ms": painted_ms,
                      "painted_cpu_ms": painted_cpu_ms, "title": title},
                     ensure_ascii=False))


if __name__ == "__main__":
    main()
