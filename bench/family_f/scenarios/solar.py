"""Scenario 2: solar farm, block C module installation (equidistant fisheye 150 deg, 960x540,
tracker gives a new id after every gap)."""
from __future__ import annotations

import math

import numpy as np

from ..lens import Lens
from ..world import Wearer, World
from .common import ahead, scenery, thing, worker, zone_entry

NAME = "solar_farm_block_c"
CAMERA = "hc-solar-c3"
TRACK = (-8.0, -4.0)


def env():
    from .. import textures as T
    from ..render import MipTex, OutdoorEnv, Panorama
    rng = np.random.default_rng(2202)
    grass, gppm = T.grass_gravel(rng)
    track, tppm = T.gravel_track(rng)
    pano, meta = T.sky_panorama(rng, "solar")
    lens = Lens("fisheye", 150.0, 960, 540)
    regions = [(lambda x, y: (x > TRACK[0]) & (x < TRACK[1]), MipTex(track, tppm)),
               (lambda x, y: np.ones_like(x, bool), MipTex(grass, gppm))]
    return OutdoorEnv(regions, Panorama(pano, meta, math.degrees(lens.pix_rad)), fog_m=220.0)


def build():
    lens = Lens("fisheye", 150.0, 960, 540)
    wr = Wearer(0.0, 0.0, eye=1.74, pitch=-9.0, phase=1.3)
    world = World(NAME, "Solar farm, block C: module installation on piled tables, DC cable trench, "
                        "telehandler on the access track", 300.0, lens, wr, seed=2202)

    # ---------------- scenery: rows of finished tables
    k = 0
    for y in (9.0, 17.0, 25.0, -12.0, -19.0):
        xs = [20.0, 32.0] if y == 9.0 else [2.0, 14.0, 26.0]
        if y < 0:
            xs = [6.0, 18.0, 30.0]
        for x in xs + [-16.0, -28.0]:
            scenery(world, f"tab{k}", "solar_table", x, y, L=11.0, D=4.0, per_row=6, rows=2, full=True)
            k += 1
    scenery(world, "piler", "telehandler", -24.0, 31.0, yaw=60.0, rgb=(40, 60, 200), forks=False, boom_rise=3.5)

    # ---------------- things
    table = thing(world, "tableC12", "solar_table", "solar_table", 8.0, 9.0, kind="work", det_keys=["modules"],
                  L=12.0, D=4.0, per_row=6, rows=2, full=False, progress=["modules"], unit_name="module",
                  attrs={"modules": 0}, min_frac=0.35, score=0.8)
    thing(world, "pallet", "pallet", "box", 0.8, 4.6, yaw=0, w=1.2, d=2.2, h=1.1, rgb=(120, 70, 40),
          stripe=(200, 200, 200), attrs={"colour": "blue"}, det_keys=["colour"])
    thing(world, "trench", "excavation", "excavation", 10.0, -4.0, kind="zone", w=10.0, d=0.8, spoil_side=-1,
          under=True, min_frac=0.3, score=0.8)
    world.zones.append("trench")
    thing(world, "cone1", "cone", "cone", 4.3, -3.1)
    thing(world, "cone2", "cone", "cone", 15.8, -3.1)
    thing(world, "drum", "cable_drum", "cable_drum", 17.5, -1.8, attrs={"colour": "brown"}, det_keys=[])
    thing(world, "barrow", "wheelbarrow", "wheelbarrow", 2.0, -6.4, yaw=-20, colour="green",
                   attrs={"colour": "green"}, det_keys=["colour"])
    th = thing(world, "th", "telehandler", "telehandler", -6.0, -25.0, yaw=0.0, kind="plant",
               attrs={"activity": "parked"}, det_keys=["activity"], radius=2.5, score=0.9)
    wrench = thing(world, "wrench", "torque_wrench", "tool", 0, 0, colour="red", L=0.45, max_range=6.5,
                   attrs={"colour": "red"}, det_keys=["colour"])
    thing(world, "crimper", "crimping_tool", "tool", 0, 0, colour="yellow", L=0.32, max_range=6.5,
                    attrs={"colour": "yellow"}, det_keys=["colour"])

    # ---------------- workers
    inst1 = worker(world, "w_inst1", 5.5, 6.9, "orange", "white", role="installer", phase=0.2)
    inst2 = worker(world, "w_inst2", 10.5, 6.9, "orange", "white", role="installer", phase=1.9)
    cable = worker(world, "w_cable", 17.0, -0.4, "yellow", "green", role="cable puller", phase=0.8)
    bank = worker(world, "w_bank", -3.3, 0.0, "pink", "white", role="banksman", phase=2.4)
    sup = worker(world, "w_sup", -16.0, -3.0, "blue", "black", role="engineer", phase=1.4)
    labr = worker(world, "w_labr", 3.2, -8.0, "green", "yellow", role="labourer", phase=0.5)

    # ---------------- the wearer's program
    wr.hold(6.0)                            # 0-6 north: table C12, installers, pallet
    wr.pan(-100.0, 5.0)                     # 6-11 west: the access track
    wr.hold(25.0)                           # 11-36 telehandler comes up the track past the banksman
    wr.glance(100.0, peak=110.0, hold=0.5)
    wr.hold(max(0.0, 44.0 - wr.t))
    wr.pan(85.0, 3.0)                       # 44-47 to -15
    wr.hold(max(0.0, 58.0 - wr.t))          # first module goes on at 49
    wr.walk_to(6.0, 4.0, speed=1.3)         # P1, in front of the table
    wr.face(5.0, rate=40.0)
    wr.hold(max(0.0, 72.0 - wr.t))
    wr.look_down(-44.0, 0.8)
    wr.hold(0.8)
    t_hand = wr.t
    wr.hold(1.5)
    wrench_xy = ahead(wr, 1.3, 0.2)
    t_drop = wr.t
    world.wearer_drop("wrench", t_drop, wrench_xy, hand_from=t_hand)
    wr.hold(1.8)
    wr.look_level(0.6)
    wr.walk_to(9.0, -1.0, speed=1.3)        # P2 by the trench
    wr.face(130.0, rate=60.0)
    wr.hold(max(0.0, 100.0 - wr.t))         # cable puller takes his hat off at 88
    wr.glance(-110.0, peak=115.0, hold=0.6)
    wr.hold(max(0.0, 112.0 - wr.t))
    wr.walk_to(-0.5, -7.5, speed=1.3)       # P3 by the wheelbarrow
    wr.hold(1.0)
    wr.turn360(-1, 10.0)                    # full turn, to the left
    wr.hold(1.5)
    t_turn_end = wr.t
    wr.walk_to(6.3, 3.2, speed=1.3)         # back to where the wrench was left
    wr.face(0.0, rate=50.0)
    wr.hold(max(0.0, 160.0 - wr.t))
    wr.pan(-70.0, 3.0)                      # banksman / pallet
    wr.hold(6.0)
    wr.pan(85.0, 3.5)
    wr.hold(max(0.0, 196.0 - wr.t))
    wr.walk_to(12.0, 0.5, speed=1.3)        # P5 at the trench
    wr.face(190.0, rate=60.0)
    wr.hold(max(0.0, 212.0 - wr.t))
    wr.look_down(-46.0, 0.8)
    wr.hold(0.6)
    t_c_hand = wr.t
    wr.hold(1.4)
    crimp_xy = ahead(wr, 1.2, -0.2)
    t_c_drop = wr.t
    world.wearer_drop("crimper", t_c_drop, crimp_xy, hand_from=t_c_hand)
    wr.hold(1.2)
    wr.look_level(0.6)
    wr.pan(-60.0, 2.0)
    wr.hold(max(0.0, 232.0 - wr.t))
    wr.pan(60.0, 2.0)
    wr.look_down(-46.0, 0.8)
    wr.hold(0.8)
    t_c_pick = wr.t
    world.wearer_pick("crimper", t_c_pick, hand_until=t_c_pick + 1.3)
    wr.hold(1.3)
    wr.look_level(0.6)
    wr.hold(max(0.0, 246.0 - wr.t))
    wr.walk_to(3.0, -1.0, speed=1.3)
    wr.face(-95.0, rate=60.0)
    wr.hold(max(0.0, 286.0 - wr.t))
    wr.glance(115.0, peak=120.0, hold=0.5)
    wr.hold(max(0.0, 300.0 - wr.t))
    world.marks = dict(wrench_drop=t_drop, crimp_drop=t_c_drop, crimp_pick=t_c_pick, turn_end=t_turn_end)

    # ---------------- telehandler: up the track, creeping past the banksman, parks at the north end
    th.set(20.0, activity="moving")
    t = th.move(20.0, 25.7, -6.0, -8.0)
    t = th.move(t, t + 16.0 / 0.7, -6.0, 8.0)
    t = th.move(t, t + 18.0 / 3.0, -6.0, 26.0)
    th.set(t, activity="parked")
    world.marks["th_parked"] = t

    # banksman: guides it, then stands about for 85 s
    bank.set(22.0, activity="active")
    t_bank_idle = bank.walk(45.0, [(-2.5, 3.6)], speed=1.0, then="idle")
    bank.walk(168.0, [(-0.5, 9.0)], speed=1.0, then="active")
    t2 = bank.walk(248.0, [(-4.0, 4.0)], speed=1.0, then="idle")
    bank.set(t2 + 30.0, activity="active")
    world.marks["bank_idle2"] = (t2, t2 + 30.0)
    world.marks["bank_idle"] = t_bank_idle

    # installers: modules onto table C12
    table.set(49.0, modules=1)
    table.set(158.0, modules=2)
    inst1.move(40.0, 43.0, 6.5, 6.9)
    inst1.move(150.0, 153.0, 7.5, 6.9)
    inst2.set(164.0, activity="idle")
    inst2.set(193.0, activity="active")
    # installer 2 pockets the wrench while the wearer is away
    wrench.vanish(128.0, event="taken")

    # cable puller: hat off at the drum, later down in the trench
    cable.set(88.0, hardhat=False)
    cable.move(95.0, 99.0, 18.5, -0.6)
    cable.set(131.0, hardhat=True)
    t_in = cable.walk(205.0, [(16.0, -2.4), (13.0, -4.0)], speed=1.1, then="active")
    cable.lift(t_in - 0.8, t_in, -0.7)
    cable.lift(244.0, 245.0, 0.0)
    cable.walk(244.0, [(16.5, -2.0), (18.0, -0.5)], speed=1.1, then="active")
    world.marks["cable_in"] = t_in

    # labourer walks along the trench, 2.6 m off it
    labr.walk(186.0, [(1.0, -5.0), (1.5, -1.0), (16.0, -1.0)], speed=1.2, then="active")
    labr.walk(240.0, [(1.5, -1.0), (1.0, -5.0), (3.2, -8.0)], speed=1.2, then="active")

    # engineer leaves the site to the west
    sup.walk(262.0, [(-40.0, -3.0)], speed=1.3)
    sup.vanish(283.0, event="left")

    world.finish()
    world.marks["cable_in_zone"] = zone_entry(world, "w_cable", "trench")
    expect = [("safety_alert", "w_bank"), ("progress", "tableC12"), ("left_behind", "wrench"),
              ("ppe_violation", "w_cable"), ("idle", "w_bank"), ("memory_recall", "wrench"),
              ("exclusion_zone", "w_cable")]
    return {"world": world, "camera": CAMERA, "env": env, "expect": expect, "questions": questions,
            "noise": {"track_mode": "new_after_gap", "gap_s": 0.7, "p_drop_frame": 0.01, "p_burst": 0.006},
            "lookalikes": [
                "the telehandler parks at the north end of the track; nobody works near it afterwards",
                "the second module at 158 s is not a progress stage (only the first module is)",
                "the green wheelbarrow leaves the view during the 360 turn and comes back where it was "
                "(no memory_recall)",
                "the cable puller is seen hatless again after a glance away with a new track id: same removal, "
                "no second ppe_violation",
            ]}


