"""Site B: 'Riverside Court' basement dig.  A walled basement (concrete retaining walls), a lift pit
being excavated, a crane lift into the basement, a site engineer, a banksman and a visitor.

Equidistant fisheye 120 deg, 576x324, 285 s.  The wearer hammers formwork, sets his hammer down,
walks about 4 m to watch the pit and the lift, and walks back for his hammer later.  No full turn;
pans, glances and a look up at the load.  Tracker: keeps ids (re-identifies after gaps).
"""
from .. import models as M
from ..keys import glance
from ..world import Entity
from .common import Scenario, worker, thing, pit, load
from ..truth import Q, query, subj, renumber


def build():
    s = Scenario("basement_dig", "Riverside Court, basement dig and lift pit (groundworks)", "o-riverside-bodycam",
                 576, 324, 285.0, 120.0, "fisheye", seed=7202)
    s.ground_kind = "slab"
    s.enclosure = {"shape": "box", "box": (-13.0, 13.0, -7.0, 17.0), "height": 4.5, "kind": "concrete",
                   "res": 0.04}
    s.pano_kind = "city"
    s.sun = (-0.3, 0.85, 0.4)
    s.haze = (200, 200, 200)
    s.tracker = {"policy": "keep"}
    s.noise_sigma = 3.5

    # ------------------------------------------------------------------ the pit and around it
    s.add(pit("pit", (4.5, 6.5), 3.0, 2.2, 1.1))
    for i, (x, z) in enumerate([(2.6, 5.0), (6.4, 5.0), (2.6, 8.0), (6.4, 8.0)]):
        s.add(thing(f"cone{i + 1}", "cone", lambda: M.cone("orange"), (x, z), colour="orange", radius=0.4))
    s.add(thing("spoil", None, lambda: M.spoil_heap(2.6, 1.8, 1.0), (8.7, 8.4), yaw=10, radius=1.6))
    barrow = s.add(thing("barrow", "wheelbarrow", lambda: M.wheelbarrow("red"), (2.4, 2.4), yaw=90, colour="red",
                         radius=0.8))
    barrow.static = False
    barrow.move(240.0, 248.0, 6.5, 2.6, face=False)

    gw = s.add(worker("groundworker", "orange", "yellow", (1.2, 3.3), yaw=40, role="groundworker",
                      skin=(100, 130, 180), trousers=(60, 60, 70), shirt=(80, 80, 90)))
    gw.act(0, "active")
    gw.pos_keys += [(103.0, (1.2, 0.0, 3.3)), (105.0, (2.9, 0.0, 5.9)), (106.0, (3.8, -1.1, 6.4)),
                    (128.0, (3.8, -1.1, 6.4)), (129.0, (2.9, 0.0, 5.9)), (130.5, (1.2, 0.0, 3.3))]
    gw.turn(102.4, 103.0, 33.0).turn(106.0, 107.0, 90.0).turn(129.5, 130.5, 150.0)
    gw.act(131.0, "idle").act(215.0, "active").turn(214.5, 215.5, 40.0)
    gw.move(236.0, 240.0, 1.5, 2.4).turn(240.0, 240.6, 90.0)
    gw.move(240.0, 248.0, 5.6, 2.6, face=False)
    gw.event_zone = (105.1, 128.9)

    # ------------------------------------------------------------------ engineer, banksman, visitor
    eng = s.add(worker("engineer", "yellow", "white", (-8.0, -3.0), yaw=40, role="engineer",
                       skin=(130, 170, 215), trousers=(90, 80, 70), shirt=(150, 140, 130)))
    eng.present = [(133.0, 1e9)]
    eng.move(133.0, 141.0, 0.0, 7.2).turn(141.0, 142.0, 90.0)
    eng.hat(160.0, False).hat(185.0, True)
    eng.move(192.0, 200.0, -9.0, -4.0).turn(200.0, 201.0, 45.0)

    bank = s.add(worker("banksman", "green", "orange", (-9.5, 4.0), yaw=40, role="banksman",
                        skin=(90, 120, 160), trousers=(50, 50, 50), shirt=(60, 80, 60)))
    bank.act(0, "active")
    bank.move(176.0, 179.0, -5.8, 10.3).face_point(179.0, 180.0, -5.5, 11.0)
    bank.move(194.0, 197.0, -9.5, 4.0).turn(197.0, 198.0, 40.0)

    vis = s.add(worker("visitor", "none", "blue", (-11.0, -5.0), yaw=45, role="visitor",
                       skin=(140, 175, 220), trousers=(120, 100, 80), shirt=(170, 120, 90)))
    vis.present = [(242.0, 276.0)]
    vis.move(242.0, 252.0, -3.0, 4.5).act(252.0, "idle").act(264.0, "active")
    vis.move(264.0, 274.0, -11.0, -5.0)
    vis.left_at = 274.0

    # ------------------------------------------------------------------ the crane lift
    path = [(148.0, (-12.0, 6.5, 15.5)), (166.0, (-5.5, 4.0, 11.0)), (176.0, (-5.5, 1.5, 11.0)),
            (194.0, (-5.5, 1.5, 11.0)), (202.0, (-5.5, 5.0, 11.0)), (216.0, (-12.0, 7.0, 16.0)),
            (240.0, (-40.0, 12.0, 40.0))]
    ld = s.add(load("load", (-12.0, 15.5), 6.5, yaw=30))
    ld.pos_keys = list(path)
    ld.present = [(148.0, 240.0)]
    cab = s.add(Entity("rope", None, None, kind="thing", pos=(-12.0, 6.5, 15.5), radius=12.0))
    cab.pos_keys = list(path)
    cab.present = [(148.0, 240.0)]
    rope = M.cable(30.0)
    cab.shape = lambda e, st, f: rope
    cab.state_key = lambda st, f: 0

    # ------------------------------------------------------------------ things about the basement
    s.add(thing("formwork", None, lambda: [M.box((0, 0.6, 0), (1.8, 1.2, 0.06), (80, 140, 190)),
                                           M.box((0, 0.3, -0.3), (1.6, 0.08, 0.6), (70, 120, 170))],
                (-1.9, 1.1), yaw=30, radius=1.0))
    s.add(thing("toolbox", "toolbox", lambda: M.toolbox("blue"), (-3.5, -2.0), yaw=20, colour="blue"))
    s.add(thing("ladder", "ladder", lambda: M.ladder("orange", 3.6, 0.9), (-7.0, 16.0), yaw=0, radius=2.0))
    s.add(thing("generator", "generator", lambda: M.generator("yellow"), (9.0, -4.0), yaw=0, colour="yellow",
                radius=1.0))
    s.add(thing("ibc", None, lambda: M.ibc_tank(), (10.5, 2.5), yaw=0, radius=0.9))
    s.add(thing("rebar", "rebar", lambda: M.rebar_bundle(4.0), (10.0, 11.0), yaw=30, radius=2.0))

    hammer = s.add(thing("hammer", "hammer", lambda: M.hammer("wood"), (-1.2, 0.8), yaw=-40, radius=0.3))
    hammer.static = False
    hammer.state_key = lambda st, f: 0
    hammer.held = [(-10.0, 57.0, "hip"), (57.0, 61.0, "view"), (234.5, 400.0, "hip")]

    # ------------------------------------------------------------------ the wearer
    w = s.wearer
    w.eye_h = 1.72
    Y = w.yaw_keys
    Y += [(5, 0)] + glance(5, 0, 35) + [(10, 0), (14, -50), (18, -50), (22, 20), (30, 20), (44, 120), (46, 120),
                                        (52, -60), (61.5, -60), (63.5, 5), (80, 5)]
    Y += glance(80, 5, 45, hold=0.6) + [(88, 5)] + glance(88, 5, -30, hold=0.5)
    Y += [(112, 5), (115, -70), (118, -70), (121, 5), (150, 5), (154, -25), (222, -25), (226, -95), (232, -95),
          (232.6, -110), (235.5, -110), (239, 35), (249, 35), (253, -25), (264, -25), (272, -115), (276, -115),
          (280, 0), (285, 0)]
    w.pitch((0, -8), (54, -8), (56, -40), (61.5, -45), (63, -8), (150, -8), (154, 6), (200, 6), (204, -8),
            (232, -8), (233.5, -50), (235.5, -50), (237, -8), (285, -8))
    w.walk(64.0, 70.0, 4.0, 1.0)
    w.walk(226.0, 232.0, -0.6, 1.1)

    # ------------------------------------------------------------------ events, alerts, look-alikes
    s.event("ham_down", "hammer", "dropped", 61.0)
    s.event("ham_up", "hammer", "picked_up", 234.5)
    s.event("g_in", "groundworker", "entered_zone", 105.1)
    s.event("g_out", "groundworker", "left_zone", 128.9)
    s.event("g_idle", "groundworker", "went_idle", 131.0)
    s.event("g_resume", "groundworker", "resumed_working", 215.0)
    s.event("eng_hat_off", "engineer", "ppe_removed", 160.0)

    s.alert("left_behind", "hammer", "wearer's hammer set down at 1:01 and left behind while he walks to the pit")
    s.alert("exclusion_zone", "groundworker", "groundworker climbs down into the lift pit")
    s.alert("idle", "groundworker", "groundworker stands idle by the pit for 84 s")
    s.alert("ppe_violation", "engineer", "engineer takes his hard hat off for 25 s")
    s.alert("safety_alert", "banksman", "banksman walks under the suspended steel to guide it down")
    s.lookalikes = [
        "engineer stands 3 m beside the lift pit for 50 s, never inside it (outside any sensible zone margin)",
        "the crane load swings over the basement while everyone is 6 m or more from it",
        "visitor with no hi-vis vest but his hard hat on (a vest is not required by default)",
        "visitor stands about for 12 s (short idle)",
        "wheelbarrow wheeled away from the pit in full view (not a memory recall)",
        "the crane load is watched all the way out (moved in view)",
    ]
    s.expect_notes = ["zone look-alike engineer", "safety look-alike engineer", "idle look-alike visitor",
                      "memory look-alike barrow"]
    s.questions = renumber(questions())
    return s


