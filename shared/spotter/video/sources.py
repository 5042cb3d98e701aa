"""Frame sources: video files (replay) and live RTSP cameras, behind one protocol.

A source yields `SourceFrame`s in order, each with its index in the source and
its media time `t_media` (seconds since the camera's session start). Live
sources also yield `SourceGap` after a reconnect and `SourceTrouble` for each
failed (re)connect attempt, so the caller can record them; they never raise
for a dropped stream, only for a stop or a bound on attempts.

Decoding is the expensive part of ingest. `frames(want=...)` lets the caller
say which frames it needs pixels for: the others are still decoded (H.264
needs them as references) but not converted to BGR. `want` may also answer
`GREY`: the caller needs only the brightness. A file decoded with PyAV then
hands over the decoder's own luma plane (`SourceFrame.grey`, no colour
conversion at all); other sources treat `GREY` like True and give BGR.

Files are decoded with PyAV when it is installed and the file is plain 8-bit
YUV without a rotation tag, otherwise with OpenCV's FFmpeg backend (as RTSP
always is).
"""

from __future__ import annotations

import hashlib
import logging
import math
import os
import random
import threading
import time
from collections.abc import Callable, Generator, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal, Protocol, cast, runtime_checkable

import cv2
import numpy as np
from numpy.typing import NDArray

from spotter.errors import SourceError

log = logging.getLogger(__name__)

Image = NDArray[np.uint8]
GREY: Literal["grey"] = "grey"
"""A `want` answer: the brightness is enough. Truthy, so a source without a cheap grey path gives BGR."""
# want(index, t_media) -> whether the caller needs this frame's pixels (True: BGR, GREY: luma will do).
FrameFilter = Callable[[int, float], bool | Literal["grey"]]


@dataclass(frozen=True, slots=True)
class SourceFrame:
    """One decoded frame.

    `image` is BGR uint8 (H, W, 3), or None when `want` declined it or
    answered `GREY` and the source could give the luma alone. `grey`, when a
    source gives it, is the decoder's luma plane (H, W) uint8 of the same
    frame, a view (rows may be padded). Video luma is usually studio range
    (16..235); `grey_full_range` says when it is 0..255 already.
    `spotter.video.frames.studio_to_full` stretches it (after downscaling is
    cheapest) to what cvtColor would make of the BGR.
    """

    index: int
    t_media: float
    image: Image | None
    grey: Image | None = None
    grey_full_range: bool = False


@dataclass(frozen=True, slots=True)
class SourceGap:
    """A live source lost its stream and got it back; no frames exist in (start_t, end_t)."""

    start_t: float
    end_t: float
    reason: str = ""

    @property
    def gap_s(self) -> float:
        return max(0.0, self.end_t - self.start_t)


@dataclass(frozen=True, slots=True)
class SourceTrouble:
    """A (re)connect attempt or a read failed; the source keeps trying (not fatal)."""

    detail: str
    attempt: int
    retry_in_s: float


SourceItem = SourceFrame | SourceGap | SourceTrouble


@runtime_checkable
class FrameSource(Protocol):
    """Where ingest gets frames from.

    `fps`, `width` and `height` are valid after `open()`. `session_id` names
    this run of the source and is stable for a given file, so that a replay
    produces the same clip ids (idempotent downstream).
    """

    name: str
    live: bool

    @property
    def fps(self) -> float: ...

    @property
    def width(self) -> int: ...

    @property
    def height(self) -> int: ...

    @property
    def session_id(self) -> str: ...

    def open(self) -> None:
        """Connect / open; raises SourceError with a reason a person can act on."""
        ...

    def frames(
        self, want: FrameFilter | None = None, stop: threading.Event | None = None
    ) -> Iterator[SourceItem]:
        """Frames in order (index strictly increasing, t_media non-decreasing), opening if needed.

        Ends when the source ends or `stop` is set; raises SourceError when
        the source cannot go on (a file that is corrupt part-way).
        """
        ...

    def close(self) -> None:
        """Release the decoder; safe to call twice."""
        ...


