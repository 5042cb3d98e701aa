#!/usr/bin/python3
"""A tiny RTSP server for tests and demos, built on GStreamer's gst-rtsp-server.

Run it with Debian's /usr/bin/python3 (it needs the system `gi` bindings, not a
virtualenv's). It serves one H.264 stream at rtsp://HOST:PORT/PATH, either

* a live synthetic camera (default): videotestsrc with a moving pattern and a
  running clock overlay, encoded with x264 at a keyframe every second, or
* a file (--file in.mp4, H.264 in MP4/MOV, no B-frames), played once at its
  own pace; the stream ends with the file. A client's PLAY asks for the range
  from 0, so a client that reconnects starts the file again (for everyone), or
* a file played as a camera (--file in.mp4 --as-camera): it starts with the
  first viewer and then plays on in real time whether anyone watches or not;
  a viewer who (re)connects joins where it is, from the next keyframe, as with
  a real camera (the stream is live: no seeking).

It prints "READY rtsp://..." on stdout once it listens, and exits cleanly on
SIGTERM / SIGINT, so a test can start it, wait for READY, kill it to simulate a
camera drop, and start it again on the same port.
"""

from __future__ import annotations

import argparse
import signal
import sys
import threading

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


CAMERA_LAUNCH = (
    "( appsrc name=src is-live=true format=time "
    'caps="video/x-h264,stream-format=byte-stream,alignment=au" '
    "! h264parse ! rtph264pay name=pay0 pt=96 config-interval=1 )"
)


class FileCamera:
    """A file played as a camera (see the module doc): a reader plays the file at its pace into an
    appsink; each viewer's media gets its access units through an appsrc, from the next keyframe on,
    stamped with the camera's clock from there (the file's timestamps less the first one sent)."""

    def __init__(self, path: str) -> None:
        self.reader = Gst.parse_launch(
            f'filesrc location="{path}" ! qtdemux ! h264parse config-interval=-1 '
            "! video/x-h264,stream-format=byte-stream,alignment=au ! appsink name=sink sync=true emit-signals=true"
        )
        self.reader.get_by_name("sink").connect("new-sample", self._on_sample)
        bus = self.reader.get_bus()
        bus.add_signal_watch()
        bus.connect("message::eos", self._on_eos)
        self._viewers: dict[object, int | None] = {}  # appsrc -> the file time of its first frame (None: not yet)
        self._lock = threading.Lock()
        self._playing = False

    def media_configure(self, _factory: object, media: GstRtspServer.RTSPMedia) -> None:
        src = media.get_element().get_by_name("src")
        with self._lock:
            self._viewers[src] = None
        media.connect("unprepared", lambda _m: self._leave(src))
        if not self._playing:  # the camera is switched on by its first viewer
            self._playing = True
            self.reader.set_state(Gst.State.PLAYING)

    def _leave(self, src: object) -> None:
        with self._lock:
            self._viewers.pop(src, None)

    def _on_sample(self, sink: Gst.Element) -> Gst.FlowReturn:
        buf = sink.emit("pull-sample").get_buffer()
        keyframe = not buf.has_flags(Gst.BufferFlags.DELTA_UNIT)
        with self._lock:
            for src, first in list(self._viewers.items()):
                if first is None:
                    if not keyframe:
                        continue
                    first = self._viewers[src] = buf.pts
                out = buf.copy()
                out.pts = out.dts = buf.pts - first
                src.emit("push-buffer", out)
        return Gst.FlowReturn.OK

    def _on_eos(self, _bus: object, _msg: object) -> None:
        with self._lock:
            for src in self._viewers:
                src.emit("end-of-stream")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--host", default="127.0.0.1")
    ap.add_argument("--port", type=int, default=8554)
    ap.add_argument("--path", default="/cam", help="mount point, e.g. /cam")
    ap.add_argument("--file", help="serve this H.264 MP4 instead of a live test pattern")
    ap.add_argument("--as-camera", action="store_true",
                    help="play --file as a live camera: real time from the first viewer on, joined where it is")
    ap.add_argument("--width", type=int, default=640)
    ap.add_argument("--height", type=int, default=360)
    ap.add_argument("--fps", type=int, default=30)
    ap.add_argument("--pattern", default="ball", help="videotestsrc pattern (ball, smpte, snow, ...)")
    args = ap.parse_args(argv)

    Gst.init(None)
    server = GstRtspServer.RTSPServer()
    server.set_address(args.host)
    server.set_service(str(args.port))

    if args.file and args.as_camera:
        camera = FileCamera(args.file)
        factory = GstRtspServer.RTSPMediaFactory()
        factory.set_launch(CAMERA_LAUNCH)
        factory.connect("media-configure", camera.media_configure)
    elif args.file:
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
