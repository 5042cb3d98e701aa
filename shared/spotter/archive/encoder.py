"""Image encoders for the visual archive: the classical default and a plug-in hook.

`ImageEncoder` is what the archive needs: `encode_image(bgr) -> unit vector` of `dim` floats.
An encoder that also implements `encode_text` (a `TextImageEncoder`, e.g. a CLIP-like model)
enables text-to-image search (`VisualArchive.similar_text`).

`SPOTTER_ARCHIVE_ENCODER` chooses one:

* `classical` (default): `GlobalDescriptor`, no weights, image-to-image only.
* `package.module:factory`: a plug-in. `factory()` (no arguments; read your own settings from
  the environment) must return an `ImageEncoder`, optionally a `TextImageEncoder`. This is the
  place for a multimodal model, local or remote.

There is deliberately no built-in "OpenAI-compatible" image encoder: `/v1/embeddings` has no
standard image input (servers that embed images each use their own request shape), so a
remote multimodal model is wired through a small plug-in factory rather than guessed at.
Anything else is a `ConfigError` at start-up.
"""

from __future__ import annotations

import importlib
from typing import Protocol, runtime_checkable

import numpy as np
import numpy.typing as npt

from spotter.archive.descriptor import GlobalDescriptor
from spotter.errors import ConfigError

F32 = npt.NDArray[np.float32]
Image = npt.NDArray[np.uint8]


@runtime_checkable
class ImageEncoder(Protocol):
    """One image -> one `dim`-float vector compared by cosine similarity."""

    name: str
    dim: int

    def encode_image(self, image: Image) -> F32:
        """The vector of one BGR uint8 image (any size)."""
        ...


@runtime_checkable
class TextImageEncoder(ImageEncoder, Protocol):
    """An encoder whose text and image vectors share one space (text-to-image search)."""

    def encode_text(self, text: str) -> F32:
        """The vector of a text query, comparable with `encode_image` vectors."""
        ...


class ClassicalEncoder:
    """`GlobalDescriptor` as an `ImageEncoder` (no text)."""

    def __init__(self) -> None:
        self._descriptor = GlobalDescriptor()
        self.name = self._descriptor.name
        self.dim = self._descriptor.dim

    def encode_image(self, image: Image) -> F32:
        return self._descriptor.describe(image)


def make_encoder(spec: str) -> ImageEncoder:
    """`classical` or a `module:factory` plug-in (see the module docstring); ConfigError otherwise."""
    if spec == "classical":
        return ClassicalEncoder()
    module_name, sep, attr = spec.partition(":")
    if not sep or not module_name or not attr:
        raise ConfigError(
            f"SPOTTER_ARCHIVE_ENCODER={spec!r}: expected 'classical' or 'package.module:factory' "
            "(a multimodal encoder is a plug-in; there is no built-in remote image encoder)"
        )
    try:
        factory = getattr(importlib.import_module(module_name), attr)
        encoder = factory()
    except (ImportError, AttributeError) as exc:
        raise ConfigError(f"SPOTTER_ARCHIVE_ENCODER={spec!r} cannot be loaded: {exc}") from exc
    if not isinstance(encoder, ImageEncoder) or not isinstance(getattr(encoder, "dim", None), int):
        raise ConfigError(
            f"SPOTTER_ARCHIVE_ENCODER={spec!r} did not return an ImageEncoder (name, dim, encode_image)"
        )
    return encoder


__all__ = ["ClassicalEncoder", "ImageEncoder", "TextImageEncoder", "make_encoder"]
