"""Scenario container and entity factories shared by the sites."""
import math
import numpy as np

from .. import models as M
from ..world import Entity, Wearer


class Scenario:
    fps = 15

    def __init__(self, name, site, camera, width, height, duration, hfov, projection, seed):
        self.name, self.site, self.camera = name, site, camera
        self.width, self.height, self.duration = width, height, duration
        self.hfov, self.projection, self.seed = hfov, projection, seed
        self.ground_kind = "dirt"
        self.enclosure = None
        self.pano_kind = "suburb"
        self.sun = (0.4, 0.8, -0.3)
        self.haze = (205, 200, 195)
        self.haze_dist = 160.0
        self.noise_sigma = 3.0
        self.tracker = {"policy": "keep"}
        self.wearer = Wearer()
        self.entities = []
        self.events = {}
        self.alerts = []
        self.lookalikes = []
        self.expect_notes = []
        self.questions = []
        self.zone_margin = 0.0

    def add(self, e):
        self.entities.append(e)
        return e

    def ent(self, eid):
        for e in self.entities:
            if e.eid == eid:
                return e
        raise KeyError(eid)

    def event(self, name, eid, kind, t, **kw):
        self.events[name] = dict(eid=eid, event=kind, t=float(t), **kw)

    def alert(self, category, subject, note):
        self.alerts.append(dict(category=category, subject=subject, note=note))


def worker(eid, vest, hat_colour, pos, yaw=0.0, role=None, skin=(120, 160, 210), trousers=(80, 60, 50),
           shirt=(110, 110, 120), note=""):
    attrs = {"vest": vest, "hat_colour": hat_colour}
    e = Entity(eid, "worker", None, kind="worker", attrs=attrs, pos=(pos[0], 0.0, pos[1]), yaw=yaw,
               radius=1.0, role=role, note=note)

    def shape(e, st, f):
        return M.worker(vest, hat_colour, bool(st["hat"][f]), st["activity"][f], float(st["phase"][f]),
                        skin=skin, trousers=trousers, shirt=shirt,
                        holding_hat=(not st["hat"][f]) and e.hold_hat_when_off)
    e.shape = shape
    return e


def thing(eid, label, boxes_fn, pos, yaw=0.0, colour=None, radius=0.6, y=0.0, note="", attrs=None):
    a = dict(attrs or {})
    if colour:
        a["colour"] = colour
    e = Entity(eid, label, None, kind="thing", attrs=a, pos=(pos[0], y, pos[1]), yaw=yaw, radius=radius,
               note=note)
    boxes = boxes_fn()
    e.shape = lambda e, st, f: boxes
    e.state_key = lambda st, f: 0
    e.static = True
    return e


def brick_wall(eid, pos, yaw, per_course, lay_times, base_len=None):
    base_len = base_len or per_course * 0.225
    e = Entity(eid, "brick_wall", None, kind="wall", attrs={}, pos=(pos[0], 0.0, pos[1]), yaw=yaw,
               radius=base_len / 2 + 0.4)
    e.units = list(lay_times)
    e.per_course = per_course
    e.shape = lambda e, st, f: M.brick_wall(int(st["units"][f]), per_course, base_len)
    e.state_key = lambda st, f: int(st["units"][f])
    return e


def pit(eid, centre, length, width, depth, yaw=0.0):
    e = Entity(eid, "excavation", None, kind="pit", attrs={}, pos=(centre[0], 0.0, centre[1]), yaw=yaw,
               radius=math.hypot(length, width) / 2 + 0.5)
    boxes = M.excavation(length, width, depth)
    e.shape = lambda e, st, f: boxes
    e.state_key = lambda st, f: 0
    e.static = True
    rim_local = np.array(M.rim(length, width))

    def rim_world(st, f):
        return rim_local @ st["rot"][f].T + st["pos"][f]
    e.rim_world = rim_world
    e.dims = (length, width, depth)
    return e


def load(eid, pos, y, yaw=0.0):
    e = Entity(eid, "suspended_load", None, kind="load", attrs={}, pos=(pos[0], y, pos[1]), yaw=yaw, radius=2.0)
    boxes = M.suspended_load()
    e.shape = lambda e, st, f: boxes
    e.state_key = lambda st, f: 0
    return e