def questions():
    orange = subj("worker", vest="orange")
    eng = subj("worker", role="engineer", vest="yellow")
    return [
        Q("o_b01", 8.0, "Has the concrete order been confirmed for tomorrow?", query("unknown"), ("unknown",),
          "an office question, not the site's memory"),
        Q("o_b02", 26.0, "Which way's the lift pit from me?",
          query("direction_of", subject=subj("excavation")), ("direction", "pit")),
        Q("o_b03", 54.0, "Is there anything off to my left just now?",
          query("things_in_direction", direction="left"), ("things", "left")),
        Q("o_b04", 75.0, "How long ago did I put the hammer down?",
          query("time_since", subject=subj("hammer"), event="dropped"), ("since_event", "ham_down")),
        Q("o_b05", 100.0, "How many different workers have been down in the basement so far?",
          query("count_distinct", subject=subj("worker")), ("count", "worker"),
          "the groundworker and the banksman"),
        Q("o_b06", 112.0, "What time did the lad in orange climb down into the pit?",
          query("event_time", subject=orange, event="entered_zone"), ("event_time", "g_in")),
        Q("o_b07", 124.0, "How long has the orange-vest lad been down in that hole now?",
          query("state_duration", subject=orange, state="in_zone", spell="current"),
          ("spell", "groundworker", "in_zone", "current")),
        Q("o_b08", 145.0, "Is the groundworker in orange doing anything at the minute?",
          query("is_working", subject=subj("worker", role="groundworker", vest="orange"), state="working"),
          ("working", "groundworker", "working")),
        Q("o_b09", 150.0, "What's the bearing capacity of this clay?", query("unknown"), ("unknown",),
          "an engineering question, not the site's memory"),
        Q("o_b10", 158.0, "Which way's the banksman in the green vest from me?",
          query("direction_of", subject=subj("worker", role="banksman", vest="green")),
          ("direction", "banksman")),
        Q("o_b11", 170.0, "How long has the orange-vest lad been stood idle?",
          query("spell_duration", subject=orange, state="idle", spell="current"),
          ("spell", "groundworker", "idle", "current")),
        Q("o_b12", 172.0, "When did the engineer in the yellow vest take his helmet off?",
          query("event_time", subject=eng, event="ppe_removed"), ("event_time", "eng_hat_off")),
        Q("o_b13", 182.0, "How long has the fella in yellow had his hat off?",
          query("state_duration", subject=subj("worker", vest="yellow"), state="without_ppe", spell="current"),
          ("spell", "engineer", "without_ppe", "current")),
        Q("o_b14", 190.0, "Should I ring the crane hire firm about Monday?", query("unknown"), ("unknown",),
          "a request, not the site's memory"),
        Q("o_b15", 196.0, "When did the steel first come over the wall?",
          query("event_time", subject=subj("suspended_load"), event="first_seen"), ("first_seen", "load")),
        Q("o_b16", 200.0, "How long was the engineer without his hard hat?",
          query("state_duration", subject=subj("worker", role="engineer"), state="without_ppe", spell="last"),
          ("spell", "engineer", "without_ppe", "last"), "the engineer was described (yellow vest) in o_b12"),
        Q("o_b17", 205.0, "Did the lad in orange get out of the pit before the steel first showed up?",
          query("order", subject=orange, event="left_zone", relation="before",
                other={"subject": subj("suspended_load"), "event": "first_seen", "unit": None, "ordinal": None}),
          ("order", "g_out", ("first_seen", "load"), "before")),
        Q("o_b18", 210.0, "Which direction's the ladder against the wall from here?",
          query("direction_of", subject=subj("ladder")), ("direction", "ladder")),
        Q("o_b19", 220.0, "Has the lad in orange been back down the pit since he climbed out?",
          query("returned", subject=orange, other={"subject": orange, "event": "left_zone", "unit": None,
                                                    "ordinal": None}),
          ("returned_zone", "groundworker"), "one visit, 1:45-2:09"),
        Q("o_b20", 228.0, "Is the red barrow still where it was first?",
          query("still_there", subject=subj("wheelbarrow", colour="red")), ("still", "barrow")),
        Q("o_b21", 230.0, "How long was the orange-vest lad stood idle for?",
          query("spell_duration", subject=orange, state="idle", spell="last"),
          ("spell", "groundworker", "idle", "last")),
        Q("o_b22", 237.0, "How long was my hammer lying there before I picked it back up?",
          query("state_duration", subject=subj("hammer"), state="on_ground", spell="last"),
          ("spell", "hammer", "on_ground", "last"), "set down at 1:01, picked up at 3:54.5"),
        Q("o_b23", 244.0, "What's in front of me right now?",
          query("things_in_direction", direction="front"), ("things", "front")),
        Q("o_b24", 249.0, "Where's the wheelbarrow now?",
          query("where", subject=subj("wheelbarrow")), ("direction", "barrow"), "wheeled away in view at 4:00-4:08"),
        Q("o_b25", 258.0, "Is the bloke with no vest on the same one who took his helmet off earlier?",
          query("same_individual", subject=subj("worker", vest="none"),
                other={"subject": subj("worker"), "event": "ppe_removed", "unit": None, "ordinal": None}),
          ("same", "visitor", "engineer")),
        Q("o_b26", 262.0, "How many different people have I seen down here altogether?",
          query("count_distinct", subject=subj("worker")), ("count", "worker")),
        Q("o_b27", 266.0, "The lad in orange by the barrow, same one who was down the pit earlier?",
          query("same_individual", subject=orange,
                other={"subject": subj("worker"), "event": "entered_zone", "unit": None, "ordinal": None}),
          ("same", "groundworker", "groundworker")),
        Q("o_b28", 265.0, "How long since I last saw the engineer?",
          query("time_since", subject=subj("worker", role="engineer"), event="last_seen"),
          ("since_seen", "engineer")),
        Q("o_b29", 280.0, "Where's my blue toolbox?",
          query("where", subject=subj("toolbox", colour="blue")), ("direction", "toolbox")),
        Q("o_b30", 283.0, "When did the groundworker go back to work after standing about?",
          query("event_time", subject=subj("worker", role="groundworker"), event="resumed_working"),
          ("event_time", "g_resume")),
    ]