MIN_FRAME_SIDE = 16
"""Narrower or lower frames cannot be tracked (phase correlation, keyframes): refused with one line."""


def _prop_fps(cap: cv2.VideoCapture) -> float:
    fps = float(cap.get(cv2.CAP_PROP_FPS))
    return fps if math.isfinite(fps) and 0.5 <= fps <= 1000.0 else 0.0


class _OpenedGeometry:
    """fps and frame size as the decoder reported them on open (0 before)."""

    _fps = 0.0
    _width = 0
    _height = 0

    @property
    def fps(self) -> float:
        return self._fps

    @property
    def width(self) -> int:
        return self._width

    @property
    def height(self) -> int:
        return self._height


DecodeBackend = Literal["auto", "pyav", "opencv"]

# Pixel formats whose first plane is the 8-bit luma at full frame size.
_LUMA_PLANE_FORMATS = frozenset({
    "yuv420p", "yuvj420p", "yuv422p", "yuvj422p", "yuv444p", "yuvj444p", "yuv440p", "yuvj440p",
    "nv12", "nv21", "gray",
})  # fmt: skip


class _Unsupported(Exception):
    """The PyAV path does not handle this file; OpenCV gets it."""


def _decoded(av: Any, container: Any, stream: Any) -> Generator[Any, None, None]:
    """A PyAV stream's frames: ends when the demuxer does (end, unreadable data, a dropped connection);
    a damaged packet is skipped, as OpenCV's grab does."""
    packets = container.demux(stream)
    while True:
        try:
            packet = next(packets)
        except StopIteration:
            return
        except (av.FFmpegError, OSError) as exc:
            log.warning("demuxing stopped: %s", exc)
            return
        try:
            yield from packet.decode()
        except av.FFmpegError as exc:
            log.warning("undecodable packet skipped: %s", exc)


def _luma_plane_of(frame: Any) -> bool:
    """The frame's first plane is its 8-bit luma at full size (and no rotation tag to apply)."""
    return frame.format.name in _LUMA_PLANE_FORMATS and not frame.rotation


def _full_range(frame: Any) -> bool:
    return bool(frame.format.name.startswith("yuvj") or frame.color_range == 2)


class _PyAvReader:
    """Frames of a file decoded with PyAV: the luma plane as is, BGR only on request."""

    def __init__(self, path: Path, threads: int) -> None:
        import av  # optional: FileSource falls back to OpenCV without it
        from av.video.reformatter import VideoReformatter

        container = av.open(str(path))
        try:
            if not container.streams.video:
                raise _Unsupported("no video stream")
            stream = container.streams.video[0]
            stream.thread_type = "AUTO"
            stream.thread_count = max(0, threads)
            self.width, self.height = int(stream.codec_context.width), int(stream.codec_context.height)
            rate = stream.average_rate or stream.guessed_rate
            fps = float(rate) if rate else 0.0
            self.fps = fps if math.isfinite(fps) and 0.5 <= fps <= 1000.0 else 0.0
            self.frame_count = max(0, int(stream.frames or 0))
            self._container, self._stream = container, stream
            self._frames = _decoded(av, container, stream)
            first = next(self._frames, None)
            if first is None:
                raise _Unsupported("no decodable frames")
            if not _luma_plane_of(first):  # OpenCV applies a rotation tag and converts any format
                raise _Unsupported(f"pixel format {first.format.name}" + (", rotated" if first.rotation else ""))
            if self.width <= 0 or self.height <= 0:
                self.width, self.height = first.width, first.height
            self._first: Any = first
            self.full_range = _full_range(first)
            self._reformatter = VideoReformatter()  # one colour converter for all
        except BaseException:
            container.close()
            raise

    def frames(self) -> Iterator[Any]:
        first, self._first = self._first, None
        if first is not None:
            yield first
        yield from self._frames

    @staticmethod
    def grey(frame: Any) -> Image:
        plane = frame.planes[0]
        h, w = frame.height, frame.width
        return np.frombuffer(plane, np.uint8, count=plane.line_size * h).reshape(h, plane.line_size)[:, :w]

    def bgr(self, frame: Any) -> Image:
        return cast(Image, self._reformatter.reformat(frame, format="bgr24").to_ndarray())

    def close(self) -> None:
        self._frames.close()
        self._container.close()


