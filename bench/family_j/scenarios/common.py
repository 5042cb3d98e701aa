"""helpers shared by the scenario scripts."""
from ..world import Entity, Path, Steps, P


def bricks_schedule(periods, interval, first_offset=0.0):
    """brick times: one brick every `interval` s inside each (start, end) working period."""
    times = []
    for a, b in periods:
        t = a + first_offset
        while t <= b:
            times.append(round(t, 2))
            t += interval
    return times


def counter(times):
    import bisect
    return lambda t: bisect.bisect_right(times, t)


def Q(qid, at, text, kind, intent, ref=None, other_ref=None, **query):
    """a question: its text, the typed query (missing fields become null) and the world refs it is about."""
    return dict(id=qid, at=float(at), text=text, kind=kind, intent=intent, ref=ref, other_ref=other_ref,
                query=query)


def worker(eid, keys, vest, hat_colour, activity, hardhat=None, present=None, zoff=None, **kw):
    return Entity(eid, "worker", "worker", Path(keys), vest=vest, hat_colour=hat_colour,
                  activity=Steps(activity), hardhat=Steps(hardhat or [(0.0, True)]), present=present,
                  zoff=Steps(zoff or [(0.0, 0.0)]), extent=1.0, **kw)


def W(vest=None, hat=None, role=None, hardhat=None):
    """a worker subject as the question describes them."""
    a = {}
    if vest:
        a["vest"] = vest
    if hat:
        a["hat_colour"] = hat
    if hardhat is not None:
        a["hardhat"] = hardhat
    d = {"label": "worker", "attributes": a}
    if role:
        d["role"] = role
    return d


def T(label, colour=None):
    return {"label": label, "attributes": {"colour": colour} if colour else {}}
