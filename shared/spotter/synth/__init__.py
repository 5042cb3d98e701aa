"""Synthetic hardhat-camera videos with exact ground-truth heading.

A procedural construction-site panorama (:func:`make_panorama`) is viewed through a
pinhole camera (:func:`render_view` / :class:`ViewRenderer`) following a scripted head
motion (:func:`make_trajectory`), degraded (blur, flicker, noise) and written to MP4
plus a truth CSV ``frame,t,yaw_deg,pitch_deg,roll_deg`` (:func:`write_video`,
:func:`generate`, which caches by parameter hash).

Scenarios (:mod:`spotter.synth.scenario`): workers, ladders, toolboxes, tools and a growing
brick wall placed around the wearer on a timeline, composited as sprites into each view,
with per-frame ground-truth detections, events, questions and answers
(:func:`generate_scenario`; questions and the scorer in :mod:`spotter.synth.questions`).

Sign conventions (see :mod:`spotter.synth.render`): yaw positive = wearer turns right
(clockwise from above; the scene moves left in the image; panorama azimuth ``a`` is at
the image centre when yaw == a); pitch positive = looking up; roll positive = clockwise
head tilt as felt by the wearer (scene appears rotated counter-clockwise).
"""

from .degrade import Degradation
from .panorama import make_panorama
from .questions import KINDS, SECTORS, make_questions, score_answers, sector_of
from .render import ViewRenderer, focal_px, render_view, rotation_matrix
from .scenario import (
    SCENARIOS,
    CameraModel,
    Scenario,
    ScenarioRenderer,
    ScenarioRun,
    Span,
    WorldObject,
    build_scenario,
    generate_scenario,
    scenario_trajectory,
)
from .trajectory import SCRIPTS, Trajectory, make_trajectory
from .video import GENERATOR_VERSION, GeneratedVideo, generate, load_truth, write_truth, write_video

__all__ = [
    "GENERATOR_VERSION",
    "KINDS",
    "SCENARIOS",
    "SCRIPTS",
    "SECTORS",
    "CameraModel",
    "Degradation",
    "GeneratedVideo",
    "Scenario",
    "ScenarioRenderer",
    "ScenarioRun",
    "Span",
    "Trajectory",
    "ViewRenderer",
    "WorldObject",
    "build_scenario",
    "focal_px",
    "generate",
    "generate_scenario",
    "load_truth",
    "make_panorama",
    "make_questions",
    "make_trajectory",
    "render_view",
    "rotation_matrix",
    "scenario_trajectory",
    "score_answers",
    "sector_of",
    "write_truth",
    "write_video",
]