class FileSource(_OpenedGeometry):
    """A video file, decoded with PyAV when it can (see the module doc) or OpenCV's FFmpeg backend.

    Media time is `index / fps` from the container's nominal frame rate, not
    the frames' timestamps, which are unreliable for B-frames and odd containers.
    `fallback_fps` is used when the container gives no sane rate.
    `decode_threads` = 0 lets FFmpeg choose (one per core). `backend` forces
    one decoder ("pyav" fails rather than fall back); `self.backend` says which
    one opened the file.
    """

    live = False

    def __init__(
        self,
        path: str | os.PathLike[str],
        *,
        name: str | None = None,
        decode_threads: int = 0,
        fallback_fps: float = 30.0,
        session_id: str | None = None,
        backend: DecodeBackend = "auto",
    ) -> None:
        self.path = Path(path)
        self.name = name or self.path.name
        self.decode_threads = decode_threads
        self.fallback_fps = fallback_fps
        self._session_id = session_id
        self._cap: cv2.VideoCapture | None = None
        self._pyav: _PyAvReader | None = None
        self.requested_backend: DecodeBackend = backend
        self.backend = ""
        self.frame_count = 0

    def __repr__(self) -> str:
        return f"FileSource({str(self.path)!r})"

    @property
    def session_id(self) -> str:
        if self._session_id is None:
            self._session_id = file_session_id(self.path)
        return self._session_id

    def open(self) -> None:
        if self._cap is not None or self._pyav is not None:
            return
        if not self.path.exists():
            raise SourceError(f"video file not found: {self.path}")
        if not self.path.is_file():
            raise SourceError(f"not a regular file: {self.path}")
        if not os.access(self.path, os.R_OK):
            raise SourceError(f"video file not readable (permissions): {self.path}")
        if self.path.stat().st_size == 0:
            raise SourceError(f"video file is empty: {self.path}")
        if not (self.requested_backend != "opencv" and self._open_pyav()):
            self._open_opencv()
        if min(self._width, self._height) < MIN_FRAME_SIDE:
            size = f"{self._width}x{self._height}"
            self.close()
            raise SourceError(f"{self.path}: frames of {size} px are too small to track (need at least "
                              f"{MIN_FRAME_SIDE} px a side)")  # fmt: skip

    def _open_pyav(self) -> bool:
        try:
            reader = _PyAvReader(self.path, self.decode_threads)
        except Exception as exc:  # ImportError, an FFmpeg error, or a file PyAV's path does not handle
            if self.requested_backend == "pyav":
                raise SourceError(f"cannot decode {self.path} with PyAV: {exc}") from exc
            log.debug("%s: PyAV cannot decode it (%s); using OpenCV", self.path, exc)
            return False
        fps = reader.fps
        if fps == 0.0:
            log.warning(
                "%s: no usable frame rate in the container, assuming %.1f fps", self.path, self.fallback_fps
            )
            fps = self.fallback_fps
        self._pyav, self.backend, self.frame_count = reader, "pyav", reader.frame_count
        self._fps, self._width, self._height = fps, reader.width, reader.height
        return True

    def _open_opencv(self) -> None:
        params = [cv2.CAP_PROP_N_THREADS, self.decode_threads] if self.decode_threads > 0 else []
        cap = cv2.VideoCapture(str(self.path), cv2.CAP_FFMPEG, params)
        if not cap.isOpened():
            cap.release()
            raise SourceError(
                f"cannot decode {self.path}: not a video FFmpeg can read (corrupt or truncated?)"
            )
        width, height = int(cap.get(cv2.CAP_PROP_FRAME_WIDTH)), int(cap.get(cv2.CAP_PROP_FRAME_HEIGHT))
        if width <= 0 or height <= 0:
            cap.release()
            raise SourceError(f"cannot decode {self.path}: no video stream with a frame size")
        fps = _prop_fps(cap)
        if fps == 0.0:
            log.warning(
                "%s: no usable frame rate in the container, assuming %.1f fps", self.path, self.fallback_fps
            )
            fps = self.fallback_fps
        count = cap.get(cv2.CAP_PROP_FRAME_COUNT)
        self.frame_count = int(count) if math.isfinite(count) and count > 0 else 0
        self._cap, self._fps, self._width, self._height = cap, fps, width, height
        self.backend = "opencv"

    def frames(
        self, want: FrameFilter | None = None, stop: threading.Event | None = None
    ) -> Iterator[SourceItem]:
        self.open()
        index = 0
        try:
            items = self._pyav_frames(want, stop) if self._pyav is not None else self._cv_frames(want, stop)
            for item in items:
                yield item
                index += 1
        finally:
            self.close()
        if stop is not None and stop.is_set():
            return
        if index == 0:
            raise SourceError(f"cannot decode {self.path}: no decodable frames (corrupt file?)")
        # Containers state their frame count; stopping well short of it means
        # the decoder gave up on damaged data rather than reaching the end.
        if self.frame_count and index < self.frame_count - max(2, self.frame_count // 100):
            raise SourceError(
                f"{self.path}: decoding stopped after {index} of {self.frame_count} frames "
                "(file truncated or corrupt)"
            )

    def _pyav_frames(self, want: FrameFilter | None, stop: threading.Event | None) -> Iterator[SourceFrame]:
        reader = self._pyav
        assert reader is not None
        fps, full = self._fps, reader.full_range
        for index, frame in enumerate(reader.frames()):
            if stop is not None and stop.is_set():
                return
            t = index / fps
            need = True if want is None else want(index, t)
            if not need:
                yield SourceFrame(index, t, None)
            elif need == GREY:
                yield SourceFrame(index, t, None, reader.grey(frame), full)
            else:
                yield SourceFrame(index, t, reader.bgr(frame), reader.grey(frame), full)

    def _cv_frames(self, want: FrameFilter | None, stop: threading.Event | None) -> Iterator[SourceFrame]:
        cap = self._cap
        assert cap is not None
        fps = self._fps
        index = 0
        while stop is None or not stop.is_set():
            if not cap.grab():
                break
            t = index / fps
            image: Image | None = None
            if want is None or want(index, t):
                ok, img = cap.retrieve()
                if ok and img is not None and img.ndim == 3:
                    image = cast(Image, img)
                else:
                    # A frame FFmpeg could not convert: keep the clock going, skip its pixels.
                    log.warning("%s: frame %d could not be retrieved", self.path, index)
            yield SourceFrame(index, t, image)
            index += 1

    def close(self) -> None:
        if self._cap is not None:
            self._cap.release()
            self._cap = None
        if self._pyav is not None:
            self._pyav.close()
            self._pyav = None


def file_session_id(path: Path) -> str:
    """A short id stable for one file's content: a hash of its size and first 64 KiB."""
    h = hashlib.sha1()
    try:
        st = path.stat()
        h.update(str(st.st_size).encode())
        with path.open("rb") as fh:
            h.update(fh.read(65536))
    except OSError:
        h.update(str(path).encode())
    return h.hexdigest()[:10]


@dataclass(frozen=True, slots=True)
class Backoff:
    """Exponential backoff with proportional jitter: initial * factor**attempt, capped, +-jitter."""

    initial_s: float = 0.5
    factor: float = 2.0
    max_s: float = 30.0
    jitter: float = 0.2

    def delay(self, attempt: int, rng: random.Random | None = None) -> float:
        """Seconds to wait before retry number `attempt` (0-based)."""
        base = min(self.max_s, self.initial_s * self.factor ** min(attempt, 64))
        if self.jitter <= 0:
            return base
        r = (rng or random).uniform(-self.jitter, self.jitter)
        return max(0.0, min(self.max_s, base * (1.0 + r)))


_CAPTURE_OPTIONS_ENV = "OPENCV_FFMPEG_CAPTURE_OPTIONS"
_env_lock = threading.Lock()


def _capture_options(transport: str) -> str:
    """OpenCV's FFmpeg options string with our RTSP transport, keeping anything the user set."""
    current = os.environ.get(_CAPTURE_OPTIONS_ENV, "")
    pairs = [p for p in current.split("|") if p and not p.startswith("rtsp_transport;")]
    return "|".join([f"rtsp_transport;{transport}", *pairs])


class _CvLive:
    """One RTSP connection decoded by OpenCV (FFmpeg inside): BGR frames only."""

    backend = "opencv"

    def __init__(self, url: str, name: str, transport: str, open_timeout_s: float, read_timeout_s: float) -> None:
        params = [
            cv2.CAP_PROP_OPEN_TIMEOUT_MSEC, int(open_timeout_s * 1000),
            cv2.CAP_PROP_READ_TIMEOUT_MSEC, int(read_timeout_s * 1000),
        ]  # fmt: skip
        # OpenCV reads the FFmpeg options from the environment at open time only.
        with _env_lock:
            saved = os.environ.get(_CAPTURE_OPTIONS_ENV)
            os.environ[_CAPTURE_OPTIONS_ENV] = _capture_options(transport)
            try:
                cap = cv2.VideoCapture(url, cv2.CAP_FFMPEG, params)
            finally:
                if saved is None:
                    os.environ.pop(_CAPTURE_OPTIONS_ENV, None)
                else:
                    os.environ[_CAPTURE_OPTIONS_ENV] = saved
        if not cap.isOpened():
            cap.release()
            raise SourceError(f"cannot open {name} (unreachable, refused or not a stream)")
        self._cap = cap
        self.fps = _prop_fps(cap) or 30.0
        self.width = int(cap.get(cv2.CAP_PROP_FRAME_WIDTH))
        self.height = int(cap.get(cv2.CAP_PROP_FRAME_HEIGHT))

    def grab(self) -> bool:
        return bool(self._cap.grab())

    def pts_ms(self) -> float:
        return float(self._cap.get(cv2.CAP_PROP_POS_MSEC))

    def pixels(self, need: bool | Literal["grey"]) -> tuple[Image | None, Image | None, bool]:
        ok, img = self._cap.retrieve()
        return (cast(Image, img) if ok and img is not None and img.ndim == 3 else None), None, False

    def close(self) -> None:
        self._cap.release()


class _PyAvLive:
    """One RTSP connection decoded by PyAV, exactly as files are (`_PyAvReader`): the decoder's luma
    plane for flow frames, BGR only on request. So a camera and the replay of the same video give the
    flow tracker the same pixels, and the same heading."""

    backend = "pyav"

    def __init__(self, url: str, name: str, transport: str, open_timeout_s: float, read_timeout_s: float,
                 probe_s: float = 0.5) -> None:
        import av
        from av.video.reformatter import VideoReformatter

        # FFmpeg reads `analyzeduration` of the stream before the first frame (its default let ~1.9 s pile up):
        # those frames then arrive late, in a burst, and the time away across a reconnect (measured on
        # arrival) comes out that much too long. Half a second still finds the frame rate.
        options = {"rtsp_transport": transport, "analyzeduration": str(int(probe_s * 1e6))}
        try:
            container = av.open(url, options=options, timeout=(open_timeout_s, read_timeout_s))
        except (av.FFmpegError, OSError) as exc:
            raise SourceError(f"cannot open {name} (unreachable, refused or not a stream): {exc}") from None
        try:
            if not container.streams.video:
                raise SourceError(f"{name}: no video stream")
            stream = container.streams.video[0]
            stream.thread_count = 1  # frame threading would hold frames back: latency on a live stream
            rate = stream.average_rate or stream.guessed_rate
            fps = float(rate) if rate else 0.0
            self.fps = fps if math.isfinite(fps) and 0.5 <= fps <= 1000.0 else 30.0
            self.width, self.height = int(stream.codec_context.width), int(stream.codec_context.height)
        except BaseException:
            container.close()
            raise
        self._container = container
        self._frames = _decoded(av, container, stream)
        self._frame: Any = None
        self._reformatter = VideoReformatter()

    def grab(self) -> bool:
        """The next decoded frame; False when the stream dropped, timed out or ended."""
        self._frame = next(self._frames, None)
        return self._frame is not None

    def pts_ms(self) -> float:
        t = self._frame.time
        return float("nan") if t is None else 1000.0 * float(t)

    def pixels(self, need: bool | Literal["grey"]) -> tuple[Image | None, Image | None, bool]:
        frame = self._frame
        luma = _luma_plane_of(frame)
        grey = _PyAvReader.grey(frame) if luma else None
        full = luma and _full_range(frame)
        if need == GREY and grey is not None:
            return None, grey, full
        bgr = cast(Image, self._reformatter.reformat(frame, format="bgr24").to_ndarray())
        return bgr, grey, full

    def close(self) -> None:
        self._container.close()


def _pyav_available() -> bool:
    try:
        import av  # noqa: F401
    except ImportError:
        return False
    return True


@dataclass
class RtspSource(_OpenedGeometry):
    """A live RTSP camera, reconnecting with backoff when the stream drops.

    The media clock is the camera's own: each frame's presentation timestamp
    (PTS) since the connection's first frame, never its arrival time, so a
    burst of buffered frames at start-up or after a stall keeps its real
    spacing. Across an outage the clock runs on by the wall-clock time the
    stream was away: frames continue at the real elapsed time and a `SourceGap`
    says what was missed (so does a jump in the camera's own timestamps). A
    stream without usable timestamps falls back to arrival time.
    Frame indices keep counting across reconnects. `max_attempts` bounds the
    failed attempts in a row (None: keep trying until `stop`); when reached,
    `frames()` raises SourceError. `backend`: "auto" decodes with PyAV when it is
    installed (the luma plane for flow frames, as `FileSource` does, so a camera
    and the replay of its recording track the same pixels), else with OpenCV.
    """

    url: str
    name: str = ""
    transport: str = "tcp"
    open_timeout_s: float = 10.0
    read_timeout_s: float = 5.0
    backoff: Backoff = field(default_factory=Backoff)
    max_attempts: int | None = None
    clock: Callable[[], float] = time.monotonic
    rng: random.Random = field(default_factory=random.Random)
    backend: DecodeBackend = "auto"
    settle_s: float = 0.8
    """After a reconnect, the first frames are held this long (wall clock) to measure the time away."""
    live: bool = field(default=True, init=False)

    def __post_init__(self) -> None:
        self.name = self.name or redact_url(self.url)
        self._cap: _CvLive | _PyAvLive | None = None
        self._session_id = ""
        use_pyav = self.backend == "pyav" or (self.backend == "auto" and _pyav_available())
        self._connection = _PyAvLive if use_pyav else _CvLive

    def __repr__(self) -> str:
        return f"RtspSource({redact_url(self.url)!r})"

    @property
    def session_id(self) -> str:
        """UTC time of the session's first connect, e.g. 20250101T120000Z ('' before it)."""
        return self._session_id

    @property
    def decoder(self) -> str:
        """"pyav" or "opencv": what decodes this camera's stream."""
        return self._connection.backend

    def open(self) -> None:
        if self._cap is not None:
            return
        conn = self._connection(self.url, self.name, self.transport, self.open_timeout_s, self.read_timeout_s)
        self._cap = conn
        self._fps, self._width, self._height = conn.fps, conn.width, conn.height
        if not self._session_id:
            self._session_id = time.strftime("%Y%m%dT%H%M%SZ", time.gmtime())

    def close(self) -> None:
        if self._cap is not None:
            self._cap.close()
            self._cap = None

    def _connect(self, stop: threading.Event) -> Iterator[SourceTrouble]:
        """Open, retrying with backoff; yields one SourceTrouble per failed attempt."""
        attempt = 0
        while not stop.is_set():
            try:
                self.open()
                return
            except SourceError as exc:
                if self.max_attempts is not None and attempt + 1 >= self.max_attempts:
                    raise SourceError(f"{exc}; gave up after {attempt + 1} attempts") from exc
                wait = self.backoff.delay(attempt, self.rng)
                log.warning("%s; retrying in %.1f s", exc, wait)
                yield SourceTrouble(str(exc), attempt + 1, wait)
                attempt += 1
                stop.wait(wait)

    def _first_frames(self, cap: _CvLive | _PyAvLive, stop: threading.Event) -> list[_HeldFrame]:
        """A reconnected stream's first frames, held for up to `settle_s` of arrival (pixels decoded): they
        come in a burst (what the client buffered while probing the stream), then at the camera's pace."""
        held: list[_HeldFrame] = []
        while not stop.is_set() and cap.grab():
            now = self.clock()
            image, grey, full = cap.pixels(True)
            held.append(_HeldFrame(now, cap.pts_ms(), image, grey, full))
            if now - held[0].wall >= self.settle_s or len(held) >= 4 * self._fps * self.settle_s:
                return held
        return held  # the stream dropped again while settling: what came is kept

    def _time_away(self, held: list[_HeldFrame], last_wall: float) -> float:
        """From the last frame before the outage to the first after it, on the camera's pace: a frame that
        arrived k frames' time after the first cannot have been taken later than its arrival, so the first
        was taken by min(arrival - its time since the first). Arrival alone overstates the time away by the
        burst (0.58 s with a 0.5 s probe, 1.85 s with FFmpeg's default)."""
        clock = _CameraClock(self._fps, 0.0, held[0].wall)
        taken = min(f.wall - clock.time(f.pts_ms, f.wall)[0] for f in held)
        return max(min(taken, held[0].wall) - last_wall, 1.0 / self._fps)

    def frames(
        self, want: FrameFilter | None = None, stop: threading.Event | None = None
    ) -> Iterator[SourceItem]:
        stop = stop or threading.Event()
        index = 0
        last_t = 0.0
        last_wall: float | None = None  # arrival of the previous frame (outages are measured on it)
        dropped: str | None = None  # why the stream dropped, while reconnecting
        try:
            while not stop.is_set():
                yield from self._connect(stop)
                if stop.is_set():
                    break
                cap = self._cap
                assert cap is not None
                fails = 0
                clock: _CameraClock | None = None  # started by the connection's first frame
                held: list[_HeldFrame] = []
                if last_wall is not None:  # a reconnect: how long was the stream away?
                    held = self._first_frames(cap, stop)
                    base = last_t + self._time_away(held, last_wall) if held else last_t
                    clock = _CameraClock(self._fps, base, held[0].wall if held else self.clock())
                while not stop.is_set():
                    if held:
                        frame = held.pop(0)
                        now, pts_ms = frame.wall, frame.pts_ms
                    elif not cap.grab():
                        fails += 1
                        dropped = f"read failed on {self.name} (stream dropped or timed out)"
                        break
                    else:
                        frame, now, pts_ms = None, self.clock(), cap.pts_ms()
                    if clock is None:
                        clock = _CameraClock(self._fps, 0.0, now)
                    t, jumped = clock.time(pts_ms, now)
                    t = max(t, last_t + 1e-6) if index else t
                    last_wall = now
                    if dropped is not None:
                        yield SourceGap(start_t=last_t, end_t=t, reason=dropped)
                        dropped = None
                    elif jumped:
                        yield SourceGap(start_t=last_t, end_t=t, reason=f"{self.name}: the camera's clock jumped")
                    image: Image | None = None
                    grey: Image | None = None
                    full = False
                    need = True if want is None else want(index, t)
                    if need and frame is not None:
                        image, grey, full = frame.image, frame.grey, frame.full
                        if need == GREY:
                            image = None
                    elif need:
                        image, grey, full = cap.pixels(need)
                    yield SourceFrame(index, t, image, grey, full)
                    index += 1
                    last_t = t
                self.close()
                if dropped is not None and not stop.is_set():
                    log.warning("%s; reconnecting", dropped)
                    yield SourceTrouble(dropped, fails, 0.0)
        finally:
            self.close()


@dataclass
class _HeldFrame:
    """A decoded frame held back while a reconnected stream's time away is measured."""

    wall: float
    pts_ms: float
    image: Image | None
    grey: Image | None
    full: bool


class _CameraClock:
    """One connection's media time from the stream's timestamps (`base` + PTS since its first frame).

    Repeated or missing timestamps advance by one frame (a connection's first frames, too, until its
    first timestamp); a jump of more than `jump_s` is kept (the
    camera's clock says time passed) and reported; a connection whose timestamps are unusable (not
    finite, or going backwards) runs on arrival time instead."""

    def __init__(self, fps: float, base: float, wall0: float, jump_s: float = 2.0) -> None:
        self.fps = fps if fps and math.isfinite(fps) and fps > 0 else 30.0
        self.base = base
        self.jump_s = jump_s
        self._wall0 = wall0
        self._pts0: float | None = None
        self._last: float | None = None
        self._unstamped = 0  # frames before the first timestamp
        self._wall_only = False

    def time(self, pos_msec: float, wall: float) -> tuple[float, bool]:
        pts = pos_msec / 1000.0 if pos_msec is not None and math.isfinite(pos_msec) and pos_msec >= 0 else None
        step = 1.0 / self.fps
        if pts is not None and self._last is not None and pts < self._last - step - 1e-6:
            self._wall_only = True  # timestamps went backwards: not a clock to trust
        if pts is None and not self._wall_only:
            if self._last is not None:
                pts = self._last + step  # one frame without a timestamp: the next frame
            elif self._unstamped < 2.0 * self.fps:
                # FFmpeg's RTSP reader gives a connection's first frame(s) no timestamp: they come one frame
                # apart, and the first stamped frame's time follows them.
                self._unstamped += 1
                return self.base + (self._unstamped - 1) * step, False
            else:
                self._wall_only = True  # two seconds without a timestamp: the camera does not stamp
        if self._wall_only or pts is None:
            t = self.base + (wall - self._wall0)
            return t, False
        if self._pts0 is None:
            self._pts0 = pts - self._unstamped * step
        if self._last is not None and pts < self._last + 0.5 * step:
            pts = self._last + step  # a repeated (or lagging) timestamp: the next frame
        jumped = self._last is not None and pts - self._last > self.jump_s
        self._last = pts
        return self.base + (pts - self._pts0), jumped


def redact_url(url: str) -> str:
    """The URL without credentials (user:password@ becomes ***@), for logs, events and clips."""
    if "://" not in url:
        return url
    scheme, rest = url.split("://", 1)
    authority, sep, path = rest.partition("/")
    if "@" not in authority:
        return url
    return f"{scheme}://***@{authority.rsplit('@', 1)[1]}{sep}{path}"


def open_source(uri: str, **kwargs: object) -> FileSource | RtspSource:
    """A source for an rtsp:// (or rtsps://) URL or a file path."""
    if uri.startswith(("rtsp://", "rtsps://")):
        return RtspSource(uri, **kwargs)  # type: ignore[arg-type]
    return FileSource(uri, **kwargs)  # type: ignore[arg-type]
