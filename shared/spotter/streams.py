"""Every Redis stream, consumer group and key name Spotter uses, in one place.

Services never spell a key themselves; they call these helpers so that a
rename is one edit and a reader can see the whole data layout at a glance.
"""

from __future__ import annotations

PREFIX = "spotter"

# --- streams -------------------------------------------------------------
# High-rate, bounded (approximate MAXLEN): per-camera so that order per
# camera holds and one flow-tracker owns a camera at a time.
FRAMES_MAXLEN = 5_000
POSE_MAXLEN = 100_000

# Low-rate, unbounded: nothing the user can see may be trimmed away.
KEYFRAMES = f"{PREFIX}:keyframes"
CLIPS = f"{PREFIX}:clips"
MOTION = f"{PREFIX}:motion"
EVENTS = f"{PREFIX}:events"
POSE = f"{PREFIX}:pose"
DETECTIONS = f"{PREFIX}:detections"  # external or built-in detections, per frame
DETECTIONS_MAXLEN = 200_000
CAPTIONS = f"{PREFIX}:captions"
WORLD_EVENTS = f"{PREFIX}:world_events"
DECISIONS = f"{PREFIX}:decisions"  # one Decision per clip (the reasoner's record, for evaluation)
ALERTS = f"{PREFIX}:alerts"  # Alerts for the notifier to store and deliver


def frames_stream(camera_id: str) -> str:
    """Low-resolution grey frames of one camera, for the flow tracker."""
    return f"{PREFIX}:frames:{camera_id}"


def dead_letter_stream(stream: str) -> str:
    """Where messages of `stream` go after too many failed deliveries."""
    return f"{stream}:dlq"


# --- consumer groups -------------------------------------------------------
GROUP_FLOW_TRACKER = "flow-tracker"
GROUP_CAPTIONER = "captioner"
GROUP_KNOWLEDGE_GRAPH = "knowledge-graph"
GROUP_VISUAL_ARCHIVE = "visual-archive"
GROUP_REASONER = "reasoner"
GROUP_SUMMARIZER = "summarizer"
GROUP_NOTIFIER = "notifier"

# Who reads which low-rate stream: exactly the services' consumers (tests/unit/test_init_groups.py checks it
# against each services/*/__main__.py). Each group is named after the service that reads with it; the
# flow tracker's group is on every camera's frames stream.
LOW_RATE_GROUPS: tuple[tuple[str, str], ...] = (
    (CLIPS, GROUP_CAPTIONER),
    (KEYFRAMES, GROUP_VISUAL_ARCHIVE),
    (CAPTIONS, GROUP_KNOWLEDGE_GRAPH),
    (CAPTIONS, GROUP_SUMMARIZER),
    (CAPTIONS, GROUP_REASONER),
    (ALERTS, GROUP_NOTIFIER),
)

# --- keys ------------------------------------------------------------------
CAMERAS = f"{PREFIX}:cameras"  # hash camera_id -> Camera JSON
DELETED_CAMERAS = f"{PREFIX}:cameras:deleted"  # set of camera ids deleted over REST (ingest must not re-add them)
INGEST_TIMELINES = f"{PREFIX}:ingest:timelines"  # hash camera_id -> IngestCheckpoint JSON (where ingest stopped)


def health_key(service: str, consumer: str) -> str:
    """Heartbeat of one service replica; expires when the replica stops beating."""
    return f"{PREFIX}:health:{service}:{consumer}"


def health_pattern(service: str) -> str:
    """SCAN pattern matching every replica's heartbeat key of `service`."""
    escaped = "".join(f"\\{c}" if c in "*?[]\\" else c for c in service)
    return f"{PREFIX}:health:{escaped}:*"


def lease_key(service: str, camera_id: str) -> str:
    """Which replica of `service` owns `camera_id` right now (SET NX PX)."""
    return f"{PREFIX}:lease:{service}:{camera_id}"


def checkpoint_key(service: str, camera_id: str) -> str:
    """Per-camera state a replica needs to resume another replica's work."""
    return f"{PREFIX}:checkpoint:{service}:{camera_id}"


