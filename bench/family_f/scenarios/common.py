"""Helpers shared by the scenario scripts."""
from __future__ import annotations

from ..world import Entity

WORKER_KEYS = ["hardhat", "vest", "hat_colour", "activity"]


def worker(world, eid, x, y, vest, hat, activity="active", role=None, z=0.0, t_on=0.0, **params):
    attrs = {"hardhat": True, "vest": vest, "hat_colour": hat, "activity": activity}
    e = Entity(eid, "worker", "worker", x, y, kind="worker", attrs=attrs, det_keys=WORKER_KEYS, score=0.9,
               role=role, z=z, params=params, t_on=t_on)
    return world.add(e)


def thing(world, eid, label, model, x, y, *, yaw=0.0, detect=True, occluder=False, score=0.82, det_keys=(),
          kind="thing", attrs=None, t_on=0.0, **params):
    e = Entity(eid, label, model, x, y, kind=kind, yaw=yaw, detect=detect, occluder=occluder, score=score,
               det_keys=list(det_keys), attrs=attrs, params=params, t_on=t_on)
    return world.add(e)


def scenery(world, eid, model, x, y, yaw=0.0, occluder=False, **params):
    e = Entity(eid, "scenery", model, x, y, kind="scenery", yaw=yaw, detect=False, occluder=occluder,
               params=params)
    return world.add(e)


def ahead(wearer, dist, side=0.0):
    """Point `dist` m ahead of the wearer (at the cursor time), `side` m to the right."""
    import math
    x, y = wearer.xy
    h = math.radians(wearer.yaw)
    return (x + dist * math.sin(h) + side * math.cos(h), y + dist * math.cos(h) - side * math.sin(h))


def zone_entry(w, eid, zid, after=0.0):
    e, z = w.ents[eid], w.ents[zid]
    zx, zy = z.pos(0)
    for i in range(int(after * 15), int(w.duration * 15)):
        t = i / 15
        x, y = e.pos(t)
        if abs(x - zx) <= z.params["w"] / 2 and abs(y - zy) <= z.params["d"] / 2 and e.is_present(t):
            return t
    return None


def zone_exit(w, eid, zid):
    t0 = zone_entry(w, eid, zid)
    e, z = w.ents[eid], w.ents[zid]
    zx, zy = z.pos(0)
    t = t0
    while t < w.duration:
        x, y = e.pos(t)
        if not (abs(x - zx) <= z.params["w"] / 2 and abs(y - zy) <= z.params["d"] / 2):
            return t
        t += 1 / 15
    return None
