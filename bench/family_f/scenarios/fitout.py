"""Scenario 1: ground-floor office fit-out (pinhole 70 deg, 640x360, persistent track ids)."""
from __future__ import annotations

import math

import numpy as np

from ..lens import Lens
from ..world import Wearer, World
from .common import ahead, scenery, thing, worker, zone_entry, zone_exit

NAME = "fitout_ground_floor"
CAMERA = "hc-fitout-07"
BOX = (-15.0, 15.0, -9.0, 21.0)
HC = 3.0


def env():
    from .. import textures as T
    from ..render import IndoorEnv, MipTex
    rng = np.random.default_rng(1101)
    floor, ppm = T.concrete_floor(rng)
    ceil, cppm = T.ceiling_grid(rng)
    per = 2 * (BOX[1] - BOX[0]) + 2 * (BOX[3] - BOX[2])
    walls, wppm = T.office_walls(rng, per, HC, windows=[(1.0, 29.0), (31.0, 45.0), (96.0, 104.0)])
    return IndoorEnv(BOX, HC, MipTex(floor, ppm), MipTex(ceil, cppm), MipTex(walls, wppm))


def build():
    lens = Lens("pinhole", 70.0, 640, 360)
    wr = Wearer(0.0, -1.0, eye=1.70, pitch=-7.0, phase=0.4)
    world = World(NAME, "Ground-floor office fit-out: blockwork comms room, ceiling grid, slab drainage trench, "
                        "spider-crane lintel lift", 270.0, lens, wr, seed=1101)

    # ---------------- scenery
    for i, (x, y) in enumerate([(-7.5, 5.0), (7.5, 5.0), (-7.5, 13.0), (7.5, 13.0), (0.0, 19.5)]):
        scenery(world, f"col{i}", "column", x, y, occluder=True)
    scenery(world, "part_n", "partition", -1.0, 17.2, L=9.0, boards=0.5)
    scenery(world, "part_e", "partition", 12.0, 15.0, yaw=90.0, L=6.0, boards=0.2)
    scenery(world, "beam_floor", "box", -9.0, -3.0, w=3.2, d=0.25, h=0.3, rgb=(60, 80, 170))

    # ---------------- things
    bw = thing(world, "bw", "brick_wall", "brick_wall", -10.5, 10.9, kind="work", det_keys=["bricks", "courses"],
               L=4.0, per_course=10, rgb=(150, 158, 165), progress=["bricks", "courses"], unit_name="block",
               attrs={"bricks": 0, "courses": 0}, min_px=8)
    thing(world, "barrow", "wheelbarrow", "wheelbarrow", -7.9, 9.7, yaw=30, colour="grey")
    thing(world, "sl", "scissor_lift", "scissor_lift", 6.0, 11.0, kind="plant", occluder=False, hp=1.1,
               attrs={"activity": "stationary"}, det_keys=["activity"], radius=1.3)
    thing(world, "mewp", "mewp", "mewp", 11.5, 2.5, yaw=90, kind="plant", hb=2.6, attrs={"activity": "stationary"},
          det_keys=["activity"], radius=1.8)
    ladder = thing(world, "ladder", "ladder", "ladder", 2.5, 8.0, yaw=0, H=1.8, attrs={"colour": "silver"},
                   det_keys=["colour"])
    thing(world, "tbox", "toolbox", "box", -2.5, 6.0, yaw=20, w=0.6, d=0.3, h=0.32, handle=0.06,
          attrs={"colour": "red"}, det_keys=["colour"])
    thing(world, "trench", "excavation", "excavation", 8.5, -5.5, kind="zone", w=5.0, d=1.0,
                   spoil_side=-1, under=True, min_frac=0.3, score=0.8)
    world.zones.append("trench")
    thing(world, "cone1", "cone", "cone", 5.4, -4.6)
    thing(world, "cone2", "cone", "cone", 11.6, -4.6)
    thing(world, "crane", "spider_crane", "crane", -10.5, -6.6, yaw=90, kind="plant", w=1.2, d=2.6, h=1.1,
          rgb=(30, 40, 190), tip=(-9.0, -3.0, 2.95), boom_w=4, attrs={"activity": "stationary"},
          det_keys=["activity"], radius=1.4)
    thing(world, "boards", "pallet", "box", 2.6, -7.0, yaw=0, w=1.2, d=2.4, h=0.45, rgb=(200, 205, 210),
          stripe=(120, 90, 60))
    thing(world, "laser", "laser_level", "tool", 0, -1, colour="yellow", tripod=True, L=0.2, max_range=9.0,
                  attrs={"colour": "yellow"}, det_keys=["colour"])
    thing(world, "drill", "drill", "tool", 0, -1, colour="teal", L=0.28, max_range=7.0, attrs={"colour": "teal"},
                  det_keys=["colour"])
    load = thing(world, "load", "suspended_load", "suspended_load", -9.0, -3.0, kind="load", w=3.2, d=0.25, h=0.3,
                 rgb=(60, 80, 170), t_on=170.0, big=True, rope=0.6)

    # ---------------- workers
    brickie = worker(world, "w_brickie", -14.3, 1.0, "orange", "white", activity="walking", role="bricklayer",
                     t_on=8.0, phase=0.3)
    spark1 = worker(world, "w_spark1", 6.0, 11.0, "yellow", "blue", z=1.22, role="electrician", phase=1.1)
    spark2 = worker(world, "w_spark2", 10.0, 6.8, "orange", "blue", role="electrician", phase=2.0)
    plast = worker(world, "w_plast", -2.0, 16.4, "green", "white", role="plasterer", phase=0.7)
    lab = worker(world, "w_lab", 3.0, -4.0, "yellow", "yellow", role="labourer", phase=1.7)
    visitor = worker(world, "w_visitor", -14.3, 3.0, "blue", "white", activity="walking", role="visitor",
                     t_on=193.0, phase=2.6)

    # ---------------- the wearer's program (shot list in README)
    wr.hold(5.0)                      # 0-5 looking north
    wr.pan(-50.0, 5.0)                # 5-10
    wr.hold(4.0)                      # 10-14 bricklayer walks in
    wr.glance(100.0, peak=112.0, hold=0.6)  # fast look at the MEWP and back
    wr.hold(0.4)
    wr.walk_to(-4.0, 4.0, speed=1.25)  # to the blockwork
    wr.face(-45.0, rate=40.0)
    wr.hold(max(0.0, 45.0 - wr.t))
    wr.look_down(-42.0, 0.8)
    wr.hold(1.0)
    t_laser_hand = wr.t
    wr.hold(1.6)
    laser_xy = ahead(wr, 1.3, 0.1)
    t_laser_drop = wr.t
    world.wearer_drop("laser", t_laser_drop, laser_xy, hand_from=t_laser_hand, carried_from=0.0)
    wr.hold(2.0)
    wr.look_level(0.6)
    wr.walk_to(4.0, 7.5, speed=1.25)
    wr.face(30.0, rate=50.0)
    wr.pitch_to(10.0, 0.8)
    wr.hold(1.5)
    wr.look_down(-45.0, 0.8)
    t_drill_hand = wr.t
    wr.hold(1.6)
    drill_xy = ahead(wr, 1.2, 0.15)
    t_drill_drop = wr.t
    world.wearer_drop("drill", t_drill_drop, drill_xy, hand_from=t_drill_hand, carried_from=0.0)
    wr.hold(1.0)
    wr.pitch_to(14.0, 0.8)
    t_chat = wr.t
    wr.hold(max(0.0, 80.0 - wr.t))
    wr.look_down(-45.0, 0.8)
    wr.hold(0.8)
    t_drill_pick = wr.t
    world.wearer_pick("drill", t_drill_pick, hand_until=t_drill_pick + 1.3)
    wr.hold(1.3)
    wr.look_level(0.6)
    wr.turn360(1, 9.0)                # full turn at the scissor lift
    wr.hold(2.5)
    t_turn_end = wr.t
    wr.walk_to(5.0, 1.0, speed=1.25)
    wr.face(105.0, rate=60.0)
    wr.hold(max(0.0, 110.0 - wr.t))
    wr.pan(-145.0, 4.0)               # round to -40 (NNW) via north
    wr.hold(max(0.0, 130.0 - wr.t))
    wr.pan(190.0, 4.0)                # to 150 (trench)
    wr.hold(max(0.0, 152.0 - wr.t))
    wr.pan(170.0, 4.0)                # on round to -40 via the west: the ladder's spot is empty
    wr.hold(max(0.0, 162.0 - wr.t))
    wr.pan(135.0, 3.5)                # to 95: idle sparky, ladder in its new place
    wr.hold(max(0.0, 168.0 - wr.t))
    wr.walk_to(-2.0, -1.0, speed=1.25)
    wr.face(-106.0, rate=60.0)
    wr.hold(max(0.0, 205.0 - wr.t))
    wr.pan(126.0, 4.0)                # to 20: laser level and blockwork in passing
    wr.hold(3.0)
    wr.glance(-75.0, peak=100.0, hold=0.5)
    wr.hold(0.5)
    wr.walk_to(-4.3, 4.0, speed=1.2)
    wr.face(float(math.degrees(math.atan2(laser_xy[0] + 4.3, laser_xy[1] - 4.0))), rate=50.0)
    wr.look_down(-50.0, 0.8)
    wr.hold(1.0)
    t_laser_pick = wr.t
    world.wearer_pick("laser", t_laser_pick, hand_until=t_laser_pick + 1.4)
    wr.hold(1.4)
    wr.look_level(0.6)
    wr.face(-80.0, rate=50.0)
    wr.hold(max(0.0, 241.0 - wr.t))
    wr.pan(40.0, 2.5)                 # to -40: blockwork
    wr.hold(max(0.0, 258.0 - wr.t))
    wr.glance(110.0, peak=118.0, hold=1.2)  # the MEWP corner: the orange-vest sparky is back there
    wr.hold(max(0.0, 270.0 - wr.t))
    world.marks = dict(laser_drop=t_laser_drop, laser_pick=t_laser_pick, drill_drop=t_drill_drop,
                       drill_pick=t_drill_pick, chat=t_chat, turn_end=t_turn_end)

    # ---------------- workers' scripts
    # bricklayer: walks in, lays blocks, 39 s break, slower after
    brickie.walk(9.0, [(-10.6, 10.1)], speed=1.2, then="active")
    t = 27.0
    n = 0
    while t < 117.0:
        n += 1
        bw.set(t, bricks=n, courses=n // 10)
        t += 4.5
    brickie.set(118.0, activity="idle")
    brickie.set(157.0, activity="active")
    for k, tt in enumerate(np.linspace(163.0, 244.0, 30 - n)):
        bw.set(float(tt), bricks=n + k + 1, courses=(n + k + 1) // 10)
    world.marks.update(first_block=27.0, course3=244.0, brickie_break=(118.0, 157.0))
    # small sideways shuffles along the wall while working
    brickie.move(30.0, 34.0, -11.4, 10.1)
    brickie.move(60.0, 64.0, -9.8, 10.1)
    brickie.move(90.0, 94.0, -10.9, 10.1)
    brickie.move(200.0, 204.0, -9.6, 10.1)
    # after course 3 he shifts the wheelbarrow along the wall (in view), then carries on
    brickie.walk(246.0, [(-8.3, 9.4)], speed=1.0)
    barrow = world.ents["barrow"]
    barrow.move(247.5, 250.5, -9.2, 8.7)
    barrow.events.append((247.5, "moved", {"from": (-7.9, 9.7), "to": (-9.2, 8.7)}))
    brickie.walk(247.5, [(-9.6, 9.2), (-9.9, 10.1)], speed=0.6, then="active")
    world.marks["barrow_moved"] = 247.5

    # electrician on the scissor lift: brief hat lift (look-alike)
    spark1.set(73.0, hardhat=False)
    spark1.set(74.8, hardhat=True)

    # electrician 2: works by the MEWP, walks off for a long idle spell near the glazing, comes back
    spark2.walk(92.0, [(12.6, -2.6)], speed=1.1, then="idle")
    spark2.set(101.0, activity="idle")
    spark2.walk(222.0, [(10.0, 6.8)], speed=1.1, then="active")

    # plasterer: hat off for 42 s while fixing boards
    plast.set(116.0, hardhat=False)
    plast.set(158.0, hardhat=True)
    plast.move(40.0, 44.0, -3.2, 16.4)
    plast.move(180.0, 184.0, -1.5, 16.4)

    # labourer: into the trench, out, then guides the lintel under the spider crane
    t_in = lab.walk(136.0, [(8.0, -5.5)], speed=1.2, then="active")
    lab.lift(t_in - 1.2, t_in, -0.75)
    lab.lift(178.0, 179.0, 0.0)
    lab.walk(178.0, [(5.0, -4.0), (-8.4, -2.0)], speed=1.3, then="active")
    lab.walk(222.0, [(-3.0, -5.0)], speed=1.2, then="active")

    # the lintel lift (spider crane)
    load.lift(170.0, 178.0, 1.9)
    load.lift(178.0, 270.0, 1.9)
    world.ents["beam_floor"].vanish(170.0)
    load.zkeys[0] = (0.0, 0.3)

    # ladder moved by somebody while the wearer watches the trench
    ladder.teleport(140.0, 13.5, 3.5)

    # visitor: client's rep walks in, looks at the lift, leaves
    visitor.walk(193.0, [(-6.2, 3.4)], speed=1.25, then="idle")
    visitor.walk(232.0, [(-14.3, 3.0)], speed=1.3)
    visitor.vanish(240.0, event="left")

    world.finish()

    expect = [("progress", "bw"), ("progress", "bw"), ("left_behind", "laser"), ("ppe_violation", "w_plast"),
              ("idle", "w_spark2"), ("exclusion_zone", "w_lab"), ("safety_alert", "w_lab"),
              ("memory_recall", "ladder")]
    return {"world": world, "camera": CAMERA, "env": env, "expect": expect, "questions": questions,
            "noise": {"track_mode": "persistent", "p_drop_frame": 0.008, "p_burst": 0.005},
            "lookalikes": [
                "the spider crane lifts the lintel at 170-190 s with nobody within 4 m (no safety_alert until the "
                "labourer walks under it)",
                "the red toolbox leaves the view many times and is always back where it was (no memory_recall)",
                "the electrician in orange idles about 3 m from the drainage trench, never inside it (no exclusion_zone)",
                "the scissor lift, MEWP and spider crane are parked/stationary plant with people next to them "
                "(no safety_alert)",
            ]}


def questions(q, o):
    w = q.w
    m = w.marks
    def S(label, **a):
        return {"label": label, "attributes": a}
    brickie = {"label": "worker", "attributes": {}, "role": "bricklayer"}
    spark_or = S("worker", vest="orange", hat_colour="blue")
    lab = S("worker", hat_colour="yellow")
    plast = S("worker", vest="green")

    def Q(kind, intent, **kw):
        d = {"kind": kind, "intent": intent, "subject": None, "event": None, "unit": None, "ordinal": None,
             "other": None, "relation": None, "direction": None, "time": None, "window": None, "state": None,
             "spell": None}
        d.update(kw)
        return d

    q.direction_of("f01", 58.0, "Which way's the blockwork from where I'm standing?",
                   Q("directional", "direction_of", subject=S("brick_wall")), "bw")
    q.things_in_direction("f03", round(m["turn_end"] - 0.5, 1), "What have I got behind me right now?",
                          Q("directional", "things_in_direction", direction="behind"), "behind")
    q.things_in_direction("f04", 96.0, "Anything off to my right?",
                          Q("directional", "things_in_direction", direction="right"), "right")
    q.where("f05", 158.0, "Where's the stepladder got to?",
            Q("object_permanence", "where", subject=S("ladder")), "ladder",
            "moved unseen at 140 s; not yet seen in its new place, so the answer is where it was last seen")
    q.where("f06", 211.0, "Where did I leave the laser level?",
            Q("object_permanence", "where", subject=S("laser_level")), "laser")
    q.still_there("f07", 160.0, "Is the stepladder still where it was first thing?",
                  Q("object_permanence", "still_there", subject=S("ladder")), "ladder", False,
                  "moved unseen at 140 s; its old spot was looked at empty at ~154 s")
    q.still_there("f08", 100.0, "Is the red toolbox still where I first clocked it?",
                  Q("object_permanence", "still_there", subject=S("toolbox", colour="red")), "tbox", True,
                  "never moved; seen again in place during the 360 turn")
    t_b = o.first_seen("w_brickie")
    q.event_time("f09", 100.0, "What time did the brickie turn up?",
                 Q("temporal_retrieval", "event_time", subject=brickie, event="first_seen"), t_b, 2.0,
                 "first detection of the bricklayer walking in", "w_brickie")
    q.event_time("f10", 60.0, "When did the first block go down?",
                 Q("temporal_retrieval", "event_time", subject=S("brick_wall"), event="work_unit", unit="brick",
                   ordinal=1), m["first_block"], 3.0, "bricks 0->1 at 27 s, in view", "bw")
    q.event_time("f11", 120.0, "What time did I put the laser level down?",
                 Q("temporal_retrieval", "event_time", subject=S("laser_level"), event="dropped"),
                 m["laser_drop"], 3.0, "set on the floor by the wearer", "laser")
    q.event_time("f12", 150.0, "When did the plasterer in the green vest take his lid off?",
                 Q("temporal_retrieval", "event_time", subject=dict(plast, role="plasterer"), event="ppe_removed"),
                 116.0, 3.0, "hardhat true->false at 116 s, in view", "w_plast")
    t_in = zone_entry(w, "w_lab", "trench")
    q.event_time("f13", 165.0, "When did the labourer in the yellow hat climb into the trench?",
                 Q("temporal_retrieval", "event_time", subject=dict(lab, role="labourer"), event="entered_zone"),
                 t_in, 3.0, "first inside the excavation footprint", "w_lab")
    q.event_time("f15", 245.0, "What time did I pick the laser level back up?",
                 Q("temporal_retrieval", "event_time", subject=S("laser_level"), event="picked_up"),
                 m["laser_pick"], 3.0, "picked up by the wearer", "laser")
    t_left = o.last_seen("w_visitor", 262.0)
    q.event_time("f16", 262.0, "When did the client's rep in the blue vest head off?",
                 Q("temporal_retrieval", "event_time", subject=S("worker", vest="blue"), event="left"),
                 t_left, 3.0, "walked out through the west door; last seen leaving", "w_visitor")
    q.event_time("f37", 100.0, "What time did the brickie get started?",
                 Q("temporal_retrieval", "event_time", subject=brickie, event="started_working"),
                 brickie_start(w), 3.0, "walking->active when he reached the wall", "w_brickie")
    q.event_time("f38", 262.0, "When did the wheelbarrow get shifted?",
                 Q("temporal_retrieval", "event_time", subject=S("wheelbarrow"), event="moved"),
                 m["barrow_moved"], 3.0, "pushed along the wall by the bricklayer, in view", "barrow")
    q.event_time("f17", 185.0, "When did the brickie crack on again after his brew?",
                 Q("temporal_retrieval", "event_time", subject=brickie, event="resumed_working"), 157.0, 3.0,
                 "idle->active at 157 s", "w_brickie")
    tl = o.last_seen("tbox", 150.0)
    q.time_since("f18", 150.0, "How long since I last had eyes on the toolbox?",
                 Q("temporal_reasoning", "time_since", subject=S("toolbox"), event="last_seen"), tl, 2.5,
                 f"toolbox last detected at {tl:.1f}s")
    q.time_since("f19", 200.0, "How long ago did the labourer get down in the trench?",
                 Q("temporal_reasoning", "time_since", subject=dict(lab, role="labourer"), event="entered_zone"),
                 t_in, 3.0, "entered at the zone entry time")
    q.state_duration("f20", 240.0, "How long was the laser level sat on the floor?",
                     Q("temporal_reasoning", "state_duration", subject=S("laser_level"), state="on_ground",
                       spell="last"), m["laser_pick"] - m["laser_drop"], 5.0, "set down to picked up")
    t_out = zone_exit(w, "w_lab", "trench")
    q.state_duration("f21", 200.0, "How long was the labourer down that trench for?",
                     Q("temporal_reasoning", "state_duration", subject=dict(lab, role="labourer"), state="in_zone",
                       spell="last"), t_out - t_in, 4.0, f"inside {t_in:.1f}-{t_out:.1f}s")
    q.state_duration("f22", 175.0, "How long did the plasterer go without his hard hat?",
                     Q("temporal_reasoning", "state_duration", subject=dict(plast, role="plasterer"),
                       state="without_ppe", spell="last"), 42.0, 4.0, "hat off 116-158 s, both ends in view")
    q.order("f23", 200.0, "Did the lad in green take his hat off before the labourer got in the trench?",
            Q("temporal_reasoning", "order", subject=plast, event="ppe_removed", relation="before",
              other={"subject": lab, "event": "entered_zone", "unit": None, "ordinal": None}), True,
            f"116 s vs {t_in:.1f} s")
    q.returned("f25", 262.0, "Did the orange-vest sparky go back to where I first saw him?",
               Q("temporal_reasoning", "returned", subject=spark_or,
                 other={"subject": spark_or, "event": "first_seen", "unit": None, "ordinal": None}), True,
               "by the MEWP at the start, away 92-231 s, seen back there at ~259 s", eid="w_spark2",
               back_from=232.0)
    q.returned("f26", 232.0, "Has the labourer been back to the trench since he climbed out?",
               Q("temporal_reasoning", "returned", subject=lab,
                 other={"subject": lab, "event": "left_zone", "unit": None, "ordinal": None}), False,
               "he went to the lintel lift and then the south side; never back to the trench")
    q.is_working("f27", 126.0, "Is the brickie grafting right now?",
                 Q("productivity", "is_working", subject=brickie, state="working"), "w_brickie", "working")
    q.is_working("f28", 174.0, "Is the orange-vest sparky still skiving?",
                 Q("productivity", "is_working", subject=spark_or, state="idle"), "w_spark2", "idle")
    q.spell_duration("f29", 166.0, "How long has the sparky in orange been stood there doing nothing?",
                     Q("productivity", "spell_duration", subject=spark_or, state="idle", spell="current"),
                     "w_spark2", "idle", "current")
    q.spell_duration("f30", 170.0, "How long was the brickie's break?",
                     Q("productivity", "spell_duration", subject=brickie, state="idle", spell="last"),
                     "w_brickie", "idle", "last")
    q.spell_duration("f31", 252.0, "How long has the sparky in the yellow vest up on the scissor lift been at it?",
                     Q("productivity", "spell_duration", subject={"label": "worker", "attributes": {"vest": "yellow",
                                                                                                "hat_colour": "blue"}},
                       state="working", spell="current"), "w_spark1", "working", "current")
    q.spell_duration("f32", 262.0, "How long has the brickie actually spent laying blocks altogether?",
                     Q("productivity", "spell_duration", subject=brickie, state="working", spell="total"),
                     "w_brickie", "working", "total")
    q.same_individual("f33", 200.0, "Is the sparky in the orange vest the same bloke who was by the MEWP first thing?",
                      Q("identity", "same_individual", subject=spark_or, time={"t": 26.0}), True,
                      "w_spark2 both times (persistent track id)")
    q.same_individual("f34", 140.0, "That lad up on the scissor lift - is he the one who took his hard hat off?",
                      Q("identity", "same_individual", subject=S("worker", vest="yellow", hat_colour="blue"),
                        other={"subject": S("worker"), "event": "ppe_removed", "unit": None, "ordinal": None}),
                      False, "w_spark1 (lifted his hat for 1.8 s at 73 s) vs w_plast (hat off at 116 s): the "
                             "latest ppe_removed is the plasterer's")
    q.count_distinct("f35", 262.0, "How many different people in yellow hi-vis have I seen?",
                     Q("identity", "count_distinct", subject=S("worker", vest="yellow")), ["w_spark1", "w_lab"],
                     "electrician (blue hat) and labourer (yellow hat)")
    q.unknown("f36", 150.0, "What's the forecast looking like for the concrete pour on Friday?",
              "not about anything the camera has observed")


def brickie_start(w):
    for t, v in w.ents["w_brickie"].attr_timeline("activity"):
        if v == "active":
            return t
    return None