def failure_reasons_key(stream: str, group: str) -> str:
    """Hash msg_id -> last failure reason, so the dead letter carries it."""
    return f"{PREFIX}:failures:{stream}:{group}"


def heading_track_key(camera_id: str) -> str:
    """Sorted set of heading samples (score = media time) for point-in-time lookups."""
    return f"{PREFIX}:heading:{camera_id}"


def gaps_key(camera_id: str) -> str:
    """Sorted set of the camera's gaps in the video, members `"<start_t>:<end_t>"`, score = start (media time)."""
    return f"{PREFIX}:gaps:{camera_id}"


GAPS_KEPT = 10_000
"""The newest gaps kept per camera."""


def lens_key(camera_id: str) -> str:
    """Hash: the camera's lens as the heading uses it (configured and measured field of view, confidence)."""
    return f"{PREFIX}:lens:{camera_id}"


# --- site rules (spotter.reason.site_rules) ----------------------------------------


def site_rules_key(site: str) -> str:
    """A site's rules document (partial SiteRules JSON), set by PUT /v1/sites/{site}/rules."""
    return f"{PREFIX}:rules:site:{site}"


def camera_rules_key(camera_id: str) -> str:
    """One camera's rules document (partial SiteRules JSON), over its site's."""
    return f"{PREFIX}:rules:camera:{camera_id}"


# --- alerts and webhooks (spotter.alerts) ------------------------------------
WEBHOOKS = f"{PREFIX}:webhooks"  # hash subscription id -> Subscription JSON (with its secret)
ALERT_RECORDS = f"{PREFIX}:alert_records"  # hash alert_id -> Alert JSON, first copy wins
ALERTS_BY_TIME = f"{PREFIX}:alerts_by_time"  # sorted set alert_id, score = the alert's wall time
DELIVERY_SCHEDULE = f"{PREFIX}:delivery_schedule"  # sorted set "<alert_id>|<sub id>", score = due unix time
ALERT_COUNTS = f"{PREFIX}:alert_counts"  # hash category -> alerts stored (each alert counted once)


def alerts_by_camera_key(camera_id: str) -> str:
    """Sorted set of one camera's alert ids, score = media time `t`."""
    return f"{PREFIX}:alerts_by_camera:{camera_id}"


def webhook_health_key(subscription_id: str) -> str:
    """Hash of one subscription's delivery outcomes: delivered / failed / retried counts, last times and error."""
    return f"{PREFIX}:webhook_health:{subscription_id}"


def deliveries_key(alert_id: str) -> str:
    """Hash subscription id -> delivery record of one alert (status, attempts, last error)."""
    return f"{PREFIX}:deliveries:{alert_id}"


# --- visual archive (spotter.archive) --------------------------------------------
ARCHIVE_CAMERAS = f"{PREFIX}:archive:cameras"  # set of camera ids with archived keyframes


def archive_index_key(camera_id: str) -> str:
    """Sorted set: blob keys of the camera's archived keyframes, scored by media time `t`."""
    return f"{PREFIX}:archive:index:{camera_id}"


def archive_order_key(camera_id: str) -> str:
    """Sorted set: the same blob keys scored by production (wall) time: the retention order."""
    return f"{PREFIX}:archive:order:{camera_id}"


def archive_meta_key(camera_id: str) -> str:
    """Hash blob_key -> JSON {t, wall_time, clip_id, bytes} of each archived keyframe of the camera."""
    return f"{PREFIX}:archive:meta:{camera_id}"


def archive_bytes_key(camera_id: str) -> str:
    """Total JPEG bytes of the camera's archived keyframes (integer counter)."""
    return f"{PREFIX}:archive:bytes:{camera_id}"


def archive_newest_clip_key(camera_id: str) -> str:
    """Hash {clip_id, t (wall time)} of the camera's newest archived keyframe: retention spares that clip."""
    return f"{PREFIX}:archive:newest:{camera_id}"
