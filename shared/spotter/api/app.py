"""The FastAPI application: VISTA's nine graph tools as GET endpoints, cameras, health and metrics.

`create_app(settings)` builds the app; the Redis client and graph store are opened once in the
lifespan and closed after it. `/v1/ask` goes through the reactive path (`spotter.answer.memory`):
the parser or agent answers, then the knowledge-graph pathway (this store) and, in the distributed
mode (`SPOTTER_VECTOR_BACKEND=qdrant`), the temporal-summary and visual-archive pathways (the
summarizer's and visual archive's collections, `open_memory_pathways`) retrieve, and the
narrator reconstructs the answer's `narrative`. Errors of the library (`SpotterError`) are
mapped to HTTP codes here
and nowhere else.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import logging
import math
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from typing import Annotated, Any, cast
from urllib.parse import urlsplit

from fastapi import APIRouter, Depends, FastAPI, HTTPException, Path, Query, Request, Response, status
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, PlainTextResponse
from fastapi.security import APIKeyHeader
from pydantic import BaseModel, Field, ValidationError, field_validator
from redis import Redis

from spotter import streams
from spotter.alerts.webhooks import has_space_or_control
from spotter.answer.base import Answer, Answerer, AnswerError
from spotter.answer.memory import memory_answerer
from spotter.api.alerts import alerts_router
from spotter.api.guards import BodyLimit, RateLimiter, required_scope, retry_after
from spotter.api.metrics import RequestMetrics, pipeline_metrics
from spotter.api.requests import StrictRequest, public_errors
from spotter.api.settings import ApiSettings, Scope
from spotter.bus import TRANSIENT_ERRORS
from spotter.errors import ConfigError, SpotterError
from spotter.graph import GraphSettings, GraphStore, GraphStoreError, open_graph_store
from spotter.heading.track import RedisHeadingTrack, gaps_between
from spotter.messages import CAMERA_ID_PATTERN, Camera, Projection, is_camera_id
from spotter.reason.pathways import close_memory_pathways, pathway_status
from spotter.reason.pathways import open_memory_pathways as _open_memory_pathways
from spotter.reason.rules_store import RulesStore
from spotter.reason.settings import ReasonerSettings
from spotter.reason.site_rules import SiteRules
from spotter.recall import make_answerer
from spotter.settings import BusSettings
from spotter.tools import (
    ChangesResult,
    EntitiesAtTimeResult,
    EntitiesInDirectionResult,
    EntityInfoResult,
    EntityNotFound,
    EntityTimelineResult,
    GraphTools,
    HeadingAtTimeResult,
    RelationshipsResult,
    SpatialRelationResult,
    StreamGap,
    SummaryResult,
    ToolArgumentError,
)
from spotter.vector import VectorSettings
from spotter.video.sources import redact_url
from spotter.world.geometry import Sector

log = logging.getLogger(__name__)

API_KEY_HEADER = "X-API-Key"
STORE_RETRY_AFTER_S = 5.0
_api_key = APIKeyHeader(name=API_KEY_HEADER, auto_error=False, description="One of SPOTTER_API_API_KEYS")

CameraId = Annotated[
    str, Path(min_length=1, max_length=128, pattern=CAMERA_ID_PATTERN, description="The camera (wearer) id")
]
EntityId = Annotated[
    str, Path(min_length=1, description="Entity id as returned by the other endpoints (it may contain '/')")
]
At = Annotated[
    float | None, Query(allow_inf_nan=False, description="Question time (media seconds): only memory observed up to it is used")
]


class Problem(BaseModel):
    detail: str = Field(description="What went wrong")


CAMERA_URL_SCHEMES = ("rtsp", "rtsps", "http", "https")


class CameraIn(StrictRequest):
    camera_id: str = Field(
        pattern=CAMERA_ID_PATTERN, description="Unique camera id: 1-128 of letters, digits and _.- (not . or ..)"
    )
    rtsp_url: str = Field(
        min_length=1, max_length=2048, description="The camera's stream: an rtsp, rtsps, http or https URL "
        "(credentials in it are kept, and shown as *** in responses and logs)",
    )
    hfov_deg: float = Field(default=90.0, gt=1.0, lt=179.0, description="Horizontal field of view in degrees")
    projection: Projection = Field(default="pinhole", description="Lens: pinhole, or fisheye (equidistant)")
    site: str | None = Field(default=None, description="Site the camera works on")


    @field_validator("camera_id")
    @classmethod
    def _not_a_path_segment(cls, value: str) -> str:
        if not is_camera_id(value):
            raise ValueError("a camera id may not be . or ..")
        return value

    @field_validator("rtsp_url")
    @classmethod
    def _a_stream_url(cls, value: str) -> str:
        if has_space_or_control(value):
            raise ValueError("the URL holds whitespace or control characters")
        scheme = urlsplit(value).scheme.lower()
        if scheme not in CAMERA_URL_SCHEMES:
            raise ValueError(f"a camera streams over {', '.join(CAMERA_URL_SCHEMES)}, not {scheme or 'a plain path'!r}")
        return value


class CameraOut(BaseModel):
    camera_id: str = Field(description="Unique camera id")
    rtsp_url: str = Field(description="The camera's stream URL, its credentials (if any) shown as ***")
    hfov_deg: float = Field(description="Horizontal field of view in degrees")
    projection: Projection = Field(description="Lens: pinhole, or fisheye (equidistant)")
    site: str | None = Field(default=None, description="Site the camera works on")
    registered_at: float = Field(description="Wall-clock time of registration (Unix seconds)")
    paused: bool = Field(default=False, description="Ingest and the flow tracker leave it alone until resumed")


class CameraPatch(StrictRequest):
    paused: bool = Field(description="true: stop ingesting and tracking the camera; false: resume")


class Forgotten(BaseModel):
    camera_id: str = Field(description="The camera deleted")
    forgotten: list[str] = Field(description="What of its memory was deleted (empty: the memory is kept)")


class Lens(BaseModel):
    """The camera's lens as its heading uses it: configured, in use, and measured from the video."""

    projection: str = Field(description="pinhole or fisheye (equidistant)")
    configured_hfov_deg: float = Field(description="Horizontal field of view as registered")
    hfov_deg: float = Field(description="The field of view the heading uses now")
    measured_hfov_deg: float | None = Field(description="What pairs of views of the turning head imply")
    pairs: int = Field(description="View pairs measured")
    confidence: float | None = Field(description="Share of the pairs that agree with the measured value (within 5 %)")
    corrected: bool = Field(description="The measured value replaced the configured one")
    corrected_by: str | None = Field(
        default=None, description="What measured the field of view in use: `view pairs` (the geometry of views "
        "10-25 deg apart) or `loop closure` (the first full turn's scale); null while the configured one stands")


