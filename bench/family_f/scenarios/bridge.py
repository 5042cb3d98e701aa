"""Scenario 3: bridge deck over a river, precast parapet installation (equidistant fisheye 124 deg,
800x450, mixed tracker: people keep their ids, things get a new id after a 3 s gap)."""
from __future__ import annotations

import math

import numpy as np

from ..lens import Lens
from ..world import Wearer, World
from .common import ahead, scenery, thing, worker, zone_entry, zone_exit

NAME = "bridge_deck_parapet"
CAMERA = "hc-bridge-02"
DECK_X = 7.0


def env():
    from .. import textures as T
    from ..render import MipTex, OutdoorEnv, Panorama
    rng = np.random.default_rng(3303)
    deck, dppm = T.deck_concrete(rng)
    grass, gppm = T.grass_gravel(rng)
    water, wppm = T.river_water(rng)
    pano, meta = T.sky_panorama(rng, "river")
    lens = Lens("fisheye", 124.0, 800, 450)
    regions = [(lambda x, y: (np.abs(x) < DECK_X) & (y >= 0.0) & (y < 120.0), MipTex(deck, dppm)),
               (lambda x, y: (y < 0.0) & (np.abs(x) < 30.0), MipTex(grass, gppm))]
    return OutdoorEnv(regions, Panorama(pano, meta, math.degrees(lens.pix_rad)), lower=(-14.0, MipTex(water, wppm)),
                      fog_m=260.0)


