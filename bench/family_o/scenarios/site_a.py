"""Site A: 'Plot 7' housing plot, bricklaying.  Open ground inside a hoarding, suburban skyline.

Pinhole 70 deg, 640x360, 270 s.  The wearer stands near the plot's setting-out peg, makes one full
turn to the right, pans between the gangs, uses and sets down his drill, and walks a few metres
towards the wall near the end.  Tracker: a plain one (a new track id after 4 s out of view).
"""
import math

from .. import models as M
from ..keys import glance
from .common import Scenario, worker, thing, brick_wall
from ..truth import Q, query, subj, renumber


def polar(bearing, dist):
    b = math.radians(bearing)
    return (dist * math.sin(b), dist * math.cos(b))


def build():
    s = Scenario("plot7_bricklaying", "Plot 7, Wells Homes housing site (bricklaying)", "o-plot7-helmet",
                 640, 360, 270.0, 70.0, "pinhole", seed=7101)
    s.ground_kind = "dirt"
    s.enclosure = {"shape": "cylinder", "radius": 26.0, "height": 2.4, "kind": "hoarding", "res": 0.04}
    s.pano_kind = "suburb"
    s.sun = (0.5, 0.75, 0.35)
    s.tracker = {"policy": "gap", "gap_s": 4.0}
    s.noise_sigma = 3.0

    # ------------------------------------------------------------------ the wall and its gang
    lay = [22.0 + 3.6 * k for k in range(24)]  # bricks 1..24: course 3 complete at the 24th
    lay += [236.5 + 3.6 * k for k in range(10)]  # after the tea break: bricks 25..34 (course 4 at 32)
    wall = s.add(brick_wall("wall", (0.0, 7.0), 0.0, 8, lay))
    s.add(thing("pallet", "pallet", lambda: M.pallet("bricks"), (1.9, 6.7), yaw=10))
    s.add(thing("hammer", "hammer", lambda: M.hammer("wood"), (-1.45, 6.3), yaw=70))
    brickie = s.add(worker("brickie", "orange", "white", (0.35, 7.75), yaw=180, role="bricklayer",
                           skin=(110, 150, 200), trousers=(70, 55, 45), shirt=(90, 90, 100)))
    brickie.act(0, "idle").act(17.0, "active")
    brickie.hat(80.0, False).hat(81.5, True)  # wipes his brow: 1.5 s bare-headed
    brickie.hold_hat_when_off = True
    brickie.act(186.0, "idle").act(236.0, "active")  # a 50 s tea break at the wall
    brickie.face_point(185.0, 186.0, -1.5, 9.0).face_point(235.0, 236.0, 0.35, 0.0)

    # ------------------------------------------------------------------ mixer, skip and the labourer
    mx = polar(-30.0, 6.9)
    s.add(thing("mixer", "cement_mixer", lambda: M.cement_mixer("orange"), mx, yaw=60, colour="orange", radius=0.9))
    s.add(thing("skip", "skip", lambda: M.skip("yellow"), polar(-78.0, 9.6), yaw=15, colour="yellow", radius=2.0))
    lab = s.add(worker("labourer", "yellow", "blue", (-2.7, 5.2), yaw=-120, role="labourer", skin=(90, 120, 170),
                       trousers=(60, 60, 60), shirt=(130, 120, 110)))
    idle_spot = (-6.3, 3.1)
    lab.act(0, "active")
    lab.move(68.0, 72.0, *idle_spot).turn(72.0, 73.0, 120.0).act(72.0, "idle")
    lab.act(200.0, "active").move(200.0, 205.0, -2.7, 5.2).turn(205.0, 206.0, -120.0)
    lab.move(240.0, 245.0, -6.2, 3.3).act(245.0, "active").turn(245.0, 246.0, -60.0)
    lab.move(250.0, 255.0, -2.7, 5.2).turn(255.0, 256.0, -120.0)

    # ------------------------------------------------------------------ scaffold, ladder, scaffolder
    s.add(thing("scaffold", "scaffold", lambda: M.scaffold(2, 2), polar(72.0, 9.0), yaw=-18, radius=3.0))
    s.add(thing("ladder", "ladder", lambda: M.ladder("yellow", 3.6, 0.9), polar(59.0, 8.2), yaw=-20, radius=2.0))
    scaf = s.add(worker("scaffolder", "green", "yellow", polar(80.0, 7.6), yaw=-100, role="scaffolder",
                        skin=(100, 140, 190), trousers=(50, 50, 50), shirt=(60, 90, 60)))
    scaf.act(0, "active")
    scaf.hat(152.0, False).hat(180.0, True)  # 28 s without his hard hat, in view

    # ------------------------------------------------------------------ odds and ends
    s.add(thing("toolbox", "toolbox", lambda: M.toolbox("red"), (2.0, 2.6), yaw=-30, colour="red"))
    for i, b in enumerate((174.0, 181.0, 188.0)):
        s.add(thing(f"cone{i + 1}", "cone", lambda: M.cone("orange"), polar(b, 6.5 + 0.6 * i), colour="orange",
                    radius=0.4))
    s.add(thing("generator", "generator", lambda: M.generator("green"), polar(118.0, 9.5), yaw=20, colour="green",
                radius=1.0))
    s.add(thing("toilet", None, lambda: M.portable_toilet("blue"), polar(-118.0, 12.0), yaw=40, radius=1.3))
    s.add(thing("timber", None, lambda: M.timber_stack(3.0), polar(-100.0, 5.0), yaw=10, radius=1.6))

    barrow = s.add(thing("barrow", "wheelbarrow", lambda: M.wheelbarrow("green"), polar(-150.0, 6.8), yaw=30,
                         colour="green", radius=0.8))
    barrow.static = False
    barrow.state_key = lambda st, f: 0
    # taken away unseen by a groundworker who is never in view (the wearer watches the scaffolder)
    gw = s.add(worker("groundworker", "pink", "red", (-9.0, -20.0), yaw=0))
    gw.present = [(150.0, 182.0)]
    bx, _, bz = barrow.pos_at_key(0)
    gw.move(152.0, 161.0, bx, bz - 1.1).turn(161.0, 162.0, 30.0)
    gw.move(162.5, 175.0, -3.0, -24.0)
    barrow.move(162.5, 175.0, -3.0 + 0.55, -24.0 + 0.95, face=False)
    barrow.present = [(0.0, 176.0)]

    # ------------------------------------------------------------------ the wearer's drill
    drill = s.add(thing("drill", "drill", lambda: M.drill("yellow"), (0.55, 1.15), yaw=20, colour="yellow",
                        radius=0.4))
    drill.static = False
    drill.state_key = lambda st, f: 0
    drill.held = [(-10.0, 116.0, "hip"), (116.0, 121.0, "view"), (136.5, 400.0, "hip")]

    # ------------------------------------------------------------------ the wearer
    w = s.wearer
    w.eye_h = 1.66
    Y = w.yaw_keys
    Y += [(6, 0), (10, -40), (15, -40), (18.5, 0), (34, 0), (48, 360), (56, 360)]
    Y += glance(56, 360, -40)
    Y += [(60, 360), (64, 305), (78, 305), (82, 360), (86, 360), (90, 435), (96, 435), (100, 360), (114, 360),
          (116, 372), (121.5, 372), (126, 430), (131, 430), (134, 372), (137.5, 372), (139, 372), (143, 305),
          (148, 305), (151, 435), (172, 435), (176, 360), (196, 360), (199, 305), (208, 305), (212, 360),
          (222, 360), (226, 215), (232, 215), (236, 360), (244, 360), (248, 305), (256, 305), (260, 360),
          (263, 360)]
    Y += glance(263, 360, 45, hold=0.6)
    Y += [(270, 360)]
    w.pitch(((0, -8)), (114, -8), (116, -38), (121.5, -45), (123, -8), (134, -8), (135.5, -48), (137.5, -48),
            (139, -8), (270, -8))
    w.walk(236.0, 244.0, 0.3, 3.2)

    # ------------------------------------------------------------------ designed events
    s.event("first_brick", "wall", "work_unit", lay[0], unit="brick", ordinal=1)
    s.event("course1", "wall", "work_unit", lay[7], unit="course", ordinal=1)
    s.event("course3", "wall", "work_unit", lay[23], unit="course", ordinal=3)
    s.event("lab_idle", "labourer", "went_idle", 72.0)
    s.event("lab_resume", "labourer", "resumed_working", 200.0)
    s.event("brickie_break", "brickie", "went_idle", 186.0)
    s.event("brickie_resume", "brickie", "resumed_working", 236.0)
    s.event("scaf_hat_off", "scaffolder", "ppe_removed", 152.0)
    s.event("drill_down", "drill", "dropped", 121.0)
    s.event("drill_up", "drill", "picked_up", 136.5)

    s.alert("progress", "wall", "first brick laid on the wall")
    s.alert("progress", "wall", "third course of the wall complete")
    s.alert("idle", "labourer", "labourer in the yellow vest stands idle by the skip for 128 s")
    s.alert("ppe_violation", "scaffolder", "scaffolder in the green vest works 28 s without his hard hat")
    s.alert("memory_recall", "barrow", "wheelbarrow taken away unseen; the wearer looks back at its place")
    s.lookalikes = [
        "bricklayer lifts his hard hat off for 1.5 s at 1:20 (under the 3 s PPE threshold)",
        "bricklayer's 50 s tea break at the wall (just under the 60 s idle threshold)",
        "the wearer sets his drill down and picks it up again 15.5 s later (under the 30 s left-behind threshold)",
        "toolbox, ladder, mixer and cones come back into view where they were (not a memory recall)",
        "the labourer walks to the skip and back in view; the mixer stays put (nothing moved unseen)",
    ]
    s.expect_notes = ["ppe look-alike brickie", "left_behind look-alike drill", "idle look-alike brickie"]
    s.questions = renumber(questions(idle_spot))
    return s


