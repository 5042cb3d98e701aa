"""REST for alerts and webhook subscriptions (the public contract, "Webhooks").

`POST/GET/DELETE /v1/webhooks`: subscriptions `{url, secret, categories?, cameras?}`; the
secret is write-only (no response carries it). A URL whose host is in a private range is
refused with 400 unless `SPOTTER_NOTIFY_ALLOW_PRIVATE=true`. `GET /v1/alerts` lists stored
alerts with their deliveries; `GET /v1/alerts/{alert_id}` shows one, with each
subscription's delivery status, attempts and last error. The notifier service stores and
delivers; this module only reads alerts and edits subscriptions.
"""

from __future__ import annotations

from collections.abc import Callable, Coroutine
from typing import Annotated, Any, cast

from fastapi import APIRouter, Depends, HTTPException, Path, Query, Request, Response, status
from fastapi.exceptions import RequestValidationError
from fastapi.routing import APIRoute
from pydantic import BaseModel, Field, SecretStr
from redis import Redis

from spotter.alerts.store import AlertNotFound, AlertStore, DeliveryRecord, DeliveryStatus, StoredAlert
from spotter.alerts.webhooks import (
    NotifySettings,
    Subscription,
    WebhookHealth,
    WebhookNotFound,
    WebhookStore,
    WebhookUrlRefused,
    check_webhook_url,
)
from spotter.api.requests import StrictRequest, public_errors
from spotter.messages import Alert, AlertCategory


class _Problem(BaseModel):
    detail: str = Field(description="What went wrong")


class WebhookIn(StrictRequest):
    url: str = Field(min_length=1, max_length=2048, description="http(s) URL that receives the signed POSTs")
    secret: SecretStr = Field(
        min_length=16, max_length=256, description="HMAC-SHA256 key of X-Spotter-Signature (write-only)"
    )
    categories: list[AlertCategory] | None = Field(
        default=None, min_length=1, description="Only alerts of these categories; omitted: all"
    )
    cameras: list[Annotated[str, Field(min_length=1, max_length=128)]] | None = Field(
        default=None, min_length=1, description="Only alerts of these cameras; omitted: all"
    )


class WebhookOut(BaseModel):
    id: str = Field(description="Subscription id")
    url: str = Field(description="Where deliveries go")
    categories: list[AlertCategory] | None = Field(description="Category filter; null: all")
    cameras: list[str] | None = Field(description="Camera filter; null: all")
    created_at: float = Field(description="Unix time of the subscription")
    health: WebhookHealth = Field(description="How deliveries to it have gone")


class WebhookList(BaseModel):
    webhooks: list[WebhookOut] = Field(description="Every subscription, oldest first")


class AlertOut(Alert):
    deliveries: list[DeliveryRecord] = Field(description="One per subscription the alert matched")


class AlertList(BaseModel):
    alerts: list[AlertOut] = Field(
        description="Newest first: by media time for one camera, by wall time across cameras"
    )


def _webhook_out(sub: Subscription, store: WebhookStore) -> WebhookOut:
    return WebhookOut(
        id=sub.id, url=sub.url, categories=sub.categories, cameras=sub.cameras, created_at=sub.created_at,
        health=store.health(sub.id),
    )  # fmt: skip


class RedeliverIn(StrictRequest):
    webhook_ids: list[Annotated[str, Field(min_length=1, max_length=64)]] | None = Field(
        default=None, min_length=1, description="Only the deliveries to these webhooks; omitted: every failed one"
    )


def _alert_out(stored: StoredAlert) -> AlertOut:
    return AlertOut.model_validate({**stored.alert.model_dump(), "deliveries": stored.deliveries})


class _NoEchoRoute(APIRoute):
    """422s without the `input` FastAPI echoes by default: a rejected webhook body holds its secret."""

    def get_route_handler(self) -> Callable[[Request], Coroutine[Any, Any, Response]]:
        handler = super().get_route_handler()

        async def route(request: Request) -> Response:
            try:
                return await handler(request)
            except RequestValidationError as exc:
                raise RequestValidationError(public_errors(exc.errors())) from None

        return route


def _redis(request: Request) -> Redis:
    return cast(Redis, request.app.state.redis)


RedisDep = Annotated[Redis, Depends(_redis)]
WebhookId = Annotated[str, Path(min_length=1, max_length=64, description="Subscription id")]
NOT_FOUND: dict[int | str, dict[str, Any]] = {404: {"model": _Problem, "description": "Unknown id"}}