def questions(q, o):
    w = q.w
    m = w.marks
    def S(label, **a):
        return {"label": label, "attributes": a}
    inst = S("worker", vest="orange", hat_colour="white")
    cable = S("worker", vest="yellow", hat_colour="green")
    bank = {"label": "worker", "attributes": {"vest": "pink"}, "role": "banksman"}
    bank_r = {"label": "worker", "attributes": {}, "role": "banksman"}

    def Q(kind, intent, **kw):
        d = {"kind": kind, "intent": intent, "subject": None, "event": None, "unit": None, "ordinal": None,
             "other": None, "relation": None, "direction": None, "time": None, "window": None, "state": None,
             "spell": None}
        d.update(kw)
        return d

    q.is_working("s01", 60.0, "Is the banksman in the pink vest doing anything?",
                 Q("productivity", "is_working", subject=bank, state="working"), "w_bank", "working")
    q.direction_of("s02", 57.0, "Which way's the telehandler from me?",
                   Q("directional", "direction_of", subject=S("telehandler")), "th")
    q.things_in_direction("s03", round(m["turn_end"] - 1.0, 1), "What's behind me?",
                          Q("directional", "things_in_direction", direction="behind"), "behind",
                          optional=("wrench",))
    q.things_in_direction("s04", 195.0, "What have I got on my left?",
                          Q("directional", "things_in_direction", direction="left"), "left")
    q.where("s05", 180.0, "Where's my torque wrench?",
            Q("object_permanence", "where", subject=S("torque_wrench")), "wrench",
            "taken unseen at 128 s; the answer is where it was last seen")
    q.where("s06", 255.0, "Where's the green wheelbarrow?",
            Q("object_permanence", "where", subject=S("wheelbarrow", colour="green")), "barrow")
    q.still_there("s07", 170.0, "Is the torque wrench still where I left it?",
                  Q("object_permanence", "still_there", subject=S("torque_wrench")), "wrench", False,
                  "taken unseen at 128 s; its spot was seen empty from ~143 s")
    q.still_there("s08", 140.0, "Is the wheelbarrow still where it was?",
                  Q("object_permanence", "still_there", subject=S("wheelbarrow")), "barrow", True,
                  "never moved; seen in place during the turn")
    q.event_time("s09", 80.0, "When did the first panel go on table C12?",
                 Q("temporal_retrieval", "event_time", subject=S("solar_table"), event="work_unit", unit="module",
                   ordinal=1), 49.0, 3.0, "modules 0->1 at 49 s, in view", "tableC12")
    q.event_time("s10", 150.0, "What time did I put the torque wrench down?",
                 Q("temporal_retrieval", "event_time", subject=S("torque_wrench"), event="dropped"),
                 m["wrench_drop"], 3.0, "set down by the wearer", "wrench")
    q.event_time("s11", 120.0, "When did the cable puller in the yellow vest take his hard hat off?",
                 Q("temporal_retrieval", "event_time", subject=dict(cable, role="cable puller"), event="ppe_removed"),
                 88.0, 3.0, "hardhat true->false at 88 s in view", "w_cable")
    q.event_time("s12", 238.0, "When did the cable puller get down into the trench?",
                 Q("temporal_retrieval", "event_time", subject=dict(cable, role="cable puller"),
                   event="entered_zone"), m["cable_in_zone"], 3.0, "first inside the trench footprint", "w_cable")
    q.event_time("s13", 100.0, "When did the banksman stop and start standing about?",
                 Q("temporal_retrieval", "event_time", subject=bank_r, event="went_idle"), m["bank_idle"], 3.0,
                 "walking->idle when he stopped by the track", "w_bank")
    q.event_time("s14", 298.0, "What time did the engineer in the blue vest leave?",
                 Q("temporal_retrieval", "event_time", subject=dict(S("worker", vest="blue"), role="engineer"),
                   event="left"), o.last_seen("w_sup", 298.0), 3.0, "walked off west; last seen leaving", "w_sup")
    q.event_time("s15", 60.0, "When did the telehandler first show up?",
                 Q("temporal_retrieval", "event_time", subject=S("telehandler"), event="first_seen"),
                 o.first_seen("th"), 2.0, "first detection of the telehandler", "th")
    q.event_time("s16", 255.0, "When did I pick the crimper back up?",
                 Q("temporal_retrieval", "event_time", subject=S("crimping_tool"), event="picked_up"),
                 m["crimp_pick"], 3.0, "picked up by the wearer", "crimper")
    tl = o.last_seen("drum", 190.0)
    q.time_since("s17", 190.0, "How long since I last saw the cable drum?",
                 Q("temporal_reasoning", "time_since", subject=S("cable_drum"), event="last_seen"), tl, 2.5,
                 f"drum last detected at {tl:.1f}s")
    q.state_duration("s19", 140.0, "How long was the cable puller going about without his lid?",
                     Q("temporal_reasoning", "state_duration", subject=cable, state="without_ppe", spell="last"),
                     131.0 - 88.0, 5.0, "hat off 88-131 s")
    q.state_duration("s20", 250.0, "How long was the crimper lying on the ground?",
                     Q("temporal_reasoning", "state_duration", subject=S("crimping_tool"), state="on_ground",
                       spell="last"), m["crimp_pick"] - m["crimp_drop"], 4.0, "set down to picked up")
    q.state_duration("s21", 236.0, "How long has the cable puller been in the trench?",
                     Q("temporal_reasoning", "state_duration", subject=cable, state="in_zone", spell="current"),
                     236.0 - m["cable_in_zone"], 4.0, "inside since the entry, still inside at 236 s")
    q.order("s22", 150.0, "Did the cable puller take his hat off before I put the torque wrench down?",
            Q("temporal_reasoning", "order", subject=cable, event="ppe_removed", relation="before",
              other={"subject": S("torque_wrench"), "event": "dropped", "unit": None, "ordinal": None}), False,
            f"88 s vs {m['wrench_drop']:.1f} s")
    q.order("s23", 240.0, "Was the second module fitted after the banksman went idle?",
            Q("temporal_reasoning", "order", subject=S("solar_table"), event="work_unit", unit="module", ordinal=2,
              relation="after", other={"subject": bank_r, "event": "went_idle", "unit": None, "ordinal": None}),
            True, f"158 s vs {m['bank_idle']:.1f} s")
    q.returned("s24", 295.0, "Did the cable puller go back to the cable drum after he'd been in the trench?",
               Q("temporal_reasoning", "returned", subject=cable,
                 other={"subject": S("cable_drum"), "event": "first_seen", "unit": None, "ordinal": None}), True,
               "worked by the drum 0-205 s, in the trench, back by the drum from ~250 s (seen at ~287 s)",
               eid="w_cable", back_from=250.0)
    q.returned("s25", 200.0, "Has the banksman gone back to the spot where he was stood about?",
               Q("temporal_reasoning", "returned", subject=bank_r,
                 other={"subject": bank_r, "event": "went_idle", "unit": None, "ordinal": None}), False,
               "idle by the track 49-168 s, then walked 6 m north to the end of table C12; later to (-4,4), "
               "never back to (-2.5,3.6)")
    q.is_working("s26", 272.0, "Is the banksman skiving again?",
                 Q("productivity", "is_working", subject=bank_r, state="idle"), "w_bank", "idle")
    q.spell_duration("s27", 110.0, "How long has the banksman been stood there?",
                     Q("productivity", "spell_duration", subject=bank_r, state="idle", spell="current"),
                     "w_bank", "idle", "current")
    q.spell_duration("s28", 240.0, "How long did the banksman stand about doing nothing?",
                     Q("productivity", "spell_duration", subject=bank_r, state="idle", spell="last"),
                     "w_bank", "idle", "last")
    q.spell_duration("s29", 200.0, "How long has the engineer in the blue vest been at it?",
                     Q("productivity", "spell_duration", subject=S("worker", vest="blue"), state="working",
                       spell="current"), "w_sup", "working", "current")
    q.spell_duration("s35", 296.0, "How long was the banksman's first spell of standing about?",
                     Q("productivity", "spell_duration", subject=bank_r, state="idle", spell="nth", ordinal=1),
                     "w_bank", "idle", "nth", ordinal=1)
    q.spell_duration("s36", 296.0, "Altogether, how long has the banksman spent idle since 0:40?",
                     Q("productivity", "spell_duration", subject=bank_r, state="idle", spell="total",
                       window=[{"t": 40.0}, None]), "w_bank", "idle", "total", window=(40.0, 296.0))
    q.same_individual("s30", 110.0, "Is that the same lad who took his hat off a minute ago?",
                      Q("identity", "same_individual", subject=S("worker", hardhat=False),
                        other={"subject": S("worker"), "event": "ppe_removed", "unit": None, "ordinal": None}),
                      True, "w_cable, seen again after a glance with a new track id")
    q.same_individual("s31", 62.0, "Is the banksman the same fella who was guiding the telehandler?",
                      Q("identity", "same_individual", subject=bank_r, time={"t": 30.0}), True,
                      "w_bank throughout (new track ids after every gap)")
    q.count_distinct("s32", 200.0, "How many installers in orange vests and white hats have we got on this table?",
                     Q("identity", "count_distinct", subject=inst), ["w_inst1", "w_inst2"],
                     "two installers in the same clothes, seen together")
    q.count_distinct("s33", 296.0, "How many different people have I seen out here today?",
                     Q("identity", "count_distinct", subject=S("worker")),
                     ["w_inst1", "w_inst2", "w_cable", "w_bank", "w_sup", "w_labr"], "six workers")
    q.unknown("s34", 150.0, "Can you order another pallet of modules for tomorrow?",
              "a request, not a question about what was observed")