class GapList(BaseModel):
    camera_id: str
    gaps: list[StreamGap] = Field(description="Gaps in the video, oldest first (media times; the newest 10,000 kept)")


class CameraList(BaseModel):
    cameras: list[CameraOut] = Field(description="Registered cameras, ordered by id")


class AskRequest(StrictRequest):
    camera_id: str = Field(min_length=1, description="The camera (wearer) asked about")
    question: str = Field(min_length=1, max_length=2000, description="The question in natural language")
    at: float | None = Field(default=None, ge=0.0, description="Question time: answer from memory up to it only")


class Health(BaseModel):
    status: str = Field(description="ok")


class Readiness(BaseModel):
    status: str = Field(description="ready or not ready")
    checks: dict[str, str] = Field(description="Each dependency: ok or the error")


def _graph_status(request: Request) -> str:
    try:
        cast(GraphStore, request.app.state.store).entity("__readyz__")
        return "ok"
    except Exception as exc:  # noqa: BLE001 - any failure means not ready
        return f"{type(exc).__name__}: {exc}"


def _camera_out(cam: Camera) -> CameraOut:
    return CameraOut(
        camera_id=cam.camera_id,
        rtsp_url=redact_url(cam.source),
        hfov_deg=cam.hfov_deg,
        projection=cam.projection,
        site=cam.site,
        registered_at=cam.registered_at,
        paused=cam.paused,
    )


def _tools(request: Request) -> GraphTools:
    return cast(GraphTools, request.app.state.tools)


def _redis(request: Request) -> Redis:
    return cast(Redis, request.app.state.redis)


Tools = Annotated[GraphTools, Depends(_tools)]
RedisDep = Annotated[Redis, Depends(_redis)]

ERRORS: dict[int | str, dict[str, Any]] = {
    401: {"model": Problem, "description": "Missing or wrong X-API-Key"},
    404: {"model": Problem, "description": "Unknown entity"},
}