def alerts_router(settings: NotifySettings | None = None) -> APIRouter:
    """The /v1/webhooks and /v1/alerts routes; `settings` default to `NotifySettings()` from the environment."""
    notify = settings if settings is not None else NotifySettings()
    r = APIRouter(prefix="/v1", route_class=_NoEchoRoute, responses={401: {"model": _Problem, "description": "Missing or wrong X-API-Key"}})

    @r.post(
        "/webhooks",
        status_code=status.HTTP_201_CREATED,
        tags=["webhooks"],
        summary="Subscribe a webhook",
        responses={400: {"model": _Problem, "description": "The URL is refused (scheme, host, private range)"}},
    )
    def subscribe(body: WebhookIn, redis: RedisDep) -> WebhookOut:
        """Deliveries are POSTs of the alert JSON signed `X-Spotter-Signature: t=<unix>,v1=<hex
        HMAC-SHA256(secret, "<t>.<body>")>`, retried with backoff, idempotent by `alert_id`."""
        try:
            url = check_webhook_url(body.url, allow_private=notify.allow_private)
        except WebhookUrlRefused as exc:
            raise HTTPException(status_code=status.HTTP_400_BAD_REQUEST, detail=str(exc)) from exc
        store = WebhookStore(redis)
        sub = store.create(url, body.secret.get_secret_value(), body.categories, body.cameras)
        return _webhook_out(sub, store)

    @r.get("/webhooks", tags=["webhooks"], summary="List webhooks")
    def list_webhooks(redis: RedisDep) -> WebhookList:
        """Every subscription with its delivery health (secrets are never returned)."""
        store = WebhookStore(redis)
        return WebhookList(webhooks=[_webhook_out(s, store) for s in store.list_all()])

    @r.get("/webhooks/{webhook_id}", tags=["webhooks"], summary="One webhook", responses=NOT_FOUND)
    def get_webhook(webhook_id: WebhookId, redis: RedisDep) -> WebhookOut:
        store = WebhookStore(redis)
        try:
            return _webhook_out(store.get(webhook_id), store)
        except WebhookNotFound as exc:
            raise HTTPException(status_code=status.HTTP_404_NOT_FOUND, detail=str(exc)) from exc

    @r.delete(
        "/webhooks/{webhook_id}",
        status_code=status.HTTP_204_NO_CONTENT,
        tags=["webhooks"],
        summary="Delete a webhook",
        responses=NOT_FOUND,
    )
    def delete_webhook(webhook_id: WebhookId, redis: RedisDep) -> Response:
        """Pending deliveries to it end as `cancelled`; past deliveries stay visible on their alerts."""
        try:
            WebhookStore(redis).delete(webhook_id)
        except WebhookNotFound as exc:
            raise HTTPException(status_code=status.HTTP_404_NOT_FOUND, detail=str(exc)) from exc
        return Response(status_code=status.HTTP_204_NO_CONTENT)

    @r.get("/alerts", tags=["alerts"], summary="List alerts")
    def list_alerts(
        redis: RedisDep,
        camera_id: Annotated[str | None, Query(min_length=1, max_length=128, description="Only this camera")] = None,
        category: Annotated[list[AlertCategory] | None, Query(description="Only these categories")] = None,
        since: Annotated[float | None, Query(allow_inf_nan=False, description="Media time t >= since")] = None,
        until: Annotated[float | None, Query(allow_inf_nan=False, description="Media time t <= until")] = None,
        delivery: Annotated[
            DeliveryStatus | None, Query(description="Only alerts with a delivery in this state (e.g. failed)")
        ] = None,
        limit: Annotated[int, Query(ge=1, le=1000, description="At most this many")] = 100,
    ) -> AlertList:
        """Stored alerts, newest first, each with its deliveries."""
        found = AlertStore(redis).query(
            camera_id=camera_id,
            categories=category,
            since=since,
            until=until,
            delivery_status=delivery,
            limit=limit,
        )
        return AlertList(alerts=[_alert_out(s) for s in found])

    @r.get("/alerts/{alert_id}", tags=["alerts"], summary="One alert and its deliveries", responses=NOT_FOUND)
    def get_alert(
        alert_id: Annotated[str, Path(min_length=1, max_length=128, description="The alert's id")],
        redis: RedisDep,
    ) -> AlertOut:
        try:
            return _alert_out(AlertStore(redis).stored(alert_id))
        except AlertNotFound as exc:
            raise HTTPException(status_code=status.HTTP_404_NOT_FOUND, detail=str(exc)) from exc

    @r.post(
        "/alerts/{alert_id}/redeliver",
        tags=["alerts"],
        summary="Send an alert's failed deliveries again",
        responses={**NOT_FOUND, 409: {"model": _Problem, "description": "No failed delivery to send again"}},
    )
    def redeliver(
        alert_id: Annotated[str, Path(min_length=1, max_length=128, description="The alert's id")],
        redis: RedisDep,
        body: RedeliverIn | None = None,
    ) -> AlertOut:
        """A delivery the receiver refused (a 4xx, e.g. 401 while its secret was rotated) or that ran out of
        attempts goes back on the schedule with a new round of attempts, same `alert_id` (receivers
        deduplicate by it). Returns the alert with its deliveries as they now stand."""
        store = AlertStore(redis)
        try:
            again = store.redeliver(alert_id, body.webhook_ids if body is not None else None)
            stored = store.stored(alert_id)
        except AlertNotFound as exc:
            raise HTTPException(status_code=status.HTTP_404_NOT_FOUND, detail=str(exc)) from exc
        if not again:
            raise HTTPException(
                status_code=status.HTTP_409_CONFLICT,
                detail="no failed delivery of this alert to an existing webhook: nothing to send again",
            )
        return _alert_out(stored)

    return r


__all__ = ["AlertList", "AlertOut", "RedeliverIn", "WebhookIn", "WebhookList", "WebhookOut", "alerts_router"]
