"""The visual archive: keyframe descriptors in the vector store, JPEGs under a budget.

* `descriptor`: the classical global descriptor (no weights), the default encoder.
* `encoder`: the `ImageEncoder` protocol and the plug-in hook for multimodal encoders.
* `archive`: `VisualArchive` (add, similar, similar_text, enforce_budget).
* `settings`: `ArchiveSettings` (SPOTTER_ARCHIVE_*).
"""

from __future__ import annotations

from spotter.archive.archive import LEVEL, ArchiveError, ArchiveHit, VisualArchive, archive_many, point_id
from spotter.archive.descriptor import DIM, GlobalDescriptor, decode_jpeg
from spotter.archive.encoder import ClassicalEncoder, ImageEncoder, TextImageEncoder, make_encoder
from spotter.archive.settings import ArchiveSettings

__all__ = [
    "DIM",
    "LEVEL",
    "ArchiveError",
    "ArchiveHit",
    "ArchiveSettings",
    "ClassicalEncoder",
    "GlobalDescriptor",
    "ImageEncoder",
    "TextImageEncoder",
    "VisualArchive",
    "archive_many",
    "decode_jpeg",
    "make_encoder",
    "point_id",
]
