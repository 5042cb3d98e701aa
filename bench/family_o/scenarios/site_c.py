"""Site C: 'Harbour Tower' level-12 roof deck.  A flat roof inside a parapet, city skyline all round:
a roofer laying insulation, an electrician, a general operative who fetches kit from the stair core,
and the site manager who comes up late on.

Equidistant fisheye 150 deg, 512x288, 255 s.  The wearer makes one full turn to the left, drills a
fixing and sets the drill down, walks 4 m along the deck, pans and glances, walks back for the drill.
Tracker: a plain one (a new track id after only 2 s out of view).
"""
from .. import models as M
from ..keys import glance
from .common import Scenario, worker, thing
from ..truth import Q, query, subj, renumber


def build():
    s = Scenario("roof_deck", "Harbour Tower, level 12 roof deck (roofing and fit-out)", "o-harbour-hardhat",
                 512, 288, 255.0, 150.0, "fisheye", seed=7303)
    s.ground_kind = "roof"
    s.enclosure = {"shape": "box", "box": (-11.0, 12.0, -9.0, 13.0), "height": 1.1, "kind": "parapet",
                   "res": 0.04}
    s.pano_kind = "city"
    s.sun = (0.6, 0.7, -0.2)
    s.haze = (215, 210, 205)
    s.haze_dist = 220.0
    s.tracker = {"policy": "gap", "gap_s": 2.0}
    s.noise_sigma = 2.5

    # ------------------------------------------------------------------ people
    roofer = s.add(worker("roofer", "orange", "red", (3.5, 5.0), yaw=90, role="roofer",
                          skin=(110, 150, 200), trousers=(40, 40, 40), shirt=(70, 70, 80)))
    roofer.act(0, "active").act(40.0, "idle").act(152.0, "active")
    roofer.turn(39.5, 40.5, 200.0).turn(151.5, 152.5, 90.0)
    roofer.hat(240.0, False).hat(242.4, True)

    sparky = s.add(worker("sparky", "pink", "blue", (-1.0, 9.0), yaw=0, role="electrician",
                          skin=(90, 120, 170), trousers=(90, 70, 50), shirt=(120, 100, 90)))
    sparky.act(0, "active")
    sparky.hat(205.0, False).hat(221.0, True)

    op = s.add(worker("operative", "green", "white", (-6.0, 5.0), yaw=-60, role="operative",
                      skin=(130, 165, 210), trousers=(70, 60, 55), shirt=(90, 110, 90)))
    op.act(0, "active").act(70.0, "idle").act(95.0, "active")
    op.present = [(0.0, 135.0), (160.0, 1e9)]
    op.move(124.0, 129.0, -4.4, 10.8).face_point(129.0, 129.5, -4.5, 11.5)
    op.move(130.0, 134.5, -8.0, 11.9)
    op.pos_keys.append((160.0, (-8.0, 0.0, 11.9)))
    op.move(160.0, 166.0, -6.0, 5.0).turn(166.0, 167.0, -60.0)

    boss = s.add(worker("manager", "blue", "white", (-8.0, 11.9), yaw=120, role="site manager",
                        skin=(140, 170, 215), trousers=(60, 50, 40), shirt=(200, 200, 210)))
    boss.present = [(226.0, 1e9)]
    boss.move(226.0, 236.0, 2.5, 6.5).face_point(236.0, 237.0, 3.5, 5.0)
    boss.move(246.0, 254.0, -8.0, 11.9)

    # ------------------------------------------------------------------ things
    tb = s.add(thing("toolbox", "toolbox", lambda: M.toolbox("yellow"), (-4.5, 11.5), yaw=10, colour="yellow"))
    tb.static = False
    tb.pos_keys += [(129.5, (-4.5, 0.0, 11.5)), (130.0, (-4.25, 0.55, 11.1)), (134.5, (-7.8, 0.55, 11.5))]
    tb.present = [(0.0, 135.0)]
    s.add(thing("stair_core", None, lambda: [M.box((0, 1.1, 0), (2.4, 2.2, 2.8), (150, 155, 160)),
                                             M.box((1.21, 0.95, 0), (0.02, 1.9, 0.9), (60, 70, 80))],
                (-9.5, 11.6), radius=2.0))
    s.add(thing("scaffold", "scaffold", lambda: M.scaffold(1, 2, bay=2.0, depth=1.3), (4.0, 12.0), radius=2.6))
    s.add(thing("pallet", "pallet", lambda: M.pallet("blocks"), (6.0, 0.5), yaw=20))
    s.add(thing("ladder", "ladder", lambda: M.stepladder("silver", 1.8), (-7.0, 1.5), yaw=60, radius=1.2))
    for i, (x, z) in enumerate([(1.5, -6.0), (2.8, -6.2)]):
        s.add(thing(f"cone{i + 1}", "cone", lambda: M.cone("orange"), (x, z), colour="orange", radius=0.4))
    s.add(thing("hatch", None, lambda: [M.box((0, 0.3, 0), (1.0, 0.6, 1.0), (120, 130, 140))], (2.1, -7.0)))
    s.add(thing("hvac", None, lambda: [M.box((0, 0.7, 0), (2.0, 1.4, 1.2), (190, 195, 200)),
                                       M.box((0, 1.42, 0), (1.6, 0.05, 0.9), (90, 90, 95))],
                (8.5, 9.0), radius=1.3))
    s.add(thing("boards", None, lambda: [M.box((0, 0.25, 0), (2.4, 0.5, 1.2), (200, 215, 230))], (4.8, 3.6),
                yaw=10, radius=1.4))
    s.add(thing("frame", None, lambda: [M.box((0, 0.5, 0), (0.08, 1.0, 0.08), (70, 70, 70)),
                                        M.box((0, 0.9, 0.4), (0.08, 0.08, 0.8), (70, 70, 70))],
                (1.7, 0.4), yaw=80, radius=0.6))
    drill = s.add(thing("drill", "drill", lambda: M.drill("teal"), (1.0, 0.5), yaw=60, colour="teal", radius=0.4))
    drill.static = False
    drill.state_key = lambda st, f: 0
    drill.held = [(-10.0, 20.5, "hip"), (20.5, 26.0, "view"), (198.0, 400.0, "hip")]

    # ------------------------------------------------------------------ the wearer
    w = s.wearer
    w.eye_h = 1.62
    Y = w.yaw_keys
    Y += [(3, 0)] + glance(3, 0, -35, hold=0.4) + [(6, 0), (16, -360), (19, -360), (20.5, -280), (26.0, -280),
                                                  (28, -360), (36, -360), (38, -340), (60, -340), (64, -450),
                                                  (100, -450), (104, -340), (120, -340), (124, -280), (140, -280),
                                                  (144, -250), (148, -250), (152, -340), (170, -340), (175, -390),
                                                  (182, -390), (187, -556), (196, -556), (198.5, -556),
                                                  (204, -373), (222, -373)]
    Y += glance(224, -373, -40, hold=0.5) + [(232, -373), (238, -300), (255, -300)]
    w.pitch((0, -6), (19, -6), (20.5, -30), (25.5, -42), (27, -6), (194, -6), (196, -50), (198.5, -50), (200, -6),
            (255, -6))
    w.walk(30.0, 36.0, 0.0, 4.0)
    w.walk(188.0, 194.0, 0.7, 1.6)

    # ------------------------------------------------------------------ events, alerts, look-alikes
    s.event("drill_down", "drill", "dropped", 26.0)
    s.event("drill_up", "drill", "picked_up", 198.0)
    s.event("roofer_stop", "roofer", "stopped_working", 40.0)
    s.event("roofer_resume", "roofer", "resumed_working", 152.0)
    s.event("op_idle", "operative", "went_idle", 70.0)
    s.event("sparky_hat_off", "sparky", "ppe_removed", 205.0)

    s.alert("left_behind", "drill", "wearer's drill set down at 0:26 and left while he walks up the deck")
    s.alert("idle", "roofer", "roofer stands idle for 112 s")
    s.alert("memory_recall", "toolbox", "toolbox fetched away unseen at 2:09-2:15; its place comes back into "
            "view at 2:31 as the wearer turns back to the roofer")
    s.alert("ppe_violation", "sparky", "electrician without his hard hat for 16 s")
    s.lookalikes = [
        "operative takes a 25 s breather (under the 60 s idle threshold)",
        "roofer lifts his hard hat for 2.4 s at 4:00 (just under the 3 s PPE threshold)",
        "site manager walks across the deck and back in view (nothing left, nothing moved unseen)",
        "pallet, stepladder and cones come back into view where they were (not a memory recall)",
        "the operative goes out of view into the stair core and comes back (people are not memory recalls)",
    ]
    s.expect_notes = ["idle look-alike operative", "ppe look-alike roofer"]
    s.questions = renumber(questions())
    return s


