"""The captioner service on real Redis: clips (+ keyframe JPEGs or external detections) in, captions out."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import cv2
import numpy as np
import pytest
from redis import Redis

from spotter import streams
from spotter.blobstore import LocalBlobStore, keyframe_key
from spotter.bus import StreamConsumer, StreamPublisher
from spotter.caption.service import CaptionerHandler, CaptionerServiceSettings, DetectionIndex, KeyframeTimes
from spotter.detect import DetectorSettings, make_detector
from spotter.messages import Camera, Caption, Clip, Detection, DetectionFrame, Keyframe, decode

pytestmark = pytest.mark.integration

CAM = "cam-cap"
OTHER = "cam-other"
ROOT = Path(__file__).resolve().parents[2]
# Keyframe times deliberately uneven: spreading them evenly over the clip would give other times.
KEYFRAME_TIMES = (0.4, 1.7, 3.1)


def wait_for(condition: Callable[[], bool], timeout_s: float, what: str) -> None:
    deadline = time.monotonic() + timeout_s
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout_s}s waiting for {what}")
        time.sleep(0.02)


def cone_jpeg(x: int) -> bytes:
    img = np.full((360, 640, 3), 150, np.uint8)
    pts = np.array([[x - 20, 300], [x + 20, 300], [x, 230]], np.int32)
    cv2.fillPoly(img, [pts], (0, 100, 255))
    cv2.line(img, (x - 10, 265), (x + 10, 265), (255, 255, 255), 4)
    ok, jpeg = cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, 90])
    assert ok
    return bytes(jpeg.tobytes())


def publish_keyframe_clip(redis: Redis, blobs: LocalBlobStore, clip_id: str = "cam-cap-000000") -> Clip:
    """What ingest leaves behind for one clip: JPEGs in the blob store, Keyframe messages, then the Clip."""
    redis.hset(
        streams.CAMERAS, CAM, Camera(camera_id=CAM, source="test.mp4", hfov_deg=70.0).model_dump_json()
    )
    keys, kfs = [], []
    for i, t in enumerate(KEYFRAME_TIMES):
        index = int(t * 10)
        key = blobs.put(keyframe_key(CAM, clip_id, index), cone_jpeg(200 + 10 * i), "image/jpeg")
        keys.append(key)
        kfs.append(
            Keyframe(
                camera_id=CAM, t=t, clip_id=clip_id, frame_index=index, blob_key=key, width=640, height=360
            )
        )
    # Another camera's keyframes in between: the lookup must not take them.
    other_key = blobs.put(keyframe_key(OTHER, "o-0", 1), cone_jpeg(500), "image/jpeg")
    other = Keyframe(
        camera_id=OTHER, t=0.1, clip_id="o-0", frame_index=1, blob_key=other_key, width=640, height=360
    )
    StreamPublisher[Keyframe](redis, streams.KEYFRAMES).publish_many(
        [(kfs[0], None), (other, None), *((k, None) for k in kfs[1:])]
    )
    clip = Clip(
        camera_id=CAM,
        t=4.0,
        clip_id=clip_id,
        t_start=0.0,
        t_end=4.0,
        n_frames=40,
        keyframes=keys,
        source="test.mp4",
    )
    StreamPublisher[Clip](redis, streams.CLIPS).publish(clip)
    return clip


def captions(redis: Redis) -> list[Caption]:
    out = []
    for _id, fields in redis.xrange(streams.CAPTIONS):
        msg, _ = decode(fields)
        assert isinstance(msg, Caption)
        out.append(msg)
    return out


def content(caption: Caption) -> dict[str, Any]:
    return caption.model_dump(exclude={"wall_time"})


def builtin_handler(redis: Redis, blobs: LocalBlobStore, **kw: Any) -> CaptionerHandler:
    detector = make_detector(DetectorSettings(hog_width=0))  # cones only: people (HOG) are slow here
    return CaptionerHandler(redis, detector, blobs, CaptionerServiceSettings(**kw))


def consumer(redis: Redis, name: str, **kw: Any) -> StreamConsumer[Clip]:
    return StreamConsumer(redis, streams.CLIPS, streams.GROUP_CAPTIONER, name, model=Clip, block_ms=50, **kw)


def test_keyframes_through_the_builtin_detector_become_a_caption(redis: Redis, tmp_path: Path) -> None:
    blobs = LocalBlobStore(tmp_path / "blobs")
    publish_keyframe_clip(redis, blobs)
    handler = builtin_handler(redis, blobs)
    stop = threading.Event()
    worker = threading.Thread(target=consumer(redis, "cap-1").run, args=(handler, stop))
    worker.start()
    try:
        wait_for(lambda: redis.xlen(streams.CAPTIONS) >= 1, 30, "a caption")
    finally:
        stop.set()
        worker.join(10)
    (caption,) = captions(redis)
    assert caption.clip_id == "cam-cap-000000" and caption.camera_id == CAM
    assert (caption.t_start, caption.t) == (0.0, 4.0)
    assert (caption.width, caption.height, caption.hfov_deg) == (640, 360, 70.0)
    assert caption.backend == "template"
    (obs,) = caption.observations
    assert obs.label == "cone"
    # Each box at its keyframe's media time, found on the KEYFRAMES stream.
    assert [b.t for b in obs.boxes] == list(KEYFRAME_TIMES)
    assert obs.boxes[0].bbox[0] < obs.boxes[-1].bbox[0]  # the cone drifts right, one track
    assert "cone" in caption.text
    assert redis.xpending(streams.CLIPS, streams.GROUP_CAPTIONER)["pending"] == 0


def test_a_redelivered_clip_gets_an_equal_caption(redis: Redis, tmp_path: Path) -> None:
    blobs = LocalBlobStore(tmp_path / "blobs")
    publish_keyframe_clip(redis, blobs)
    first = consumer(redis, "cap-crashed")
    first.ensure_group()
    (delivery,) = first.read()
    builtin_handler(redis, blobs)(delivery)  # published, then "crashed" before the ack
    assert redis.xpending(streams.CLIPS, streams.GROUP_CAPTIONER)["pending"] == 1

    stop = threading.Event()
    second = consumer(redis, "cap-2", claim_idle_ms=50)
    worker = threading.Thread(target=second.run, args=(builtin_handler(redis, blobs), stop))
    worker.start()
    try:
        wait_for(lambda: redis.xlen(streams.CAPTIONS) >= 2, 30, "the redelivered clip's caption")
        wait_for(
            lambda: redis.xpending(streams.CLIPS, streams.GROUP_CAPTIONER)["pending"] == 0, 10, "the ack"
        )
    finally:
        stop.set()
        worker.join(10)
    a, b = captions(redis)
    assert content(a) == content(b)
    assert a.observations


def test_missing_keyframe_messages_and_blobs_degrade_without_failing(redis: Redis, tmp_path: Path) -> None:
    blobs = LocalBlobStore(tmp_path / "blobs")
    clip = publish_keyframe_clip(redis, blobs)
    redis.delete(streams.KEYFRAMES)
    blobs.delete(clip.keyframes[1])
    caption = builtin_handler(redis, blobs).handle(clip)
    (obs,) = caption.observations
    # Times spread evenly over the clip (0..4 s, three keyframes), the missing JPEG skipped.
    assert [round(b.t, 3) for b in obs.boxes] == [0.667, 3.333]


def test_keyframe_times_are_found_behind_many_other_cameras_keyframes(redis: Redis, tmp_path: Path) -> None:
    blobs = LocalBlobStore(tmp_path / "blobs")
    clip = publish_keyframe_clip(redis, blobs)
    (clip_id,) = [i for i, _ in redis.xrange(streams.CLIPS)]
    others = [
        Keyframe(
            camera_id=OTHER,
            t=i,
            clip_id="o-1",
            frame_index=i,
            blob_key=f"{OTHER}/o-1/{i:08d}.jpg",
            width=8,
            height=8,
        )
        for i in range(600)
    ]
    StreamPublisher[Keyframe](redis, streams.KEYFRAMES).publish_many([(k, None) for k in others])
    times, size = KeyframeTimes(redis, lookback_s=60.0).times(clip, clip_id.decode())
    assert times == list(KEYFRAME_TIMES) and size == (640, 360)


# --- external detections ----------------------------------------------------------------------


def det_frame(
    camera: str, t: float, dets: Sequence[Detection], width: int = 1280, height: int = 720
) -> DetectionFrame:
    return DetectionFrame(
        camera_id=camera, t=t, width=width, height=height, detections=list(dets), source="external"
    )


def worker_and_ladder(t: float) -> list[Detection]:
    x = 100 + 20 * t
    return [
        Detection(
            label="worker", bbox=(x, 200, x + 80, 500), score=0.9, track_id="7", attributes={"hardhat": True}
        ),
        Detection(label="ladder", bbox=(900, 150, 1000, 600), score=0.8, track_id="3"),
    ]


def publish_external(redis: Redis, t_from: float, t_to: float, step: float = 0.25) -> None:
    pub = StreamPublisher[DetectionFrame](redis, streams.DETECTIONS, maxlen=streams.DETECTIONS_MAXLEN)
    items: list[tuple[DetectionFrame, bytes | None]] = []
    for i in range(round((t_to - t_from) / step)):
        t = round(t_from + i * step, 3)
        items.append((det_frame(CAM, t, worker_and_ladder(t)), None))
        items.append((det_frame(OTHER, t, [Detection(label="cone", bbox=(1, 1, 20, 20))]), None))
    pub.publish_many(items)


def external_clip(redis: Redis, t_start: float, t_end: float) -> Clip:
    clip = Clip(
        camera_id=CAM, t=t_end, clip_id=f"{CAM}-{int(t_start):06d}", t_start=t_start, t_end=t_end,
        n_frames=int((t_end - t_start) * 10), source="rtsp://cam",
    )  # fmt: skip
    StreamPublisher[Clip](redis, streams.CLIPS).publish(clip)
    return clip


def external_handler(redis: Redis, tmp_path: Path, **kw: Any) -> CaptionerHandler:
    settings = CaptionerServiceSettings(detect_fps=2.0, detections_wait_s=kw.pop("wait", 0.3), **kw)
    return CaptionerHandler(redis, None, LocalBlobStore(tmp_path / "blobs"), settings, external=True)


def test_external_detections_on_the_bus_become_the_captions_observations(
    redis: Redis, tmp_path: Path
) -> None:
    publish_external(redis, 0.0, 6.0)
    # The same file published again with other content: the first frame at each time stays.
    StreamPublisher[DetectionFrame](redis, streams.DETECTIONS).publish(
        det_frame(CAM, 1.0, [Detection(label="drill", bbox=(5, 5, 50, 50))])
    )
    clip = external_clip(redis, 0.0, 4.0)
    handler = external_handler(redis, tmp_path)
    stop = threading.Event()
    worker = threading.Thread(target=consumer(redis, "cap-ext").run, args=(handler, stop))
    worker.start()
    try:
        wait_for(lambda: redis.xlen(streams.CAPTIONS) >= 1, 30, "a caption from external detections")
    finally:
        stop.set()
        worker.join(10)
    (caption,) = captions(redis)
    assert caption.clip_id == clip.clip_id
    assert (caption.width, caption.height) == (1280, 720)  # the detection frames' size
    by_label = {o.label: o for o in caption.observations}
    assert set(by_label) == {"worker", "ladder"}  # not the other camera's cone, not the duplicate's drill
    expected_t = [0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 3.5]  # [0, 4) thinned to 2 fps
    assert [b.t for b in by_label["worker"].boxes] == expected_t
    assert [b.bbox for b in by_label["worker"].boxes] == [worker_and_ladder(t)[0].bbox for t in expected_t]
    assert by_label["worker"].attributes.get("hardhat") is True

    again = external_handler(redis, tmp_path).caption(clip)  # a fresh replica, reading from the start
    assert content(again) == content(caption)


def test_a_clip_waits_for_late_external_detections(redis: Redis, tmp_path: Path) -> None:
    publish_external(redis, 0.0, 5.0)
    clip = external_clip(redis, 4.0, 8.0)
    late = threading.Timer(0.3, publish_external, args=(redis, 5.0, 9.0))
    late.start()
    try:
        caption = external_handler(redis, tmp_path, wait=10.0).caption(clip)
    finally:
        late.join()
    (worker,) = [o for o in caption.observations if o.label == "worker"]
    assert [b.t for b in worker.boxes] == [4.0, 4.5, 5.0, 5.5, 6.0, 6.5, 7.0, 7.5]


def test_an_old_window_behind_the_index_is_served_by_a_scan(redis: Redis) -> None:
    publish_external(redis, 0.0, 30.0)
    index = DetectionIndex(redis, retention_s=5.0, batch=7)
    index.poll()
    assert index.latest(CAM) == pytest.approx(29.75)
    assert index.horizon(CAM) is None  # nothing served yet: everything stays indexed
    first = index.window(CAM, 2.0, 4.0, fps=2.0)
    new = index.window(CAM, 26.0, 28.0, fps=2.0)
    assert index.horizon(CAM) == pytest.approx(21.0)
    old = index.window(CAM, 2.0, 4.0, fps=2.0)  # behind the horizon now: the full-stream scan
    assert [f.t for f in first] == [f.t for f in old] == [2.0, 2.5, 3.0, 3.5]
    assert [f.model_dump() for f in first] == [f.model_dump() for f in old]
    assert [f.t for f in new] == [26.0, 26.5, 27.0, 27.5]
    assert all(f.camera_id == CAM for f in old + new)


def test_the_index_forgets_what_the_stream_trimmed(redis: Redis, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("spotter.caption.service.TRIM_CHECK_S", 0.0)
    publish_external(redis, 0.0, 10.0)
    index = DetectionIndex(redis)
    index.poll()
    redis.xtrim(streams.DETECTIONS, maxlen=20)  # the last 10 frames of each camera stay
    publish_external(redis, 10.0, 11.0)
    index.poll()
    assert [f.t for f in index.window(CAM, 0.0, 20.0, fps=100.0)] == [7.5 + 0.25 * i for i in range(14)]


# --- the process --------------------------------------------------------------------------------


def test_service_process_captions_checks_healthy_and_stops_on_sigterm(
    redis: Redis, redis_url: str, tmp_path: Path
) -> None:
    blobs = LocalBlobStore(tmp_path / "blobs")
    publish_keyframe_clip(redis, blobs)
    env = {
        **os.environ,
        "REDIS_URL": redis_url,
        "SPOTTER_BLOCK_MS": "50",
        "SPOTTER_HEARTBEAT_S": "0.2",
        "SPOTTER_CONSUMER_NAME": "cap-proc",
        "SPOTTER_CAPTIONER_BLOB_DIR": str(tmp_path / "blobs"),
        "SPOTTER_DETECT_BACKEND": "builtin",
        "SPOTTER_DETECT_HOG_WIDTH": "0",
        "SPOTTER_CAPTION_BACKEND": "template",
    }
    log_path = tmp_path / "captioner.log"
    with open(log_path, "wb") as log:
        proc = subprocess.Popen(
            [sys.executable, "-m", "services.captioner"],
            cwd=ROOT,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
    try:
        wait_for(lambda: redis.xlen(streams.CAPTIONS) >= 1, 60, "a caption from the service process")
        check = subprocess.run(
            [sys.executable, "-m", "services.captioner", "--check"],
            cwd=ROOT,
            env=env,
            capture_output=True,
            timeout=60,
        )
        assert check.returncode == 0, check.stderr
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(20) == 0, log_path.read_text()
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(10)
    (caption,) = captions(redis)
    assert [o.label for o in caption.observations] == ["cone"]
