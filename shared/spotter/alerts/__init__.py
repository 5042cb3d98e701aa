"""Alerts after the reasoner: storage, webhook subscriptions and signed, retried deliveries.

`webhooks` holds the subscription store, the URL (SSRF) check and the signature;
`store` the alerts and delivery records in Redis; `notifier` the service that
consumes `streams.ALERTS` and delivers.
"""

from spotter.alerts.store import AlertNotFound, AlertStore, DeliveryRecord, DeliveryStatus, StoredAlert
from spotter.alerts.webhooks import (
    ALERT_ID_HEADER,
    SIGNATURE_HEADER,
    NotifySettings,
    Subscription,
    WebhookNotFound,
    WebhookStore,
    WebhookUrlRefused,
    check_webhook_url,
    sign,
    verify,
)

__all__ = [
    "ALERT_ID_HEADER",
    "SIGNATURE_HEADER",
    "AlertNotFound",
    "AlertStore",
    "DeliveryRecord",
    "DeliveryStatus",
    "NotifySettings",
    "StoredAlert",
    "Subscription",
    "WebhookNotFound",
    "WebhookStore",
    "WebhookUrlRefused",
    "check_webhook_url",
    "sign",
    "verify",
]