def questions():
    roofer = subj("worker", role="roofer", vest="orange")
    return [
        Q("o_c01", 5.0, "Right, what are we doing for lunch today?", query("unknown"), ("unknown",),
          "small talk, not the site's memory"),
        Q("o_c02", 18.0, "How many people are up here on the roof?",
          query("count_distinct", subject=subj("worker")), ("count", "worker"), "seen during the full turn"),
        Q("o_c03", 19.0, "What's back there behind me?", query("things_in_direction", direction="behind"),
          ("things", "behind")),
        Q("o_c04", 45.0, "What time did I put my drill down?",
          query("event_time", subject=subj("drill"), event="dropped"), ("event_time", "drill_down")),
        Q("o_c05", 50.0, "Is the roofer in orange working or just stood there?",
          query("is_working", subject=roofer, state="working"), ("working", "roofer", "working")),
        Q("o_c06", 58.0, "Which way is the scaffold tower from me?",
          query("direction_of", subject=subj("scaffold")), ("direction", "scaffold")),
        Q("o_c07", 85.0, "How long's the green-vest fella been on a breather?",
          query("spell_duration", subject=subj("worker", vest="green"), state="idle", spell="current"),
          ("spell", "operative", "idle", "current")),
        Q("o_c08", 98.0, "How long since I last saw my drill?",
          query("time_since", subject=subj("drill"), event="last_seen"), ("since_seen", "drill")),
        Q("o_c09", 112.0, "How long's the roofer been idle now?",
          query("spell_duration", subject=subj("worker", role="roofer"), state="idle", spell="current"),
          ("spell", "roofer", "idle", "current"), "the roofer was described (orange vest) in o_c05"),
        Q("o_c10", 118.0, "Which way's the electrician in the pink vest?",
          query("direction_of", subject=subj("worker", role="electrician", vest="pink")),
          ("direction", "sparky")),
        Q("o_c11", 125.0, "Is the tower crane on the next job free this week?", query("unknown"), ("unknown",),
          "another job, not this camera's memory"),
        Q("o_c12", 145.0, "When did the roofer down tools?",
          query("event_time", subject=roofer, event="stopped_working"), ("event_time", "roofer_stop")),
        Q("o_c13", 160.0, "How long was the orange-vest roofer idle for?",
          query("spell_duration", subject=roofer, state="idle", spell="last"),
          ("spell", "roofer", "idle", "last")),
        Q("o_c14", 165.0, "Did the roofer get back to work before the green-vest lad took his break?",
          query("order", subject=roofer, event="resumed_working", relation="before",
                other={"subject": subj("worker", vest="green"), "event": "went_idle", "unit": None,
                       "ordinal": None}),
          ("order", "roofer_resume", "op_idle", "before")),
        Q("o_c15", 178.0, "Is the yellow toolbox still where it was?",
          query("still_there", subject=subj("toolbox", colour="yellow")), ("still", "toolbox")),
        Q("o_c16", 180.0, "Where's the yellow toolbox?",
          query("where", subject=subj("toolbox", colour="yellow")), ("direction", "toolbox"),
          "taken unseen at 2:09-2:15: the place it was last seen"),
        Q("o_c17", 230.0, "The lad in green over there, is he the same one I saw at 1:20?",
          query("same_individual", subject=subj("worker", vest="green"), time={"t": 80.0}),
          ("same", "operative", "operative"), "only the operative was in view at 1:20"),
        Q("o_c18", 200.0, "How long was my drill on the deck?",
          query("state_duration", subject=subj("drill"), state="on_ground", spell="last"),
          ("spell", "drill", "on_ground", "last"), "set down at 0:26, picked up at 3:18"),
        Q("o_c19", 212.0, "When did the sparky in pink take his hard hat off?",
          query("event_time", subject=subj("worker", role="electrician", vest="pink"), event="ppe_removed"),
          ("event_time", "sparky_hat_off")),
        Q("o_c20", 218.0, "How long has the pink-vest lad been without his lid?",
          query("state_duration", subject=subj("worker", vest="pink"), state="without_ppe", spell="current"),
          ("spell", "sparky", "without_ppe", "current")),
        Q("o_c21", 238.0, "How long ago did the roofer get going again?",
          query("time_since", subject=subj("worker", role="roofer"), event="resumed_working"),
          ("since_event", "roofer_resume")),
        Q("o_c22", 240.0, "When did the bloke in the blue vest turn up?",
          query("event_time", subject=subj("worker", vest="blue"), event="first_seen"),
          ("first_seen", "manager")),
        Q("o_c23", 243.0, "How many different workers have I seen up here today?",
          query("count_distinct", subject=subj("worker")), ("count", "worker")),
        Q("o_c24", 244.0, "What have I got in front of me?",
          query("things_in_direction", direction="front"), ("things", "front")),
        Q("o_c25", 246.0, "Is the fella in the blue vest the same one who took his helmet off?",
          query("same_individual", subject=subj("worker", vest="blue"),
                other={"subject": subj("worker"), "event": "ppe_removed", "unit": None, "ordinal": None}),
          ("same", "manager", "roofer"), "the latest hat removal before 4:06 is the roofer's 2.4 s lift at 4:00 "
          "(the electrician's was at 3:25); the manager is neither"),
        Q("o_c26", 248.0, "Is the electrician grafting?",
          query("is_working", subject=subj("worker", role="electrician"), state="working"),
          ("working", "sparky", "working")),
        Q("o_c27", 250.0, "What did the client say in this morning's meeting?", query("unknown"), ("unknown",),
          "not the site's memory"),
        Q("o_c28", 252.0, "Which direction's the block pallet from here?",
          query("direction_of", subject=subj("pallet")), ("direction", "pallet")),
    ]