def _route_path(request: Request) -> str:
    route = request.scope.get("route")
    path = getattr(route, "path", None)
    return path if isinstance(path, str) else "unmatched"


def _tool_router() -> APIRouter:
    r = APIRouter(prefix="/v1/cameras/{camera_id}", tags=["graph tools"], responses=ERRORS)

    @r.get("/entities", summary="Entities in a direction (get_entities_in_direction)")
    def entities_in_direction(
        tools: Tools,
        camera_id: CameraId,
        direction: Annotated[
            Sector | None, Query(description="A 45-degree sector relative to where the wearer looks")
        ] = None,
        from_deg: Annotated[
            float | None, Query(allow_inf_nan=False, description="Relative bearing range start (clockwise)")
        ] = None,
        to_deg: Annotated[float | None, Query(allow_inf_nan=False, description="Relative bearing range end (clockwise)")] = None,
        at: At = None,
    ) -> EntitiesInDirectionResult:
        """Entities whose last known bearing lies in `direction` (or the range) relative to the heading at `at`."""
        return tools.entities_in_direction(camera_id, direction, at, from_deg=from_deg, to_deg=to_deg)

    @r.get("/relation", summary="Spatial relation of two entities (get_spatial_relation)")
    def spatial_relation(
        tools: Tools,
        camera_id: CameraId,
        a: Annotated[str, Query(min_length=1, description="First entity id")],
        b: Annotated[str, Query(min_length=1, description="Second entity id")],
        at: At = None,
    ) -> SpatialRelationResult:
        """Angular separation, which one is left/right of the other, and each one's direction from the wearer."""
        return tools.spatial_relation(camera_id, a, b, at)

    @r.get("/entities/{entity_id:path}/timeline", summary="Entity timeline (get_entity_timeline)")
    def entity_timeline(
        tools: Tools, camera_id: CameraId, entity_id: EntityId, at: At = None
    ) -> EntityTimelineResult:
        """Observations and events of one entity, in time order."""
        return tools.entity_timeline(camera_id, entity_id, at)

    @r.get("/entities-at", summary="Entities visible around a time (get_entities_at_time)")
    def entities_at_time(
        tools: Tools,
        camera_id: CameraId,
        t: Annotated[float, Query(allow_inf_nan=False, description="Media time (seconds)")],
        window_s: Annotated[float, Query(allow_inf_nan=False, ge=0.0, description="Half-width of the window around t")] = 2.0,
        at: At = None,
    ) -> EntitiesAtTimeResult:
        """Entities with an observation overlapping [t - window_s, t + window_s]."""
        return tools.entities_at_time(camera_id, t, window_s, at)

    @r.get("/entities/{entity_id:path}", summary="Entity info (get_entity_info)")
    def entity_info(
        tools: Tools, camera_id: CameraId, entity_id: EntityId, at: At = None
    ) -> EntityInfoResult:
        """Everything known about one entity as of `at`: position, direction, confidence, state."""
        return tools.entity_info(camera_id, entity_id, at)

    @r.get("/relationships", summary="Relationships (get_relationships)")
    def relationships(
        tools: Tools,
        camera_id: CameraId,
        entity_id: Annotated[str | None, Query(description="Entity id (or give label)")] = None,
        label: Annotated[str | None, Query(description="Entity label (or give entity_id)")] = None,
        predicate: Annotated[
            str | None, Query(description="Only this predicate (near, holding, on, ...)")
        ] = None,
        at: At = None,
    ) -> RelationshipsResult:
        """Relations of an entity, or of every entity with a label."""
        return tools.relationships(camera_id, entity_id, label, predicate, at)

    @r.get("/heading", summary="Heading at a time (get_direction_at_time)")
    def heading(
        tools: Tools, camera_id: CameraId, t: Annotated[float, Query(allow_inf_nan=False, description="Media time (seconds)")]
    ) -> HeadingAtTimeResult:
        """The wearer's yaw at `t` (last heading sample at or before it)."""
        return tools.heading_at_time(camera_id, t)

    @r.get("/changes", summary="Changes in a window (get_changes)")
    def changes(
        tools: Tools,
        camera_id: CameraId,
        t_from: Annotated[float, Query(allow_inf_nan=False, alias="from", description="Window start (media seconds)")],
        t_to: Annotated[float, Query(allow_inf_nan=False, alias="to", description="Window end (media seconds)")],
    ) -> ChangesResult:
        """World events (appeared, moved, picked_up, ...) with from <= t <= to."""
        return tools.changes(camera_id, t_from, t_to)

    @r.get("/summary", summary="Summary counts (get_all_entities)")
    def summary(tools: Tools, camera_id: CameraId, at: At = None) -> SummaryResult:
        """Entity counts per label, current heading and the time range of memory."""
        return tools.summary(camera_id, at)

    return r