def build():
    lens = Lens("fisheye", 124.0, 800, 450)
    wr = Wearer(0.0, -12.0, eye=1.76, pitch=-8.0, phase=2.1)
    world = World(NAME, "Bridge deck over a river: precast parapet units set by a mobile crane, abutment "
                        "drainage excavation on the south approach", 285.0, lens, wr, seed=3303)

    # ---------------- scenery: edge protection, delivery trailer
    for side in (-1, 1):
        for k in range(9):
            scenery(world, f"rail{side}_{k}", "railing", side * 6.9, 5.0 + 10.0 * k, L=10.0)
    scenery(world, "trailer", "box", 3.2, 57.0, yaw=0, w=2.5, d=9.0, h=1.2, rgb=(70, 70, 75))
    scenery(world, "kerb_w", "box", -5.6, 60.0, yaw=0, w=0.3, d=100.0, h=0.12, rgb=(120, 122, 125))

    # ---------------- things
    parapet = thing(world, "parapet", "parapet", "parapet", -6.2, 20.0, kind="work", det_keys=["units"],
                    unit_L=3.0, dir=1, progress=["units"], unit_name="parapet unit", attrs={"units": 0}, score=0.84)
    load = thing(world, "load", "suspended_load", "suspended_load", 3.2, 55.0, kind="load", w=0.45, d=3.0, h=1.15,
                 rgb=(170, 172, 175), t_on=74.0, big=True, rope=5.0)
    load2 = thing(world, "load2", "suspended_load", "suspended_load", 3.2, 55.0, kind="load", w=0.45, d=3.0,
                  h=1.15, rgb=(170, 172, 175), t_on=184.0, big=True, rope=5.0)

    def tip(t):
        for L in (load, load2):
            if L.is_present(t):
                x, y = L.pos(t)
                return (x, y, L.z(t) + 1.15 + 1.1 + 5.0)
        return (3.2, 52.0, 8.5)

    thing(world, "crane", "mobile_crane", "crane", 3.2, 38.0, yaw=0, kind="plant", w=2.6, d=8.0, h=2.0,
          rgb=(30, 170, 230), boom=(40, 200, 250), tip_fn=tip, boom_nobb=True, boom_w=7,
          attrs={"activity": "stationary"}, det_keys=["activity"], radius=3.5, occluder=True)
    thing(world, "pit", "excavation", "excavation", 9.0, -8.0, kind="zone", w=4.0, d=3.0, spoil_side=1,
          under=True, min_frac=0.3, score=0.82)
    world.zones.append("pit")
    thing(world, "gen", "generator", "generator", -4.5, -5.0, yaw=15, attrs={"colour": "green"}, det_keys=["colour"])
    thing(world, "tbox", "toolbox", "box", 4.6, 16.0, yaw=-10, w=0.6, d=0.3, h=0.32, handle=0.06,
          attrs={"colour": "blue"}, det_keys=["colour"], max_range=18.0)
    ladder = thing(world, "ladder", "ladder", "ladder", -5.5, 48.9, yaw=30, H=1.8, max_range=15.0)
    thing(world, "grout", "pallet", "box", 4.3, 28.0, yaw=0, w=1.2, d=1.2, h=0.9, rgb=(180, 190, 200),
          stripe=(40, 120, 200))
    for i, y in enumerate((26.0, 34.0, 46.0)):
        thing(world, f"cone{i}", "cone", "cone", -1.5, y)
    thing(world, "iwrench", "impact_wrench", "tool", 0, 0, colour="blue", L=0.38, max_range=7.0,
                   attrs={"colour": "blue"}, det_keys=["colour"])
    thing(world, "level", "spirit_level", "box", 0, 0, w=1.2, d=0.06, h=0.07, colour="yellow",
                  attrs={"colour": "yellow"}, det_keys=["colour"], max_range=7.0)

    # ---------------- workers
    bank = worker(world, "w_bank", 1.0, 30.0, "orange", "white", role="banksman", phase=0.6)
    fix1 = worker(world, "w_fix1", 1.5, 27.0, "yellow", "orange", role="fixer", phase=1.6)
    fix2 = worker(world, "w_fix2", 2.0, 30.5, "yellow", "white", role="fixer", phase=2.9)
    drain = worker(world, "w_drain", 14.0, -8.0, "green", "blue", role="drainage operative", phase=0.1)
    lab = worker(world, "w_lab", 13.5, -11.5, "orange", "yellow", role="labourer", phase=1.2)
    surv = worker(world, "w_surv", 2.5, 6.0, "blue", "white", role="surveyor", phase=2.2)

    # ---------------- the wearer's program
    wr.hold(6.0)                             # 0-6 up the approach onto the deck
    wr.pan(80.0, 5.0)                        # 6-11 to the abutment excavation
    wr.hold(max(0.0, 19.0 - wr.t))           # drainage lad climbs in at ~13
    wr.glance(-110.0, peak=112.0, hold=0.6)
    wr.hold(max(0.0, 30.0 - wr.t))           # ... and out again at 27
    wr.walk_to(0.0, 10.0, speed=1.3)         # onto the deck, P1
    wr.hold(2.0)
    wr.turn360(1, 10.0)
    wr.hold(1.5)
    t_turn_end = wr.t
    wr.walk_to(-1.0, 18.0, speed=1.2)        # P2, by the parapet bay
    wr.face(-30.0, rate=50.0)
    wr.hold(max(0.0, 106.0 - wr.t))          # first unit lifted, swung in and landed at 104
    wr.look_down(-45.0, 0.8)
    wr.hold(0.6)
    t_hand = wr.t
    wr.hold(1.4)
    w_xy = ahead(wr, 1.3, 0.15)
    t_drop = wr.t
    world.wearer_drop("iwrench", t_drop, w_xy, hand_from=t_hand)
    wr.hold(1.5)
    wr.look_level(0.6)
    wr.walk_to(0.0, 44.5, speed=1.35)        # P3, north of the crane
    wr.hold(1.0)
    wr.pan(190.0 - wr.yaw, 3.0)              # round to the south by the east
    wr.hold(max(0.0, 172.0 - wr.t))
    wr.pan(-170.0, 4.0)                      # to 20: idle labourer by the east railing
    wr.hold(max(0.0, 200.0 - wr.t))
    wr.glance(100.0, peak=118.0, hold=0.5)
    wr.hold(max(0.0, 207.0 - wr.t))
    wr.pan(-80.0, 2.0)                       # to -60: where the stepladder stood
    wr.hold(3.0)
    t_back = wr.t
    wr.pan(-110.0, 2.5)                      # to 190: the second unit comes down
    wr.hold(max(0.0, 219.0 - wr.t))
    wr.walk_to(-1.2, 18.5, speed=1.35)
    wr.face(-20.0, rate=60.0)
    wr.look_down(-48.0, 0.8)
    wr.hold(1.0)
    t_pick = wr.t
    world.wearer_pick("iwrench", t_pick, hand_until=t_pick + 1.3)
    wr.hold(1.3)
    wr.look_level(0.6)
    wr.face(178.0, rate=70.0)                # south: surveyor leaving, drainage lad
    wr.hold(max(0.0, 266.0 - wr.t))
    wr.glance(-100.0, peak=108.0, hold=0.6)
    wr.look_down(-44.0, 0.8)
    t_l_hand = wr.t
    wr.hold(1.0)
    l_xy = ahead(wr, 1.3, 0.0)
    t_l_drop = wr.t
    world.wearer_drop("level", t_l_drop, l_xy, hand_from=t_l_hand)
    wr.hold(1.2)
    wr.look_level(0.6)
    wr.pan(60.0, 1.5)
    wr.hold(6.0)
    wr.pan(-60.0, 1.5)
    wr.look_down(-44.0, 0.8)
    wr.hold(0.6)
    t_l_pick = wr.t
    world.wearer_pick("level", t_l_pick, hand_until=t_l_pick + 1.2)
    wr.hold(1.2)
    wr.look_level(0.6)
    wr.hold(max(0.0, 285.0 - wr.t))
    world.marks = dict(turn_end=t_turn_end, wrench_drop=t_drop, wrench_pick=t_pick, back=t_back,
                       level_drop=t_l_drop, level_pick=t_l_pick)

    # ---------------- lift 1: precast unit from the trailer to the west edge, fixer guides it in
    load.lift(74.0, 78.0, 4.0)
    load.move(78.0, 88.0, -6.2, 21.5)
    load.lift(88.0, 104.0, 0.15)
    load.vanish(104.0)
    parapet.set(104.0, units=1)
    fix1.walk(85.5, [(-5.2, 21.5)], speed=1.2, then="active")
    fix1.walk(118.0, [(1.5, 27.5)], speed=1.1, then="active")
    # lift 2: nobody near this time
    load2.lift(184.0, 188.0, 4.0)
    load2.move(188.0, 198.0, -6.2, 24.5)
    load2.lift(198.0, 218.0, 0.15)
    load2.vanish(218.0)
    parapet.set(218.0, units=2)

    # fixer 2: hard hat off by the parapet joint, then clears off before the second lift
    fix2.walk(120.0, [(-4.2, 27.5)], speed=1.1, then="active")
    fix2.set(148.0, hardhat=False)
    fix2.set(168.0, hardhat=True)
    fix2.walk(176.0, [(1.5, 33.5)], speed=1.1, then="active")
    # banksman: a short wait (look-alike)
    bank.set(134.0, activity="idle")
    bank.set(170.0, activity="active")
    # labourer: near the pit at first, then idles by the east railing for 82 s
    lab.walk(24.0, [(14.0, -3.0), (6.0, 0.0), (6.0, 48.0)], speed=1.3, then="active")
    lab.set(123.0, activity="idle")
    lab.set(250.0, activity="active")
    # drainage operative: down the excavation and out again, vest off later (hard hat stays on)
    t_in = drain.walk(10.0, [(10.0, -8.0)], speed=0.9, then="active")
    drain.lift(t_in - 0.6, t_in, -0.9)
    drain.lift(27.0, 27.6, 0.0)
    drain.walk(27.0, [(14.0, -8.0), (14.5, -4.5)], speed=1.0, then="active")
    drain.set(251.0, vest="none")
    # stepladder carried off while the wearer looks north
    ladder.vanish(185.0, event="taken")
    # surveyor: sets out on the deck, then leaves down the approach
    surv.move(30.0, 40.0, 2.5, 12.0)
    surv.walk(240.0, [(1.5, -6.0), (0.5, -40.0)], speed=1.4)
    surv.vanish(268.0, event="left")

    world.finish()
    world.marks["drain_in"] = zone_entry(world, "w_drain", "pit")
    world.marks["drain_out"] = zone_exit(world, "w_drain", "pit")
    expect = [("exclusion_zone", "w_drain"), ("safety_alert", "w_fix1"), ("progress", "parapet"),
              ("left_behind", "iwrench"), ("ppe_violation", "w_fix2"), ("idle", "w_lab"),
              ("memory_recall", "ladder")]
    return {"world": world, "camera": CAMERA, "env": env, "expect": expect, "questions": questions,
            "noise": {"track_mode": "mixed", "p_drop_frame": 0.006, "p_burst": 0.007, "p_attr_loss": 0.08},
            "lookalikes": [
                "the second parapet unit (184-214 s) is lifted and landed with nobody within 4 m (no safety_alert), "
                "and a second unit is not a progress stage",
                "the mobile crane is stationary plant with the banksman beside it (no safety_alert)",
                "the labourer stands about 3 m from the abutment excavation at the start, never inside it",
                "the blue toolbox drops out of view and is always back in its place (no memory_recall)",
            ]}


