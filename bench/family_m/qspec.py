"""Compact builders for questions (text, typed query, and what the truth engine should look at)."""


def W(vest=None, hat=None, hardhat=None, role=None):
    """A worker subject as the question describes them."""
    a = {}
    if vest:
        a["vest"] = vest
    if hat:
        a["hat_colour"] = hat
    if hardhat is not None:
        a["hardhat"] = hardhat
    s = {"label": "worker", "attributes": a}
    if role:
        s["role"] = role
    return s


def T(label, colour=None):
    return {"label": label, "attributes": {"colour": colour} if colour else {}}


def O(subject, event, unit=None, ordinal=None):
    """The `other` event of an order question."""
    return {"subject": subject, "event": event, "unit": unit, "ordinal": ordinal}


def Q(qid, at, text, intent, tgt=None, **query):
    return {"id": qid, "at": float(at), "text": text, "intent": intent, "target": tgt or {}, "query": query}