def _registered(redis: Redis, camera_id: str) -> Camera:
    raw = redis.hget(streams.CAMERAS, camera_id)
    if raw is None:
        raise HTTPException(status.HTTP_404_NOT_FOUND, f"no camera {camera_id!r} is registered")
    return Camera.model_validate_json(cast(bytes, raw))


def _camera_router(max_cameras: int) -> APIRouter:
    r = APIRouter(prefix="/v1/cameras", tags=["cameras"], responses={401: ERRORS[401]})
    not_found: dict[int | str, dict[str, Any]] = {404: {"model": Problem, "description": "No such camera"}}

    @r.post("", status_code=status.HTTP_201_CREATED, summary="Register a camera",
            responses={409: {"model": Problem, "description": "The deployment's camera limit is reached"}})  # fmt: skip
    def register(body: CameraIn, redis: RedisDep) -> CameraOut:
        """Register (or replace) a camera; ingest starts it within a few seconds (SPOTTER_INGEST_WATCH_REGISTRY)."""
        if not redis.hexists(streams.CAMERAS, body.camera_id) and redis.hlen(streams.CAMERAS) >= max_cameras:
            raise HTTPException(status.HTTP_409_CONFLICT,
                                f"{max_cameras} cameras are registered, the limit (SPOTTER_API_MAX_CAMERAS)")  # fmt: skip
        cam = Camera(camera_id=body.camera_id, source=body.rtsp_url, hfov_deg=body.hfov_deg,
                     projection=body.projection, site=body.site)  # fmt: skip
        pipe = redis.pipeline(transaction=True)
        pipe.hset(streams.CAMERAS, cam.camera_id, cam.model_dump_json())
        pipe.srem(streams.DELETED_CAMERAS, cam.camera_id)
        pipe.execute()
        return _camera_out(cam)

    @r.patch("/{camera_id}", summary="Pause or resume a camera", responses=not_found)
    def patch(camera_id: CameraId, body: CameraPatch, redis: RedisDep) -> CameraOut:
        """Paused, ingest stops reading it and the flow tracker lets it go (within a few seconds); its memory
        stays and answers questions. Resumed, a live camera continues its timeline (the pause is a gap)."""
        cam = _registered(redis, camera_id).model_copy(update={"paused": body.paused})
        redis.hset(streams.CAMERAS, camera_id, cam.model_dump_json())
        return _camera_out(cam)

    @r.delete("/{camera_id}", summary="Delete a camera", responses=not_found)
    def delete(
        camera_id: CameraId, redis: RedisDep,
        forget: Annotated[bool, Query(description="Also delete what the bus holds of it: heading track, lens, "
                                                  "frames, checkpoints, rules, alert index")] = False,
    ) -> Forgotten:  # fmt: skip
        """Ingest stops it and the flow tracker lets it go; a configured camera stays deleted until registered
        again. Its memory in the graph store is kept (the graph's own tools answer about it until then)."""
        _registered(redis, camera_id)
        keys = {
            "heading track": streams.heading_track_key(camera_id), "lens": streams.lens_key(camera_id),
            "gaps": streams.gaps_key(camera_id),
            "frames": streams.frames_stream(camera_id), "ingest checkpoint": streams.INGEST_TIMELINES,
            "flow tracker checkpoint": streams.checkpoint_key("flow-tracker", camera_id),
            "rules": streams.camera_rules_key(camera_id), "alert index": streams.alerts_by_camera_key(camera_id),
        }  # fmt: skip
        pipe = redis.pipeline(transaction=True)
        pipe.hdel(streams.CAMERAS, camera_id)
        pipe.sadd(streams.DELETED_CAMERAS, camera_id)
        if forget:
            for key in keys.values():
                if key == streams.INGEST_TIMELINES:
                    pipe.hdel(key, camera_id)
                else:
                    pipe.delete(key)
        pipe.execute()
        return Forgotten(camera_id=camera_id, forgotten=sorted(keys) if forget else [])

    @r.get("", summary="List cameras")
    def list_cameras(redis: RedisDep) -> CameraList:
        """Every registered camera, ordered by id."""
        raw = cast(dict[bytes, bytes], redis.hgetall(streams.CAMERAS))
        cams = [_camera_out(Camera.model_validate_json(v)) for v in raw.values()]
        return CameraList(cameras=sorted(cams, key=lambda c: c.camera_id))

    @r.get("/{camera_id}/gaps", summary="The gaps in the camera's video")
    def gaps(
        camera_id: CameraId, redis: RedisDep,
        t_from: Annotated[float, Query(allow_inf_nan=False, description="From this media time (s)")] = 0.0,
        t_to: Annotated[float | None, Query(allow_inf_nan=False, description="Up to this media time (s)")] = None,
    ) -> GapList:
        """Stretches of the camera's timeline without video (its stream dropped, ingest was down), oldest first.
        Answers about a time inside one carry it (`gap`)."""
        found = gaps_between(redis, camera_id, t_from, math.inf if t_to is None else t_to)
        return GapList(camera_id=camera_id, gaps=[StreamGap(start_t=a, end_t=b) for a, b in found])

    @r.get("/{camera_id}/lens", summary="The lens as the heading uses it",
           responses={404: {"model": Problem, "description": "No heading tracked for the camera yet"}})
    def lens(camera_id: CameraId, redis: RedisDep) -> Lens:
        """The configured and measured field of view (the flow tracker measures it from the turning head)."""
        raw = cast(dict[bytes, bytes], redis.hgetall(streams.lens_key(camera_id)))
        if not raw:
            raise HTTPException(status.HTTP_404_NOT_FOUND, f"no heading has been tracked for camera {camera_id!r} yet")
        return Lens.model_validate({k.decode(): json.loads(v) for k, v in raw.items()})

    return r


