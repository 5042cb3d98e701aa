"""Settings of the visual archive (environment prefix SPOTTER_ARCHIVE_)."""

from __future__ import annotations

from pathlib import Path

from pydantic import Field
from pydantic_settings import BaseSettings, SettingsConfigDict


class ArchiveSettings(BaseSettings):
    """Keyframe descriptors in the vector store, JPEGs in the blob store, and their budget.

    The budget is per camera and enforced after every archived keyframe: the oldest keyframes
    (by production time, `Keyframe.wall_time`) lose their vector and their JPEG until every limit holds. A limit of 0 is
    off. Keyframes of the camera's newest clip are never deleted, whatever the budget.
    """

    model_config = SettingsConfigDict(env_prefix="SPOTTER_ARCHIVE_", extra="ignore")

    encoder: str = Field(
        default="classical",
        min_length=1,
        title="Encoder",
        description="classical (global descriptor, no weights, image-to-image) or package.module:factory (a plug-in, e.g. multimodal)",
    )
    collection: str = Field(
        default="keyframes",
        pattern=r"^[A-Za-z0-9][A-Za-z0-9_.-]*$",
        title="Collection",
        description="Vector-store collection of the keyframe vectors (use a new one when changing the encoder)",
    )
    blob_dir: Path = Field(
        default=Path("data/blobs"),
        title="Blob directory",
        description="Where ingest's LocalBlobStore keeps the keyframe JPEGs (same as SPOTTER_INGEST_BLOB_DIR)",
    )
    max_keyframes_per_camera: int = Field(
        default=200_000,
        ge=0,
        title="Max keyframes per camera",
        description="Keep at most this many keyframes per camera (200000 = 55 h at 1/s); 0 = no limit",
    )
    max_bytes_per_camera: int = Field(
        default=10_000_000_000,
        ge=0,
        title="Max JPEG bytes per camera",
        description="Keep at most this many bytes of keyframe JPEGs per camera; 0 = no limit",
    )
    max_age_s: float = Field(
        default=0.0,
        ge=0.0,
        title="Max age (s)",
        description="Delete keyframes produced (wall clock) this many seconds before the camera's newest; 0 = no limit",
    )
    exclude_recent_s: float = Field(
        default=60.0,
        ge=0.0,
        title="Exclude recent (s)",
        description="similar() ignores keyframes from the last this-many seconds before the query's time (not just the previous frame)",
    )


__all__ = ["ArchiveSettings"]
