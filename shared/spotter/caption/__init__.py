"""Clip captioning: text plus structured observations for each finished clip.

- `TemplateCaptioner` (template.py): deterministic text from the tracked
  observations and the head motion; needs no model and never fails.
- `VlmCaptioner` (vlm.py): an OpenAI-compatible vision-language model, asked
  for JSON validated against `VlmReply`; its entities are merged into the
  tracked observations (merge.py). Imported lazily so that the template path
  never loads `openai`.
- `caption_clip(...)`: the VLM when configured, falling back to the template
  (backend "vlm->template") when the VLM raises `CaptionError`.
"""

from __future__ import annotations

import importlib
import logging
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from spotter.caption.errors import CaptionError
from spotter.caption.settings import CaptionBackend, CaptionerSettings
from spotter.caption.template import ClipMeta, TemplateCaptioner
from spotter.messages import Caption, Observation

if TYPE_CHECKING:
    from spotter.caption.vlm import KeyframeImage, VlmCaptioner

log = logging.getLogger(__name__)
FALLBACK_BACKEND = "vlm->template"


def make_vlm(settings: CaptionerSettings) -> VlmCaptioner | None:
    """The VLM captioner when `backend == "vlm"`, else None (no I/O either way)."""
    if settings.backend != "vlm":
        return None
    module = importlib.import_module("spotter.caption.vlm")
    vlm: VlmCaptioner = module.VlmCaptioner(settings)
    return vlm


def caption_clip(
    clip_meta: ClipMeta,
    observations: Sequence[Observation],
    motion: Mapping[str, Any] | None = None,
    keyframes: Sequence[KeyframeImage] = (),
    *,
    vlm: VlmCaptioner | None = None,
    template: TemplateCaptioner | None = None,
) -> Caption:
    """Caption one clip; always returns a Caption (the template when the VLM is absent or fails)."""
    template = template or TemplateCaptioner()
    if vlm is None:
        return template.caption(clip_meta, observations, motion)
    try:
        return vlm.caption(clip_meta, observations, motion, keyframes)
    except CaptionError as exc:
        log.warning("clip %s: VLM caption failed, using the template: %s", clip_meta.clip_id, exc)
        return template.caption(clip_meta, observations, motion, backend=FALLBACK_BACKEND)


def __getattr__(name: str) -> object:
    if name in {"VlmCaptioner", "KeyframeImage"}:
        return getattr(importlib.import_module("spotter.caption.vlm"), name)
    raise AttributeError(name)


__all__ = [
    "FALLBACK_BACKEND",
    "CaptionBackend",
    "CaptionError",
    "CaptionerSettings",
    "ClipMeta",
    "KeyframeImage",
    "TemplateCaptioner",
    "VlmCaptioner",
    "caption_clip",
    "make_vlm",
]