def questions(q, o):
    w = q.w
    m = w.marks
    def S(label, **a):
        return {"label": label, "attributes": a}
    fix1 = S("worker", vest="yellow", hat_colour="orange")
    fix2 = S("worker", vest="yellow", hat_colour="white")
    drain = S("worker", vest="green", hat_colour="blue")
    lab = S("worker", vest="orange", hat_colour="yellow")
    bank = {"label": "worker", "attributes": {"vest": "orange", "hat_colour": "white"}, "role": "banksman"}
    bank_r = {"label": "worker", "attributes": {}, "role": "banksman"}

    def Q(kind, intent, **kw):
        d = {"kind": kind, "intent": intent, "subject": None, "event": None, "unit": None, "ordinal": None,
             "other": None, "relation": None, "direction": None, "time": None, "window": None, "state": None,
             "spell": None}
        d.update(kw)
        return d

    q.direction_of("b01", 60.0, "Which way is the crane from here?",
                   Q("directional", "direction_of", subject=S("mobile_crane")), "crane")
    q.direction_of("b02", 250.0, "Remind me which way the drainage excavation is.",
                   Q("directional", "direction_of", subject=S("excavation")), "pit")
    q.things_in_direction("b03", round(m["turn_end"] - 0.5, 1), "What's in front of me?",
                          Q("directional", "things_in_direction", direction="front"), "front")
    q.things_in_direction("b04", 165.0, "What's over to my right?",
                          Q("directional", "things_in_direction", direction="right"), "right")
    q.where("b05", round(m["back"] + 1.0, 1), "Where's the stepladder gone?",
            Q("object_permanence", "where", subject=S("ladder")), "ladder",
            "taken unseen at 185 s; answer is where it was last seen, and when")
    q.where("b06", 150.0, "Where's the generator?",
            Q("object_permanence", "where", subject=S("generator")), "gen")
    q.still_there("b07", round(m["back"] + 2.0, 1), "Is the stepladder still where it was this morning?",
                  Q("object_permanence", "still_there", subject=S("ladder")), "ladder", False,
                  "taken unseen at 185 s; its spot seen empty at ~208 s")
    q.still_there("b08", 230.0, "Is the blue toolbox still where it was at 0:40?",
                  Q("object_permanence", "still_there", subject=S("toolbox", colour="blue"), time={"t": 40.0}),
                  "tbox", True,
                  "never moved")
    q.event_time("b09", 130.0, "When did the first parapet unit go in?",
                 Q("temporal_retrieval", "event_time", subject=S("parapet"), event="work_unit", unit="parapet_unit",
                   ordinal=1), 104.0, 3.0, "units 0->1 when the first unit landed at 104 s", "parapet")
    q.event_time("b10", 50.0, "When did the drainage lad in the green vest get down in the hole?",
                 Q("temporal_retrieval", "event_time", subject=dict(drain, role="drainage operative"),
                   event="entered_zone"), m["drain_in"], 3.0, "first inside the excavation", "w_drain")
    q.event_time("b11", 100.0, "When did the drainage lad climb back out of the hole?",
                 Q("temporal_retrieval", "event_time", subject=drain, event="left_zone"), m["drain_out"], 4.0,
                 "first outside the excavation footprint", "w_drain")
    q.event_time("b12", 185.0, "When did the fixer in the white hat take it off?",
                 Q("temporal_retrieval", "event_time", subject=dict(fix2, role="fixer"), event="ppe_removed"),
                 148.0, 3.0, "hardhat true->false at 148 s", "w_fix2")
    q.event_time("b13", 280.0, "What time did the surveyor in the blue vest head off?",
                 Q("temporal_retrieval", "event_time", subject=dict(S("worker", vest="blue"), role="surveyor"),
                   event="left"), o.last_seen("w_surv", 280.0), 3.0, "walked off down the approach; last seen",
                 "w_surv")
    q.event_time("b14", 215.0, "When did the banksman get going again after his wait?",
                 Q("temporal_retrieval", "event_time", subject=bank_r, event="resumed_working"),
                 170.0, 3.0, "idle->active at 170 s", "w_bank")
    q.event_time("b15", 240.0, "When did the stepladder first show up?",
                 Q("temporal_retrieval", "event_time", subject=S("ladder"), event="first_seen"),
                 o.first_seen("ladder"), 2.0, "first detection", "ladder")
    q.event_time("b16", 283.0, "When did I put the spirit level down?",
                 Q("temporal_retrieval", "event_time", subject=S("spirit_level"), event="dropped"),
                 m["level_drop"], 3.0, "set down by the wearer", "level")
    q.event_time("b34", 150.0, "When did the labourer in the yellow hat down tools?",
                 Q("temporal_retrieval", "event_time", subject=dict(lab, role="labourer"), event="stopped_working"),
                 123.0, 3.0, "active->idle at 123 s (first time he stopped working)", "w_lab")
    tl = o.last_seen("gen", 150.0)
    q.time_since("b17", 150.0, "How long since I last saw the generator?",
                 Q("temporal_reasoning", "time_since", subject=S("generator"), event="last_seen"), tl, 2.5,
                 f"generator last detected at {tl:.1f}s")
    q.time_since("b18", 170.0, "How long ago did I put the impact wrench down?",
                 Q("temporal_reasoning", "time_since", subject=S("impact_wrench"), event="dropped"),
                 m["wrench_drop"], 3.0, "set down by the wearer")
    q.state_duration("b19", 120.0, "How long was the drainage lad down that hole?",
                     Q("temporal_reasoning", "state_duration", subject=drain, state="in_zone", spell="last"),
                     m["drain_out"] - m["drain_in"], 4.0, "inside the excavation")
    q.state_duration("b20", 250.0, "How long was the impact wrench lying on the deck?",
                     Q("temporal_reasoning", "state_duration", subject=S("impact_wrench"), state="on_ground",
                       spell="last"), m["wrench_pick"] - m["wrench_drop"], 5.0, "set down to picked up")
    q.state_duration("b21", 200.0, "How long was the fixer in the white hat working without it?",
                     Q("temporal_reasoning", "state_duration", subject=fix2, state="without_ppe", spell="last"),
                     20.0, 4.0, "hat off 148-168 s")
    q.order("b22", 140.0, "Did the first parapet unit go in before I put my impact wrench down?",
            Q("temporal_reasoning", "order", subject=S("parapet"), event="work_unit", unit="parapet_unit", ordinal=1,
              relation="before", other={"subject": S("impact_wrench"), "event": "dropped", "unit": None,
                                        "ordinal": None}), True, f"104 s vs {m['wrench_drop']:.1f} s")
    q.order("b23", 230.0, "Did the labourer go idle after the fixer took his hat off?",
            Q("temporal_reasoning", "order", subject=lab, event="went_idle", relation="after",
              other={"subject": fix2, "event": "ppe_removed", "unit": None, "ordinal": None}), False,
            "123 s vs 148 s")
    q.returned("b24", 140.0, "Did the fixer in the orange hat go back to where he was before the lift?",
               Q("temporal_reasoning", "returned", subject=fix1,
                 other={"subject": fix1, "event": "first_seen", "unit": None, "ordinal": None}), True,
               "at (1.5,27) first, guided the unit in at (-5.2,21.5), back at (1.5,27.5) by ~124 s (seen from "
               "~132 s)", eid="w_fix1", back_from=125.0)
    q.returned("b25", 270.0, "Has the drainage lad gone back down the excavation since he came out?",
               Q("temporal_reasoning", "returned", subject=drain,
                 other={"subject": drain, "event": "left_zone", "unit": None, "ordinal": None}), False,
               "out at 27 s and working 3 m north-east of it ever since")
    q.is_working("b26", 196.0, "Is the labourer in the yellow hat doing any work?",
                 Q("productivity", "is_working", subject=lab, state="working"), "w_lab", "working")
    q.is_working("b27", 152.0, "Is the banksman in the orange vest working at the minute?",
                 Q("productivity", "is_working", subject=bank, state="working"), "w_bank", "working")
    q.spell_duration("b28", 196.0, "How long has the labourer been stood there?",
                     Q("productivity", "spell_duration", subject=dict(lab, role="labourer"), state="idle",
                       spell="current"), "w_lab", "idle", "current")
    q.spell_duration("b29", 230.0, "How long was the banksman waiting about?",
                     Q("productivity", "spell_duration", subject=bank_r, state="idle", spell="last"),
                     "w_bank", "idle", "last")
    q.same_individual("b30", 256.0, "Is the lad with no vest the same one who was down the excavation earlier?",
                      Q("identity", "same_individual", subject=S("worker", vest="none"),
                        other={"subject": S("worker"), "event": "entered_zone", "unit": None, "ordinal": None}),
                      True, "w_drain took his vest off at 251 s; he is the one who entered the excavation")
    q.same_individual("b31", 160.0, "Is the fixer in the white hat the one who guided the first unit in?",
                      Q("identity", "same_individual", subject=fix2, time={"t": 90.0}), False,
                      "the unit was guided in by the fixer in the orange hat (w_fix1)")
    q.count_distinct("b32", 200.0, "How many fixers in yellow vests have I seen on the deck?",
                     Q("identity", "count_distinct", subject=dict(S("worker", vest="yellow"), role="fixer")),
                     ["w_fix1", "w_fix2"], "orange hat and white hat")
    q.unknown("b33", 120.0, "What's the river level going to do tonight?", "not answerable from the site memory")
