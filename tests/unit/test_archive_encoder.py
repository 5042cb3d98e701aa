"""The encoder plug-in hook and text-to-image search, with a tiny real multimodal encoder.

`ColourWords` embeds an image as its mean colour and a text as the colour it names: a toy, but
a real `TextImageEncoder` loaded through `SPOTTER_ARCHIVE_ENCODER=module:factory`.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import numpy.typing as npt
import pytest
from redis import Redis

from spotter.archive import ArchiveSettings, ImageEncoder, TextImageEncoder, VisualArchive, make_encoder
from spotter.blobstore import LocalBlobStore
from spotter.vector import EmbeddedVectorStore, VectorPoint

COLOURS = {"blue": (1.0, 0.0, 0.0), "green": (0.0, 1.0, 0.0), "red": (0.0, 0.0, 1.0)}  # BGR


class ColourWords:
    name = "colour-words"
    dim = 3

    def encode_image(self, image: npt.NDArray[np.uint8]) -> npt.NDArray[np.float32]:
        v: npt.NDArray[np.float32] = image.reshape(-1, 3).mean(axis=0).astype(np.float32) + np.float32(1e-3)
        out: npt.NDArray[np.float32] = v / np.float32(np.linalg.norm(v))
        return out

    def encode_text(self, text: str) -> npt.NDArray[np.float32]:
        words = [COLOURS[w] for w in text.lower().split() if w in COLOURS]
        v: npt.NDArray[np.float32] = np.asarray(words, np.float32).sum(axis=0) + np.float32(1e-3)
        out: npt.NDArray[np.float32] = v / np.float32(np.linalg.norm(v))
        return out


def colour_words() -> ColourWords:
    return ColourWords()


def test_plugin_is_loaded_and_searches_by_text(tmp_path: Path) -> None:
    enc = make_encoder(f"{__name__}:colour_words")
    assert isinstance(enc, ImageEncoder) and isinstance(enc, TextImageEncoder) and enc.dim == 3
    store = EmbeddedVectorStore("kf", 3, path=None)
    redis = Redis()  # never contacted: similar_text only reads the vector store
    arch = VisualArchive(redis, store, LocalBlobStore(tmp_path), enc, ArchiveSettings())
    for t, (name, bgr) in enumerate(COLOURS.items()):
        img = np.zeros((36, 64, 3), np.uint8)
        img[:] = np.asarray(bgr) * 200 + 20
        payload = {"camera_id": "c", "level": "keyframe", "t_start": t, "t_end": t,
                   "ref": {"clip_id": "k", "blob_key": f"c/k/{name}.jpg"}}  # fmt: skip
        store.upsert([VectorPoint(id=name, vector=enc.encode_image(img), payload=payload)])
    assert arch.similar_text("a red container", k=1)[0].blob_key == "c/k/red.jpg"
    assert arch.similar_text("green tarp", k=1)[0].blob_key == "c/k/green.jpg"
    assert [h.blob_key for h in arch.similar_text("blue", t_max=1.0, k=3)] == [
        "c/k/blue.jpg",
        "c/k/green.jpg",
    ]
    arch.close()


def test_dimension_mismatch_is_a_config_error(tmp_path: Path) -> None:
    from spotter.errors import ConfigError

    with pytest.raises(ConfigError, match="dimension"):
        VisualArchive(
            Redis(), EmbeddedVectorStore("kf", 4, path=None), LocalBlobStore(tmp_path), ColourWords()
        )


def test_settings_defaults_and_env(monkeypatch: pytest.MonkeyPatch) -> None:
    s = ArchiveSettings()
    assert s.encoder == "classical" and s.max_keyframes_per_camera == 200_000 and s.max_age_s == 0.0
    monkeypatch.setenv("SPOTTER_ARCHIVE_MAX_BYTES_PER_CAMERA", "1000")
    monkeypatch.setenv("SPOTTER_ARCHIVE_EXCLUDE_RECENT_S", "5")
    s = ArchiveSettings()
    assert s.max_bytes_per_camera == 1000 and s.exclude_recent_s == 5.0
    monkeypatch.setenv("SPOTTER_ARCHIVE_COLLECTION", "../bad")
    with pytest.raises(ValueError):
        ArchiveSettings()
