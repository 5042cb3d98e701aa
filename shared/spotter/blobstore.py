"""Where keyframe JPEGs (and other opaque blobs) live.

`BlobStore` is the protocol every backend implements; `LocalBlobStore` keeps
blobs as files under one directory (the embedded mode). Keys are relative,
slash-separated paths such as `{camera_id}/{clip_id}/{frame_index:08d}.jpg`
(see `keyframe_key`); a key can never name anything outside the store.
"""

from __future__ import annotations

import contextlib
import os
import re
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Protocol, runtime_checkable

from spotter.errors import SpotterError


class InvalidBlobKey(SpotterError, ValueError):
    """A blob key is empty, absolute, or tries to escape the store (`..`)."""


# One path segment: no separators, no NUL, not "." or "..".
_SEGMENT = re.compile(r"^[A-Za-z0-9_.\-=+@,:]+$")


def validate_key(key: str) -> str:
    """Return `key` unchanged if it is a safe relative key, else raise InvalidBlobKey."""
    if not isinstance(key, str) or not key or len(key) > 1024:
        raise InvalidBlobKey(f"blob key must be a non-empty string of at most 1024 characters: {key!r}")
    if key.startswith("/") or "\\" in key or "\x00" in key:
        raise InvalidBlobKey(f"blob key must be relative and use '/' separators: {key!r}")
    for segment in key.split("/"):
        if segment in ("", ".", "..") or not _SEGMENT.match(segment):
            raise InvalidBlobKey(f"blob key has an unsafe segment {segment!r}: {key!r}")
    return key


def keyframe_key(camera_id: str, clip_id: str, frame_index: int) -> str:
    """The key of one keyframe JPEG; deterministic so a replay overwrites, never duplicates."""
    return validate_key(f"{camera_id}/{clip_id}/{frame_index:08d}.jpg")


@runtime_checkable
class BlobStore(Protocol):
    """Opaque bytes by key."""

    def put(self, key: str, data: bytes, content_type: str = "application/octet-stream") -> str:
        """Store `data` under `key` (replacing any previous blob) and return `key`.

        Readers never see a partial blob: it is either the old one, absent, or
        the whole new one. Raises InvalidBlobKey for an unsafe key.
        """
        ...

    def get(self, key: str) -> bytes:
        """The whole blob; raises KeyError if there is none under `key`."""
        ...

    def exists(self, key: str) -> bool:
        """Whether a blob is stored under `key`."""
        ...

    def delete(self, key: str) -> bool:
        """Remove the blob; returns False (no error) if it was not there."""
        ...

    def iter_keys(self, prefix: str = "") -> Iterator[str]:
        """Every key that starts with `prefix`, in sorted order."""
        ...


class LocalBlobStore:
    """Blobs as files under `root_dir`, written atomically (temp file + os.replace).

    The content type is not stored: local blobs are served by key suffix.
    The constructor does no I/O; the directory is created on the first put.
    """

    def __init__(self, root_dir: str | os.PathLike[str]) -> None:
        self.root = Path(root_dir)

    def __repr__(self) -> str:
        return f"LocalBlobStore({str(self.root)!r})"

    def _path(self, key: str) -> Path:
        validate_key(key)
        root = self.root.resolve()
        path = (root / key).resolve()
        # Belt and braces: symlinks inside the store must not lead outside it.
        if root != path and root not in path.parents:
            raise InvalidBlobKey(f"blob key escapes the store: {key!r}")
        return path

    def put(self, key: str, data: bytes, content_type: str = "application/octet-stream") -> str:
        path = self._path(key)
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".tmp-", suffix=path.suffix)
        try:
            with os.fdopen(fd, "wb") as fh:
                fh.write(data)
            os.replace(tmp, path)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
            raise
        return key

    def get(self, key: str) -> bytes:
        path = self._path(key)
        try:
            return path.read_bytes()
        except (FileNotFoundError, IsADirectoryError, NotADirectoryError):
            raise KeyError(key) from None

    def exists(self, key: str) -> bool:
        return self._path(key).is_file()

    def delete(self, key: str) -> bool:
        try:
            self._path(key).unlink()
        except (FileNotFoundError, IsADirectoryError, NotADirectoryError):
            return False
        return True

    def iter_keys(self, prefix: str = "") -> Iterator[str]:
        root = self.root.resolve()
        if not root.is_dir():
            return
        keys: list[str] = []
        for dirpath, dirnames, filenames in os.walk(root):
            dirnames.sort()
            rel_dir = Path(dirpath).relative_to(root).as_posix()
            for name in filenames:
                if name.startswith(".tmp-"):
                    continue  # an in-flight atomic write
                key = name if rel_dir == "." else f"{rel_dir}/{name}"
                if key.startswith(prefix):
                    keys.append(key)
        yield from sorted(keys)
