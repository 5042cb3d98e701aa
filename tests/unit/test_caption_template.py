"""Template captions: deterministic text from observations and head motion."""

from __future__ import annotations

import subprocess
import sys

from spotter.caption import CaptionerSettings, ClipMeta, TemplateCaptioner, caption_clip, make_vlm
from spotter.caption.template import attribute_phrases, motion_phrase, position_phrase
from spotter.messages import Observation, TimedBox

META = ClipMeta(camera_id="cam1", clip_id="c7", t_start=10.0, t=14.0, width=1000, height=600, hfov_deg=90.0)


def obs(track: str, label: str, x1: float, x2: float, **kw: object) -> Observation:
    return Observation(track=track, label=label, boxes=[TimedBox(t=12.0, bbox=(x1, 100.0, x2, 500.0))], **kw)


def test_text_lists_people_first_then_things_then_the_turn() -> None:
    worker = obs("t0", "worker", 650, 750, state="active",
                 attributes={"hardhat": True, "vest_color": "orange", "ext_track_id": "7"})
    ladder = obs("t1", "ladder", 50, 150)
    cap = TemplateCaptioner().caption(META, [ladder, worker], {"yaw_start_deg": 10.0, "yaw_end_deg": 100.0})
    assert cap.text == "Worker (hard hat, orange vest) active at front-right; ladder at left; wearer turned right 90 deg."
    assert cap.backend == "template"
    assert (cap.clip_id, cap.camera_id, cap.t_start, cap.t, cap.width, cap.height, cap.hfov_deg) == (
        "c7", "cam1", 10.0, 14.0, 1000, 600, 90.0)
    assert [o.track for o in cap.observations] == ["t1", "t0"]


def test_text_is_deterministic_and_handles_nothing() -> None:
    cap = TemplateCaptioner().caption(META, [], None)
    assert cap.text == "Nothing detected."
    again = TemplateCaptioner().caption(META, [], None)
    assert cap.text == again.text


def test_phrases() -> None:
    assert attribute_phrases({"hardhat": False}) == ["no hard hat"]
    assert attribute_phrases({"hardhat": True, "hardhat_color": "yellow"}) == ["yellow hard hat"]
    assert motion_phrase({"yaw_start_deg": 170.0, "yaw_end_deg": -150.0}) == "wearer turned right 40 deg"
    assert motion_phrase({"yaw_start_deg": 0.0, "yaw_end_deg": -45.0}) == "wearer turned left 45 deg"
    assert motion_phrase({"yaw_start_deg": 0.0, "yaw_end_deg": 5.0}) == "wearer kept heading"
    assert motion_phrase(None) is None
    assert [position_phrase((x, 0, x + 10, 10), 1000) for x in (0, 300, 495, 700, 900)] == [
        "left", "front-left", "front", "front-right", "right"]


def test_template_backend_needs_no_vlm() -> None:
    settings = CaptionerSettings(backend="template")
    assert make_vlm(settings) is None
    assert caption_clip(META, [obs("t0", "worker", 0, 100)], vlm=None).backend == "template"


def test_importing_caption_does_not_load_openai() -> None:
    code = "import sys, spotter.caption; assert 'openai' not in sys.modules, 'openai loaded'"
    subprocess.run([sys.executable, "-c", code], check=True)
