"""Helpers to script scenarios compactly."""
from .world import Entity, Keys


def person(name, vest, hat, path, activity, hat_off=(), face=(), present=(-1e9, 1e9), yaw=180.0,
           trousers=(70, 55, 45), skin=(120, 150, 200), sleeve=None):
    style = {"trousers": trousers, "skin": skin}
    if sleeve is not None:
        style["sleeve"] = sleeve
    return Entity(name, "worker", "worker", Keys(path, ease=False), yaw=yaw,
                  attrs={"vest": vest, "hat_colour": hat}, present=present, face=list(face),
                  activity=list(activity), hat_off=list(hat_off), style=style)


def thing(name, label, shape, x, z, yaw=0.0, colour=None, carries=(), style=None, path=None, y=0.0,
          present=(-1e9, 1e9), ease=True):
    attrs = {"colour": colour} if colour else {}
    return Entity(name, label, shape, Keys(path, ease=ease) if path else [(0.0, x, z)], yaw=yaw,
                  attrs=attrs, carries=list(carries), style=style, y=y, present=present)


def scenery(name, shape, x, z, yaw=0.0, style=None):
    return Entity(name, None, shape, [(0.0, x, z)], yaw=yaw, style=style)


def holds(keys, t, v):
    """Append a hold: key at time t with value v (for yaw/pitch tracks)."""
    keys.append((t, v))