def _rules_store(request: Request) -> RulesStore:
    return cast(RulesStore, request.app.state.rules)


RulesDep = Annotated[RulesStore, Depends(_rules_store)]
RulesDocument = dict[str, Any]
SiteName = Annotated[str, Path(min_length=1, max_length=128, pattern=r"^[A-Za-z0-9_.\-]+$", description="The site")]


def _rules_router() -> APIRouter:
    """Site rules as data (docs/RULES.md): partial documents per site and per camera."""
    r = APIRouter(prefix="/v1", tags=["rules"], responses={401: ERRORS[401]})

    def put(save: Callable[[], SiteRules]) -> RulesDocument:
        try:
            return save().model_dump(mode="json")
        except ConfigError as exc:  # the shape of every other 422
            detail = [{"loc": ["body"], "msg": str(exc), "type": "value_error"}]
            raise HTTPException(status.HTTP_422_UNPROCESSABLE_CONTENT, detail) from exc

    @r.get("/sites/{site}/rules", summary="A site's rules document")
    def get_site_rules(site: SiteName, rules: RulesDep) -> RulesDocument:
        """The partial document stored for the site ({} when none: the defaults apply)."""
        return rules.get_site(site) or {}

    @r.put("/sites/{site}/rules", summary="Set a site's rules")
    def put_site_rules(site: SiteName, body: RulesDocument, rules: RulesDep) -> RulesDocument:
        """Store the site's partial document; returns the site's rules in force (without camera overrides)."""
        return put(lambda: rules.put_site(site, body))

    @r.delete("/sites/{site}/rules", status_code=status.HTTP_204_NO_CONTENT, summary="Drop a site's rules")
    def delete_site_rules(site: SiteName, rules: RulesDep) -> Response:
        rules.delete_site(site)
        return Response(status_code=status.HTTP_204_NO_CONTENT)

    @r.get("/cameras/{camera_id}/rules", summary="A camera's rules document, or the rules in force")
    def get_camera_rules(
        camera_id: CameraId, rules: RulesDep,
        effective: Annotated[bool, Query(description="The rules in force (defaults, file, site, camera)")] = False,
    ) -> RulesDocument:  # fmt: skip
        if effective:
            return rules.effective(camera_id).model_dump(mode="json")
        return rules.get_camera(camera_id) or {}

    @r.put("/cameras/{camera_id}/rules", summary="Set a camera's rules")
    def put_camera_rules(camera_id: CameraId, body: RulesDocument, rules: RulesDep) -> RulesDocument:
        return put(lambda: rules.put_camera(camera_id, body))

    @r.delete("/cameras/{camera_id}/rules", status_code=status.HTTP_204_NO_CONTENT, summary="Drop a camera's rules")
    def delete_camera_rules(camera_id: CameraId, rules: RulesDep) -> Response:
        rules.delete_camera(camera_id)
        return Response(status_code=status.HTTP_204_NO_CONTENT)

    return r