def questions(idle_spot):
    brickie = subj("worker", role="bricklayer")
    yellow = subj("worker", vest="yellow")
    green = subj("worker", role="scaffolder", vest="green")
    wall = subj("brick_wall")
    return [
        Q("o_a01", 12.0, "Morning. Any idea if the rain's going to hold off this afternoon?",
          query("unknown"), ("unknown",), "weather: not about the site's memory"),
        Q("o_a02", 30.0, "Which way's the cement mixer from where I'm stood?",
          query("direction_of", subject=subj("cement_mixer")), ("direction", "mixer")),
        Q("o_a03", 52.0, "How many different lads have I clocked on site so far?",
          query("count_distinct", subject=subj("worker")), ("count", "worker"),
          "bricklayer, labourer, scaffolder; the man who later takes the barrow is never in view"),
        Q("o_a04", 53.0, "What have I got behind me at the moment?",
          query("things_in_direction", direction="behind"), ("things", "behind")),
        Q("o_a05", 58.0, "When did the first brick go down on the wall?",
          query("event_time", subject=wall, event="work_unit", unit="brick", ordinal=1),
          ("event_time", "first_brick")),
        Q("o_a06", 66.0, "Is the lad in the yellow vest actually grafting right now?",
          query("is_working", subject=yellow, state="working"), ("working", "labourer", "working")),
        Q("o_a07", 90.0, "Is my red toolbox still sat where I first saw it?",
          query("still_there", subject=subj("toolbox", colour="red")), ("still", "toolbox")),
        Q("o_a08", 96.0, "How long since I last had eyes on the labourer in yellow?",
          query("time_since", subject=subj("worker", role="labourer", vest="yellow"), event="last_seen"),
          ("since_seen", "labourer")),
        Q("o_a09", 112.0, "What time was the third course of bricks finished?",
          query("event_time", subject=wall, event="work_unit", unit="course", ordinal=3),
          ("event_time", "course3")),
        Q("o_a10", 120.0, "Was the first course laid before the labourer knocked off for his break?",
          query("order", subject=wall, event="work_unit", unit="course", ordinal=1, relation="before",
                other={"subject": yellow, "event": "went_idle", "unit": None, "ordinal": None}),
          ("order", "course1", "lab_idle", "before")),
        Q("o_a11", 130.0, "Can you get the crane booked in for Thursday morning?",
          query("unknown"), ("unknown",), "a request, not about the site's memory"),
        Q("o_a12", 144.0, "How long has the fella in the yellow vest been stood there doing nowt?",
          query("spell_duration", subject=yellow, state="idle", spell="current"),
          ("spell", "labourer", "idle", "current")),
        Q("o_a13", 146.0, "Which way's the scaffolder in the green vest from me?",
          query("direction_of", subject=green), ("direction", "scaffolder")),
        Q("o_a14", 165.0, "When did the scaffolder take his lid off?",
          query("event_time", subject=subj("worker", role="scaffolder"), event="ppe_removed"),
          ("event_time", "scaf_hat_off"), "the scaffolder was described (green vest) in o_a13"),
        Q("o_a15", 170.0, "How long's the green-vest lad been going without his hard hat?",
          query("state_duration", subject=subj("worker", vest="green"), state="without_ppe", spell="current"),
          ("spell", "scaffolder", "without_ppe", "current")),
        Q("o_a16", 180.0, "Which way's the ladder from here?",
          query("direction_of", subject=subj("ladder")), ("direction", "ladder")),
        Q("o_a17", 182.0, "Did the scaffolder take his hat off before the labourer went on his break?",
          query("order", subject=green, event="ppe_removed", relation="before",
                other={"subject": yellow, "event": "went_idle", "unit": None, "ordinal": None}),
          ("order", "scaf_hat_off", "lab_idle", "before")),
        Q("o_a18", 188.0, "Who's winning the cricket?", query("unknown"), ("unknown",),
          "not about the site"),
        Q("o_a19", 192.0, "Whereabouts is that hammer now?", query("where", subject=subj("hammer")), ("direction", "hammer")),
        Q("o_a20", 204.0, "How long has the brickie been on his tea break now?",
          query("spell_duration", subject=brickie, state="idle", spell="current"),
          ("spell", "brickie", "idle", "current")),
        Q("o_a21", 206.0, "What have I got over to my right?",
          query("things_in_direction", direction="right"), ("things", "right")),
        Q("o_a22", 228.0, "Is the wheelbarrow still where it was?",
          query("still_there", subject=subj("wheelbarrow")), ("still", "barrow"),
          "taken away unseen at 2:42-2:55; its place seen empty from 3:45"),
        Q("o_a23", 230.0, "How long was the labourer in yellow stood about on his break?",
          query("spell_duration", subject=yellow, state="idle", spell="last"),
          ("spell", "labourer", "idle", "last")),
        Q("o_a24", 240.0, "How long ago did I last see the wheelbarrow?",
          query("time_since", subject=subj("wheelbarrow"), event="last_seen"), ("since_seen", "barrow")),
        Q("o_a25", 250.0, "Where's the wheelbarrow got to?",
          query("where", subject=subj("wheelbarrow")), ("direction", "barrow"),
          "moved while unseen: the place it was last seen"),
        Q("o_a26", 253.0, "Has the labourer gone back to where he was standing about earlier?",
          query("returned", subject=yellow, other={"subject": yellow, "event": "went_idle", "unit": None,
                                                    "ordinal": None}),
          ("returned", "labourer", idle_spot), "tips a bucket at the skip 4:05-4:10, where he stood idle 1:12-3:20"),
        Q("o_a27", 255.0, "Is the bricklayer cracking on now?",
          query("is_working", subject=brickie, state="working"), ("working", "brickie", "working")),
        Q("o_a28", 261.0, "That lad in orange at the wall, is he the same bloke I was watching at 1:40?",
          query("same_individual", subject=subj("worker", vest="orange"), time={"t": 100.0}),
          ("same", "brickie", "brickie"), "only the bricklayer was in view at 1:40"),
        Q("o_a29", 262.5, "Is the fella in yellow by the mixer the same one who had his hard hat off earlier?",
          query("same_individual", subject=yellow,
                other={"subject": subj("worker"), "event": "ppe_removed", "unit": None, "ordinal": None}),
          ("same", "labourer", "scaffolder"), "the hat came off the scaffolder (and, for 1.5 s, the bricklayer)"),
        Q("o_a30", 265.0, "How long ago did the brickie get back on the tools?",
          query("time_since", subject=brickie, event="resumed_working"), ("since_event", "brickie_resume")),
        Q("o_a31", 266.0, "When did I first spot the scaffolder?",
          query("event_time", subject=subj("worker", role="scaffolder"), event="first_seen"),
          ("first_seen", "scaffolder")),
        Q("o_a32", 268.0, "How long was my drill lying on the deck before I grabbed it back?",
          query("state_duration", subject=subj("drill"), state="on_ground", spell="last"),
          ("spell", "drill", "on_ground", "last"), "set down at 2:01, picked up at 2:16.5"),
    ]
