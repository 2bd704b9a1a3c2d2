#!/usr/bin/env python3
"""A real XDND drag source for the real-window tests: a small GTK 3 window at X, Y (the first two
arguments) that offers the files named by the other arguments as text/uri-list when dragged.
It prints "drag-begin" and "drag-end" as the drag starts and ends, and quits when its window closes.

    dragsource.py X Y FILE...
"""
import pathlib
import sys

import gi

gi.require_version("Gtk", "3.0")
gi.require_version("Gdk", "3.0")
from gi.repository import Gdk, Gtk  # noqa: E402


def main():
    x, y = int(sys.argv[1]), int(sys.argv[2])
    uris = [pathlib.Path(p).resolve().as_uri() for p in sys.argv[3:]]
    win = Gtk.Window(title="Lectern drag source")
    win.set_default_size(240, 160)
    win.move(x, y)
    source = Gtk.EventBox()
    source.add(Gtk.Label(label="Drag %d files" % len(uris)))
    source.drag_source_set(Gdk.ModifierType.BUTTON1_MASK, [], Gdk.DragAction.COPY)
    source.drag_source_add_uri_targets()
    source.connect("drag-data-get", lambda _w, _c, data, _i, _t: data.set_uris(uris))
    source.connect("drag-begin", lambda *_: print("drag-begin", flush=True))
    source.connect("drag-end", lambda *_: print("drag-end", flush=True))
    win.add(source)
    win.connect("destroy", Gtk.main_quit)
    win.show_all()
    Gtk.main()


if __name__ == "__main__":
    main()