def _ask_router() -> APIRouter:
    r = APIRouter(prefix="/v1", tags=["ask"], responses={401: ERRORS[401]})

    @r.post(
        "/ask",
        summary="Ask a question about what a camera saw",
        description=(
            "Answers a natural-language question about a camera's memory with a typed answer (docs/QUESTIONS.md): "
            "`answer` text plus `time`, `duration_s`, `direction`, `yes_no`, `entity_types`, `entities` and "
            "`evidence` where the question calls for them. With `at`, only memory observed up to `at` is used. "
            "Offline question parser by default; the function-calling agent when SPOTTER_AGENT_BASE_URL is set. "
            "Then the question goes through the same retrieval and reconstruction as the proactive alerts: the "
            "memory pathways (knowledge graph from the answer's `entities`; temporal summaries and the visual "
            "archive in the distributed mode, SPOTTER_VECTOR_BACKEND=qdrant) are asked in parallel, each within "
            "SPOTTER_REASON_RETRIEVAL_TIMEOUT_S and never past `at`; `narrative` is the answer reconstructed "
            "with what they found (a language model when SPOTTER_NARRATE_BASE_URL is set, else the answer "
            "followed by at most two 'Earlier (at N s): ...' clauses) and their clips are added to `evidence`. "
            "The typed fields are the answerer's own; a pathway that is slow, failing or not configured costs "
            "only its evidence."
        ),
        response_model=Answer,
        responses={
            404: {"model": Problem, "description": "The memory holds nothing of this camera"},
            502: {"model": Problem, "description": "The language model failed and no fallback was configured"},
        },
    )
    def ask(body: AskRequest, request: Request) -> Answer:
        tools = _tools(request)
        upto = body.at
        if not tools.store.clips(body.camera_id, t_max=upto):
            raise HTTPException(
                status_code=status.HTTP_404_NOT_FOUND,
                detail=f"no memory of camera {body.camera_id!r}" + (f" up to t={upto:g}" if upto is not None else ""),
            )
        answerer = cast(Answerer, request.app.state.answerer)
        try:
            return answerer.answer(body.question, body.camera_id, body.at)
        except AnswerError as exc:
            raise HTTPException(status_code=status.HTTP_502_BAD_GATEWAY, detail=str(exc)) from exc

    return r


def open_memory_pathways(redis: Redis, vector: VectorSettings | None = None) -> tuple[Any, Any]:
    """(SummaryIndex | None, VisualArchive | None) for /v1/ask from the shared vector store of the
    distributed mode (`SPOTTER_VECTOR_BACKEND=qdrant`); `spotter.reason.pathways.open_memory_pathways`."""
    return _open_memory_pathways(redis, vector, who="/v1/ask")


