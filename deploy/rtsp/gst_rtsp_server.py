#!/usr/bin/python3
"""A tiny RTSP server for tests and demos, built on GStreamer's gst-rtsp-server.

Run it with Debian's /usr/bin/python3 (it needs the system `gi` bindings, not a
virtualenv's). It serves one H.264 stream at rtsp://HOST:PORT/PATH, either

* a live synthetic camera (default): videotestsrc with a moving pattern and a
  running clock overlay, encoded with x264 at a keyframe every second, or
* a file (--file in.mp4, H.264 in MP4/MOV, no B-frames), played once at its
  own pace; the stream ends with the file.

It prints "READY rtsp://..." on stdout once it listens, and exits cleanly on
SIGTERM / SIGINT, so a test can start it, wait for READY, kill it to simulate a
camera drop, and start it again on the same port.
"""

from __future__ import annotations

import argparse
import signal
import sys

import gi

gi.require_version("Gst", "1.0")
gi.require_version("GstRtspServer", "1.0")
from gi.repository import GLib, Gst, GstRtspServer  # noqa: E402


def live_launch(width: int, height: int, fps: int, pattern: str) -> str:
    # x264 settings keep latency low and put an IDR every second, so a client
    # that (re)connects gets a decodable picture within a second.
    return (
        f"( videotestsrc is-live=true pattern={pattern} "
        f"! video/x-raw,width={width},height={height},framerate={fps}/1 "
        '! timeoverlay font-desc="Sans 24" '
        f"! x264enc tune=zerolatency speed-preset=ultrafast key-int-max={fps} bitrate=1500 "
        "! video/x-h264,profile=baseline ! rtph264pay name=pay0 pt=96 config-interval=1 )"
    )


def file_launch(path: str) -> str:
    return (
        f'( filesrc location="{path}" ! qtdemux ! h264parse config-interval=1 '
        "! rtph264pay name=pay0 pt=96 config-interval=1 )"
    )


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--host", default="127.0.0.1")
    ap.add_argument("--port", type=int, default=8554)
    ap.add_argument("--path", default="/cam", help="mount point, e.g. /cam")
    ap.add_argument("--file", help="serve this H.264 MP4 instead of a live test pattern")
    ap.add_argument("--width", type=int, default=640)
    ap.add_argument("--height", type=int, default=360)
    ap.add_argument("--fps", type=int, default=30)
    ap.add_argument("--pattern", default="ball", help="videotestsrc pattern (ball, smpte, snow, ...)")
    args = ap.parse_args(argv)

    Gst.init(None)
    server = GstRtspServer.RTSPServer()
    server.set_address(args.host)
    server.set_service(str(args.port))

    if args.file:
        factory = GstRtspServer.RTSPMediaFactory()
        factory.set_launch(file_launch(args.file))
    else:
        factory = GstRtspServer.RTSPMediaFactory()
        factory.set_launch(live_launch(args.width, args.height, args.fps, args.pattern))
    # One pipeline for all clients: a camera does not restart for each viewer.
    factory.set_shared(True)
    path = args.path if args.path.startswith("/") else "/" + args.path
    server.get_mount_points().add_factory(path, factory)

    if server.attach(None) == 0:
        print(f"cannot listen on {args.host}:{args.port}", file=sys.stderr, flush=True)
        return 2

    loop = GLib.MainLoop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        GLib.unix_signal_add(GLib.PRIORITY_HIGH, sig, loop.quit)
    print(f"READY rtsp://{args.host}:{args.port}{path}", flush=True)
    loop.run()
    return 0


if __name__ == "__main__":
    sys.exit(main())
