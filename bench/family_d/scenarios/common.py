"""Helpers shared by the scenario scripts."""
from __future__ import annotations

import math

from ..sim import Entity, Path, Steps

SKIN = [(120, 160, 210), (90, 125, 170), (70, 95, 130), (140, 180, 225), (60, 80, 110)]
TROUSERS = {"navy": (70, 45, 35), "black": (35, 35, 35), "grey": (110, 110, 110), "khaki": (90, 140, 160),
            "brown": (40, 70, 100)}


def polar(brg_deg, dist, origin=(0.0, 0.0)):
    b = math.radians(brg_deg)
    return origin[0] + dist * math.sin(b), origin[1] + dist * math.cos(b)


def worker(eid, name, vest, hat, path, activity, hardhat=None, present=None, skin=0, trousers="navy",
           height=1.78, beard=False, glasses=False, build=1.0, shirt=(120, 90, 60)):
    look = dict(vest=vest, hat=hat, skin=SKIN[skin], trousers=TROUSERS[trousers], height=height, beard=beard,
                glasses=glasses, build=build, shirt=shirt)
    return Entity(eid=eid, label="worker", kind="worker", path=path, present=present,
                  attrs={"vest": vest, "hat_colour": hat}, look=look, activity=activity,
                  hardhat=hardhat or Steps(True), name=name)


def thing(eid, label, x, z, colour=None, present=None, holder=None, path=None, kind=None, **kw):
    attrs = {"colour": colour} if colour else {}
    attrs.update(kw.pop("attrs", {}))
    return Entity(eid=eid, label=label, kind=kind or label, path=path or Path([(0, x, z)]), present=present,
                  attrs=attrs, holder=holder, **kw)


def still(x, z):
    return Path([(0, x, z)])