def create_app(
    settings: ApiSettings,
    *,
    graph: GraphSettings | None = None,
    bus: BusSettings | None = None,
) -> FastAPI:
    """The API; the graph store and Redis client are opened in the lifespan (GraphSettings, BusSettings)."""
    graph_settings = graph if graph is not None else GraphSettings()
    bus_settings = bus if bus is not None else BusSettings()
    keys = settings.key_scopes()
    limiter = RateLimiter(settings.rate_per_s, settings.rate_burst)
    metrics = RequestMetrics()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        if bus_settings.redis_url is None:
            raise ConfigError("set REDIS_URL (or SPOTTER_REDIS_URL) for the API")
        redis = Redis.from_url(
            bus_settings.redis_url.get_secret_value(), socket_connect_timeout=5.0, socket_timeout=10.0
        )
        try:
            store: GraphStore = open_graph_store(graph_settings)
        except BaseException:
            redis.close()
            raise

        app.state.redis = redis
        app.state.store = store
        app.state.tools = GraphTools(store, RedisHeadingTrack(redis))
        app.state.rules = RulesStore(redis, ReasonerSettings().site_rules())
        summaries, archive = open_memory_pathways(redis)
        app.state.pathways = (summaries, archive)

        def close_all() -> None:
            close_memory_pathways(summaries, archive)
            store.close()
            redis.close()

        try:
            answerer = memory_answerer(
                app.state.tools, store, summaries=summaries, archive=archive, inner=make_answerer(app.state.tools)
            )
        except BaseException:
            close_all()
            raise
        app.state.answerer = answerer
        log.info("/v1/ask memory pathways: %s", ", ".join(answerer.pathways))
        try:
            yield
        finally:
            answerer.close()
            close_all()

    def scopes_of(key: str | None) -> tuple[Scope, ...]:
        given = (key or "").encode()
        found: tuple[Scope, ...] = ()
        for k, scopes in keys:  # every key compared, in constant time each: no early exit to time
            if hmac.compare_digest(given, k) and key:
                found = found or scopes
        if not found:
            raise HTTPException(
                status_code=status.HTTP_401_UNAUTHORIZED,
                detail=f"missing or invalid {API_KEY_HEADER}",
                headers={"WWW-Authenticate": "ApiKey"},
            )
        return found

    def require_key(request: Request, key: Annotated[str | None, Depends(_api_key)]) -> None:
        """A known key with the scope the route needs, within its rate."""
        scopes = scopes_of(key)
        needed = required_scope(request.method, _route_path(request))
        if needed not in scopes:
            raise HTTPException(
                status_code=status.HTTP_403_FORBIDDEN, detail=f"this key lacks the {needed!r} scope for this route"
            )
        wait = limiter.take(hashlib.sha256((key or "").encode()).digest())
        if wait > 0:
            raise HTTPException(
                status_code=status.HTTP_429_TOO_MANY_REQUESTS,
                detail="rate limit: too many requests with this key",
                headers={"Retry-After": retry_after(wait)},
            )

    def any_key(key: Annotated[str | None, Depends(_api_key)]) -> None:
        scopes_of(key)

    app = FastAPI(
        title="Spotter",
        version="1",
        description=(
            "Spatial memory of hardhat cameras. Directions: relative direction = "
            "wrap(bearing - heading) in (-180, 180], named in eight 45-degree sectors. Every /v1 endpoint "
            f"needs the {API_KEY_HEADER} header; `at` answers from memory observed up to `at` only."
        ),
        lifespan=lifespan,
        docs_url=None if settings.protect_docs else "/docs",
        redoc_url=None if settings.protect_docs else "/redoc",
        openapi_url=None if settings.protect_docs else "/openapi.json",
    )
    secured = [Depends(require_key)]
    app.include_router(_tool_router(), dependencies=secured)
    app.include_router(_camera_router(settings.max_cameras), dependencies=secured)
    app.include_router(_ask_router(), dependencies=secured)
    app.include_router(_rules_router(), dependencies=secured)
    app.include_router(alerts_router(), dependencies=secured)

    @app.middleware("http")
    async def count_requests(
        request: Request, call_next: Callable[[Request], Awaitable[Response]]
    ) -> Response:
        start = time.perf_counter()
        code = 500
        try:
            response = await call_next(request)
            code = response.status_code
            return response
        finally:
            metrics.observe(request.method, _route_path(request), code, time.perf_counter() - start)

    def problem(code: int) -> Callable[[Request, Exception], Response]:
        def handle(request: Request, exc: Exception) -> Response:
            return JSONResponse(status_code=code, content={"detail": str(exc)})

        return handle

    def unavailable(what: str) -> Callable[[Request, Exception], Response]:
        def handle(request: Request, exc: Exception) -> Response:
            log.warning("%s %s: %s unavailable: %s", request.method, _route_path(request), what, exc)
            return JSONResponse(status_code=status.HTTP_503_SERVICE_UNAVAILABLE,
                                content={"detail": f"{what} is unavailable; try again shortly"},
                                headers={"Retry-After": retry_after(STORE_RETRY_AFTER_S)})  # fmt: skip

        return handle

    app.add_exception_handler(EntityNotFound, problem(status.HTTP_404_NOT_FOUND))
    def bad_argument(request: Request, exc: Exception) -> Response:
        # The shape of every other 422 (FastAPI's HTTPValidationError): one schema for clients to read.
        return JSONResponse(status_code=status.HTTP_422_UNPROCESSABLE_CONTENT,
                            content={"detail": [{"loc": ["query"], "msg": str(exc), "type": "value_error"}]})  # fmt: skip

    app.add_exception_handler(ToolArgumentError, bad_argument)
    app.add_exception_handler(GraphStoreError, unavailable("the graph store"))
    for transient in TRANSIENT_ERRORS:  # Redis refused, reset or timed out: the request may work in a moment
        app.add_exception_handler(transient, unavailable("Redis"))
    app.add_exception_handler(SpotterError, problem(status.HTTP_500_INTERNAL_SERVER_ERROR))

    def invalid(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, ValidationError)
        errors = [{"loc": list(e["loc"]), "msg": e["msg"], "type": e["type"]} for e in exc.errors()]
        return JSONResponse(status_code=status.HTTP_422_UNPROCESSABLE_CONTENT, content={"detail": errors})

    app.add_exception_handler(ValidationError, invalid)

    def invalid_request(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, RequestValidationError)
        return JSONResponse(status_code=status.HTTP_422_UNPROCESSABLE_CONTENT,
                            content={"detail": public_errors(exc.errors())})  # fmt: skip

    app.add_exception_handler(RequestValidationError, invalid_request)

    @app.get("/healthz", tags=["health"], summary="Liveness")
    def healthz() -> Health:
        """The process answers."""
        return Health(status="ok")

    @app.get(
        "/readyz",
        tags=["health"],
        summary="Readiness: Redis, the graph store and the temporal and visual pathways' stores answer",
        responses={503: {"model": Readiness, "description": "A dependency is down"}},
    )
    def readyz(request: Request) -> JSONResponse:
        """200 when Redis answers PING, the graph store answers a query and the summaries' and visual
        archive's vector stores (the temporal and visual pathways of /v1/ask) answer; 503 otherwise."""
        checks: dict[str, str] = {}
        try:
            _redis(request).ping()
            checks["redis"] = "ok"
        except Exception as exc:  # noqa: BLE001 - any failure means not ready
            checks["redis"] = f"{type(exc).__name__}: {exc}"
        checks["graph"] = _graph_status(request)
        checks.update(pathway_status(*request.app.state.pathways))
        ok = all(v == "ok" for v in checks.values())
        for name, why in checks.items():
            if why != "ok":
                log.warning("readyz: %s not ready: %s", name, why)
        # /readyz needs no key: it says what is down, the log says why (hosts, ports and paths stay in it).
        # "ok" and pathway_status's fixed "absent: ..." carry nothing private; an error shows its class only.
        public = {
            name: why if why == "ok" or why.startswith("absent") else f"unavailable ({why.split(':', 1)[0]})"
            for name, why in checks.items()
        }
        body = Readiness(status="ready" if ok else "not ready", checks=public)
        return JSONResponse(status_code=200 if ok else 503, content=body.model_dump())

    if settings.protect_docs:

        @app.get("/openapi.json", include_in_schema=False, dependencies=[Depends(any_key)])
        def openapi_schema() -> JSONResponse:
            return JSONResponse(app.openapi())

    @app.get(
        "/metrics", tags=["health"], summary="Prometheus metrics", response_class=PlainTextResponse,
        dependencies=[Depends(any_key)] if settings.protect_metrics else [],
    )  # fmt: skip
    def prometheus(request: Request) -> PlainTextResponse:
        """Request counts and latency sums per route, whether each memory pathway is up, and the pipeline as
        Redis shows it (stream backlogs, stalls, dead letters, alerts by category, webhook deliveries by
        outcome); Prometheus text format 0.0.4."""
        up = {"graph": _graph_status(request), **pathway_status(*request.app.state.pathways)}
        lines = [
            "# HELP spotter_api_pathway_up Whether a memory pathway of /v1/ask can be read (1) or not (0).",
            "# TYPE spotter_api_pathway_up gauge",
            *(f'spotter_api_pathway_up{{pathway="{name}"}} {int(v == "ok")}' for name, v in up.items()),
        ]
        try:
            pipeline = pipeline_metrics(_redis(request))
        except TRANSIENT_ERRORS:
            pipeline = "# the pipeline's figures are missing: Redis is unavailable\n"
        body = metrics.render() + "\n".join(lines) + "\n" + pipeline
        return PlainTextResponse(body, media_type="text/plain; version=0.0.4; charset=utf-8")

    app.add_middleware(BodyLimit, max_bytes=settings.max_body_bytes)
    return app


__all__ = ["CameraIn", "CameraList", "CameraOut", "CameraPatch", "Forgotten", "create_app"]
