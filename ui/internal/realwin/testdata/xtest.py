#!/usr/bin/env python3
"""Keys and wheel steps for the real-window tests, sent through the X server's XTEST extension (as
xdotool does without --window) by one process that stays up, so that each event goes out the
moment it is asked for: starting xdotool for each key took several milliseconds, more under load,
and made the time of the key's send unknown. It also notes when the app's frames reach its window
on the X server (the DAMAGE extension): a frame is on the screen once the window swapped it there.

Reads one command a line on standard input and answers one line, or "error ...":

    key NAME       press and release the key of the keysym NAME (x, BackSpace, ...); answers the
                   time the events went to the X server (Unix nanoseconds, the clock the app's
                   frames are timed with)
    button N       press and release the mouse button N (4 and 5 turn the wheel); answers as key
    watch WINDOW   note from now on each time the window WINDOW (an X id) is drawn into; answers 0
    drawn          answers the times noted since the last drawn (Unix ns, space-separated)

The key and button events go to the window that has the keyboard focus, or the one under the
pointer.
"""
import ctypes
import sys
import threading
import time

xlib = ctypes.CDLL("libX11.so.6")
xtst = ctypes.CDLL("libXtst.so.6")
xlib.XOpenDisplay.restype = ctypes.c_void_p
xlib.XOpenDisplay.argtypes = [ctypes.c_char_p]
xlib.XStringToKeysym.restype = ctypes.c_ulong
xlib.XStringToKeysym.argtypes = [ctypes.c_char_p]
xlib.XKeysymToKeycode.restype = ctypes.c_ubyte
xlib.XKeysymToKeycode.argtypes = [ctypes.c_void_p, ctypes.c_ulong]
xlib.XFlush.argtypes = [ctypes.c_void_p]
xtst.XTestFakeKeyEvent.argtypes = [ctypes.c_void_p, ctypes.c_uint, ctypes.c_int, ctypes.c_ulong]
xtst.XTestFakeButtonEvent.argtypes = [ctypes.c_void_p, ctypes.c_uint, ctypes.c_int, ctypes.c_ulong]
xdamage = ctypes.CDLL("libXdamage.so.1")
xdamage.XDamageQueryExtension.argtypes = [ctypes.c_void_p, ctypes.POINTER(ctypes.c_int), ctypes.POINTER(ctypes.c_int)]
xdamage.XDamageCreate.restype = ctypes.c_ulong
xdamage.XDamageCreate.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_int]
xlib.XNextEvent.argtypes = [ctypes.c_void_p, ctypes.c_void_p]

REPORT_RAW_RECTANGLES = 0  # an event for each drawing into the window ("more" when more follow)


class DamageNotify(ctypes.Structure):
    """XDamageNotifyEvent, as far as it is read."""
    _fields_ = [("type", ctypes.c_int), ("serial", ctypes.c_ulong), ("send_event", ctypes.c_int),
                ("display", ctypes.c_void_p), ("drawable", ctypes.c_ulong), ("damage", ctypes.c_ulong),
                ("level", ctypes.c_int), ("more", ctypes.c_int), ("timestamp", ctypes.c_ulong)]


drawn = []
drawn_lock = threading.Lock()


def watch(window):
    """Notes, on a connection of its own, the time each drawing into window ends."""
    display = xlib.XOpenDisplay(None)
    event_base, error_base = ctypes.c_int(), ctypes.c_int()
    if not display or not xdamage.XDamageQueryExtension(display, ctypes.byref(event_base), ctypes.byref(error_base)):
        return "error no DAMAGE extension"
    xdamage.XDamageCreate(display, window, REPORT_RAW_RECTANGLES)
    xlib.XFlush(display)

    def loop():
        event = ctypes.create_string_buffer(192)  # an XEvent
        while True:
            xlib.XNextEvent(display, event)
            now = time.time_ns()
            notify = DamageNotify.from_buffer(event)
            if notify.type == event_base.value and not notify.more:
                with drawn_lock:
                    drawn.append(now)

    threading.Thread(target=loop, daemon=True).start()
    return "0"


def main():
    xlib.XInitThreads()  # the watcher reads its own connection on a thread of its own
    display = xlib.XOpenDisplay(None)
    if not display:
        print("error cannot open the display", flush=True)
        return 1
    for line in sys.stdin:
        cmd, _, arg = line.strip().partition(" ")
        if cmd == "key":
            code = xlib.XKeysymToKeycode(display, xlib.XStringToKeysym(arg.encode()))
            if code == 0:
                print("error no key for %r" % arg, flush=True)
                continue
            xtst.XTestFakeKeyEvent(display, code, 1, 0)
            xtst.XTestFakeKeyEvent(display, code, 0, 0)
        elif cmd == "watch" and arg:
            print(watch(int(arg, 0)), flush=True)
            continue
        elif cmd == "drawn":
            with drawn_lock:
                times = " ".join(str(t) for t in drawn)
                drawn.clear()
            print(times, flush=True)
            continue
        elif cmd == "button" and arg.isdigit():
            xtst.XTestFakeButtonEvent(display, int(arg), 1, 0)
            xtst.XTestFakeButtonEvent(display, int(arg), 0, 0)
        else:
            print("error unknown command %r" % line.strip(), flush=True)
            continue
        sent = time.time_ns()  # the events wait in Xlib's buffer until the flush sends them
        xlib.XFlush(display)
        print(sent, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
