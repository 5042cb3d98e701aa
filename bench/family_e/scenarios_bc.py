"""Family-E scenarios B (housing plot, fisheye) and C (warehouse slab pour, pinhole)."""
from __future__ import annotations

from .render import prop_box
from .scenarios import FPS, ORANGE, YELLOW, Question, Qy, S, Scenario
from .world import CameraPath, Ent, Lens, World


def _brick_times(first=24.0, pause=(150.0, 175.0), n=84):
    """Brick k laid at a steady pace, pausing for the bricklayer's break."""
    out, t, k = [], first, 1
    while k <= n:
        if pause[0] <= t < pause[1]:
            t = pause[1] + 1.0
        out.append((t, k))
        t += 2.79 if t < pause[0] else 2.03
        k += 1
    return out


# ============================================================ B: housing plot
def housing() -> Scenario:
    sc = Scenario("e2_house_frame_plot7", "Plot 7, Orchard Rise housing: timber frame, trusses and a garden wall",
                  "cam-e2-sitemanager", 800, 450, 150.0, "fisheye", 285.0, "reid", "dirt", "suburb", 202)
    yaw = [(0, 0), (10, 0), (20, -60), (28, -60), (30, 0), (38, 0), (39, 110), (42, 110), (43, 0), (58, 0),
           (70, -360), (95, -370), (112, -370), (116, -340), (135, -340), (137, -350), (160, -350),
           (163, -230), (185, -230), (190, -360), (200, -345), (230, -345), (238, -410), (255, -410),
           (256.1, -290), (258, -290), (260, -390), (285, -390)]
    pos = [(0, 0, 0), (30, 0, 0), (38, 0, 3.0), (190, 0, 3.0), (200, 1.5, 6.5), (262, 1.5, 6.5),
           (270, 0.5, 6.0), (285, 0.5, 6.0)]
    cam = CameraPath(FPS, sc.duration, yaw, pos, None, seed=sc.seed)
    lens = Lens(sc.width, sc.height, sc.hfov, sc.projection)
    bricks = _brick_times()
    E = []
    E.append(Ent("wall", "brick_wall", "wall", (3.0, 0.22, 1.0), (60, 80, 170), "red", pos=[(0, -4.0, 9.0)],
                 bricks=[(0, 0)] + bricks, bricks_per_course=13, det_range=30))
    E.append(Ent("brickie", "worker", "worker", vest="none", hat_colour="white", shirt=(110, 110, 110),
                 pos=[(0, -6.5, 7.0), (15, -6.5, 7.0), (20, -4.0, 8.3), (150, -4.0, 8.3), (153, -1.2, 5.0),
                      (174, -1.2, 5.0), (177, -4.0, 8.3)], idle=[(151, 175)], det_range=30))
    E.append(Ent("hammer", "hammer", "thing", (0.1, 0.35, 0.06), (40, 40, 40), "black", pos=[(0, -4.6, 8.6)],
                 held_by=[(-1, 150.0, "brickie"), (176.5, 1e9, "brickie")], det_range=12))
    E.append(Ent("hod", "worker", "worker", vest="orange", hat_colour="yellow",
                 pos=[(0, -1.5, 7.0), (190, -1.5, 7.0), (194, -6.0, 7.3), (200, -6.0, 7.3), (204, -4.5, 8.0),
                      (285, -4.5, 8.0)], hat_off=[(50, 52)], idle=[(95, 190)], facing=-60, det_range=30))
    E.append(Ent("roofer", "worker", "worker", vest="yellow", hat_colour="blue", pos=[(0, 4.0, 9.5)],
                 hat_off=[(203, 233)], facing=180, det_range=30))
    E.append(Ent("chippy", "worker", "worker", vest="orange", hat_colour="white",
                 pos=[(0, 9.0, 8.0), (118, 9.0, 8.0), (122, 6.0, 12.0), (127, 3.5, 14.8), (166, 3.5, 14.8),
                      (171, 3.3, 6.6), (172, 3.3, 6.6), (177, 3.5, 14.8)], facing=200, det_range=30))
    E.append(Ent("insp", "worker", "worker", vest="blue", hat_colour="white",
                 pos=[(0, 14.0, -6.0), (30, 14.0, -6.0), (40, 4.0, 2.0), (60, 4.0, 2.0), (70, 14.0, -6.0)],
                 present=[(30, 72)], facing=-90, det_range=30))
    E.append(Ent("load", "suspended_load", "load", (2.5, 1.2, 0.5), (60, 110, 160), "brown",
                 pos=[(50, 12.0, 14.0), (58, 12.0, 14.0), (80, 6.0, 12.0), (152, 6.0, 12.0)],
                 lift=[(50, 0.0), (58, 4.0), (140, 4.0), (150, 0.2), (152, 0.2)], present=[(50, 152)], det_range=40))
    E.append(Ent("trusses", "pallet", "thing", (2.5, 1.2, 0.5), (60, 110, 160), "brown", pos=[(0, 6.0, 12.0)],
                 present=[(152, 1e9)], det_range=30))
    E.append(Ent("nailer", "nail_gun", "thing", (0.12, 0.4, 0.25), (40, 60, 200), "red", pos=[(0, 3.0, 6.0)],
                 present=[(-1, 171.5)], det_range=14))
    E.append(Ent("trestle", "trestle", "thing", (1.2, 0.5, 0.8), (90, 130, 170), None, pos=[(0, 3.0, 6.0)],
                 det_range=20))
    E.append(Ent("ladder", "ladder", "thing", (0.5, 0.1, 3.0), (160, 160, 160), "silver", pos=[(0, 7.0, 9.0)],
                 det_range=30))
    E.append(Ent("scaffold", "scaffold", "thing", (6.0, 1.2, 3.0), (150, 150, 150), None, pos=[(0, 5.0, 16.5)],
                 det_range=40))
    E.append(Ent("mixer", "cement_mixer", "thing", (0.9, 0.9, 1.2), (40, 140, 230), "orange", pos=[(0, -1.0, 5.2)],
                 facing=20, det_range=25))
    E.append(Ent("bricks", "pallet", "thing", (1.0, 1.0, 0.8), (70, 90, 170), "red", pos=[(0, -6.8, 7.8)],
                 det_range=25))
    E.append(Ent("skip", "skip", "thing", (1.8, 3.2, 1.3), (30, 160, 230), "yellow", pos=[(0, 7.0, -5.0)],
                 facing=30, det_range=35))
    E.append(Ent("genny", "generator", "thing", (0.8, 1.2, 0.9), (40, 120, 40), "green", pos=[(0, 6.0, -2.0)],
                 det_range=25))
    props = []
    for xx in (3.0, 4.5, 6.0, 7.5, 9.0):          # timber frame studs
        for zz in (10.5, 15.0):
            props.append(prop_box(xx, zz, 0.1, 0.15, 2.6, (110, 170, 210)))
    for zz in (11.6, 12.7, 13.9):
        props.append(prop_box(9.0, zz, 0.15, 0.1, 2.6, (110, 170, 210)))
    props.append(prop_box(6.0, 10.5, 6.2, 0.2, 0.15, (100, 160, 200), base=2.6))
    props.append(prop_box(6.0, 15.0, 6.2, 0.2, 0.15, (100, 160, 200), base=2.6))
    props.append(prop_box(15.0, 4.0, 2.5, 6.0, 3.0, (40, 40, 200)))      # crane lorry body
    props.append(prop_box(15.0, 4.0, 0.4, 0.4, 9.0, (30, 160, 230), base=3.0))
    props.append(prop_box(-10.0, -6.0, 2.4, 7.0, 2.6, (60, 120, 60)))    # welfare cabin
    props.append(prop_box(-14.0, 4.0, 0.05, 20.0, 1.8, (150, 170, 150)))  # fence
    props.append(prop_box(0.0, 22.0, 16.0, 0.05, 1.8, (150, 170, 150)))
    props.append(prop_box(-8.0, 14.0, 3.0, 3.0, 1.2, (70, 100, 140)))    # sand heap
    props.append(prop_box(-8.0, 14.0, 1.8, 1.8, 1.8, (70, 100, 140)))
    sc.world = World(cam, lens, E, props, seed=sc.seed)
    sc.left_site = ("insp",)
    sc.intended_alerts = [("progress", "wall", 24), ("progress", "wall", 130), ("progress", "wall", 240),
                          ("idle", "hod", 155), ("safety_alert", "chippy", 120), ("memory_recall", "nailer", 187),
                          ("ppe_violation", "roofer", 206)]
    sc.lookalikes = [
        "50-52 s: the hod carrier (orange vest, yellow hat) takes his hat off for 2 s (under 3 s)",
        "whole scenario: the bricklayer wears no vest but keeps his hard hat on (by default only the hard hat is required)",
        "80-140 s: the truss bundle hangs at 4 m while the roofer works ~2 m from its footprint (not under or next to it)",
        "122-127 s onwards: after passing under it the carpenter stands ~2.5 m from the hanging load",
        "150-152 s: the load is lowered and landed (no longer suspended); nobody is under it",
        "151-175 s: the bricklayer takes a 24 s break (short idle); bricks stop going up",
        "the wall comes back into view several times with no new course finished (no progress alert)",
        "~186 s onwards: the brickie's hammer is back in his hands at the wall; he picked it up while the wearer looked away, but it is where he left it",
        "the building inspector leaves the site (walks off at 60-72 s); not a left_behind (people are not tools)",
    ]
    sc.description = ("Wearer: the site manager on a housing plot. Watches the garden wall going up, turns a full "
                      "circle, watches a crane lift a bundle of roof trusses over the timber frame, turns away to "
                      "the skip and generator, comes back and walks up to the frame.")
    brickie = S("worker", role="bricklayer")
    hod = S("worker", vest="orange", hat_colour="yellow")
    roofer = S("worker", role="roofer", hat_colour="blue")
    course3 = [t for t, k in bricks if k == 39][0]
    Q = sc.questions
    Q += [
        Question("e2-q01", 45, "Which way's the nail gun from where I'm stood?",
                 Qy("directional", "direction_of", S("nail_gun")), {"calc": "direction", "key": "nailer"}, ["nailer"]),
        Question("e2-q02", 100, "What's over to my right?",
                 Qy("directional", "things_in_direction", direction="right"), {"calc": "things", "direction": "right"}),
        Question("e2-q03", 175, "Which direction is the brickie from me?",
                 Qy("directional", "direction_of", brickie), {"calc": "direction", "key": "brickie"}, ["brickie"]),
        Question("e2-q04", 176, "What have I got behind me?",
                 Qy("directional", "things_in_direction", direction="behind"), {"calc": "things", "direction": "behind"}),
        Question("e2-q05", 280, "Which way is the hod carrier in the orange vest?",
                 Qy("directional", "direction_of", S("worker", role="hod_carrier", vest="orange")), {"calc": "direction", "key": "hod"}, ["hod"]),
        Question("e2-q06", 200, "Where's the nail gun?",
                 Qy("object_permanence", "where", S("nail_gun")), {"calc": "direction", "key": "nailer"}, ["nailer"]),
        Question("e2-q07", 200, "Is the nail gun still on the trestle where it was?",
                 Qy("object_permanence", "still_there", S("nail_gun")), {"calc": "still", "key": "nailer"}, ["nailer"]),
        Question("e2-q08", 160, "Where's the ladder?",
                 Qy("object_permanence", "where", S("ladder")), {"calc": "direction", "key": "ladder"}, ["ladder"]),
        Question("e2-q09", 270, "Is the ladder still stood where it was this morning?",
                 Qy("object_permanence", "still_there", S("ladder")), {"calc": "still", "key": "ladder"}, ["ladder"]),
        Question("e2-q10", 250, "Where did the cement mixer get put?",
                 Qy("object_permanence", "where", S("cement_mixer")), {"calc": "direction", "key": "mixer"}, ["mixer"]),
        Question("e2-q11", 100, "When did the first brick go down on the garden wall?",
                 Qy("temporal_retrieval", "event_time", S("brick_wall"), event="work_unit", unit="brick", ordinal=1),
                 {"calc": "time", "t": 24.0, "tol": 3, "note": "bricks attribute 0 -> 1 at 24 s, wall in view"}, ["wall"]),
        Question("e2-q12", 150, "What time was the third course finished?",
                 Qy("temporal_retrieval", "event_time", S("brick_wall"), event="work_unit", unit="course", ordinal=3),
                 {"calc": "time", "t": round(course3, 2), "tol": 3, "note": "brick 39 of 13 per course laid (courses 2 -> 3), wall in view"}, ["wall"]),
        Question("e2-q13", 240, "When did the roofer take his lid off?",
                 Qy("temporal_retrieval", "event_time", roofer, event="ppe_removed"),
                 {"calc": "time", "t": 203.0, "tol": 3, "note": "roofer's hard hat comes off at 203 s, in view"}, ["roofer"]),
        Question("e2-q14", 140, "When did the building inspector turn up?",
                 Qy("temporal_retrieval", "event_time", S("worker", role="inspector"), event="first_seen"),
                 {"calc": "first_seen", "key": "insp"}, ["insp"]),
        Question("e2-q15", 200, "When did the hod carrier down tools?",
                 Qy("temporal_retrieval", "event_time", S("worker", role="hod_carrier"), event="stopped_working"),
                 {"calc": "time", "t": 95.0, "tol": 3, "note": "hod carrier's activity goes idle at 95 s, in view"}, ["hod"]),
        Question("e2-q16", 230, "How long is it since I last saw the nail gun?",
                 Qy("temporal_reasoning", "time_since", S("nail_gun"), event="last_seen"),
                 {"calc": "since_last_seen", "key": "nailer"}, ["nailer"]),
        Question("e2-q17", 200, "Was the first brick laid before the inspector arrived?",
                 Qy("temporal_reasoning", "order", S("brick_wall"), event="work_unit", unit="brick", ordinal=1, relation="before",
                    other={"subject": S("worker", role="inspector"), "event": "first_seen", "unit": None, "ordinal": None}),
                 {"calc": "yn", "v": True, "note": "first brick 24 s; inspector first seen ~39 s"}, ["wall", "insp"]),
        Question("e2-q18", 228, "How long has the roofer been without his hard hat?",
                 Qy("temporal_reasoning", "state_duration", roofer, state="without_ppe", spell="current"),
                 {"calc": "dur", "v": 25.0, "note": "hat off from 203 s (seen) to at=228"}, ["roofer"]),
        Question("e2-q19", 200, "Has the brickie gone back to where he put his hammer down?",
                 Qy("temporal_reasoning", "returned", brickie,
                    other={"subject": S("hammer"), "event": "dropped", "unit": None, "ordinal": None}),
                 {"calc": "yn", "v": True, "note": "hammer put down by the wall at 150 s (seen); brickie went to the mixer for his break, back at the wall from 177 s (seen from ~186 s)"}, ["brickie", "hammer"]),
        Question("e2-q20", 260, "How long ago did the first brick get laid?",
                 Qy("temporal_reasoning", "time_since", S("brick_wall"), event="work_unit", unit="brick", ordinal=1),
                 {"calc": "since", "t": 24.0, "note": "first brick at 24 s"}, ["wall"]),
        Question("e2-q21", 120, "Is the hod carrier doing any work?",
                 Qy("productivity", "is_working", S("worker", role="hod_carrier"), state="working"),
                 {"calc": "is_state", "key": "hod", "state": "working"}, ["hod"]),
        Question("e2-q22", 150, "How long has the lad in the orange vest and yellow hat been stood about?",
                 Qy("productivity", "spell_duration", hod, state="idle", spell="current"),
                 {"calc": "spell", "key": "hod", "state": "idle", "spell": "current"}, ["hod"]),
        Question("e2-q23", 250, "How long was the hod carrier idle for?",
                 Qy("productivity", "spell_duration", S("worker", role="hod_carrier"), state="idle", spell="last"),
                 {"calc": "spell", "key": "hod", "state": "idle", "spell": "last"}, ["hod"]),
        Question("e2-q24", 162, "Is the brickie working right now?",
                 Qy("productivity", "is_working", brickie, state="working"),
                 {"calc": "is_state", "key": "brickie", "state": "working"}, ["brickie"]),
        Question("e2-q25", 140, "How long has the brickie been laying bricks without a break?",
                 Qy("productivity", "spell_duration", brickie, state="working", spell="current"),
                 {"calc": "spell", "key": "brickie", "state": "working", "spell": "current"}, ["brickie"]),
        Question("e2-q26", 45, "How many people have I seen on the plot so far?",
                 Qy("identity", "count_distinct", S("worker")), {"calc": "count", "keys": None}),
        Question("e2-q27", 190, "The lad in orange by the wall, is he the one who was stood idle earlier?",
                 Qy("identity", "same_individual", S("worker", vest="orange"), time={"t": 120}),
                 {"calc": "yn", "v": True, "note": "the hod carrier throughout (reid tracker keeps his id)"}, ["hod"]),
        Question("e2-q28", 126, "Is the fella who just walked under the trusses the same chippy I saw at the start?",
                 Qy("identity", "same_individual", S("worker", role="carpenter"), time={"t": 5}),
                 {"calc": "yn", "v": True, "note": "the carpenter (orange vest, white hat) seen from the start at (9, 8)"}, ["chippy"]),
        Question("e2-q29", 270, "Is the bloke in the blue hat the building inspector from earlier?",
                 Qy("identity", "same_individual", S("worker", hat_colour="blue"), time={"t": 45}),
                 {"calc": "yn", "v": False, "note": "blue hat = roofer (yellow vest); inspector wore a blue vest and white hat and left at ~70 s"}, ["roofer", "insp"]),
        Question("e2-q30", 280, "How many different workers in orange vests have I seen?",
                 Qy("identity", "count_distinct", S("worker", vest="orange")), {"calc": "count", "keys": ["hod", "chippy"]}),
        Question("e2-q31", 225, "The man with no helmet on, is he the roofer I saw first thing?",
                 Qy("identity", "same_individual", S("worker", hardhat=False), time={"t": 5}),
                 {"calc": "yn", "v": True, "note": "the roofer, hat off since 203 s"}, ["roofer"]),
    ]
    return sc


# ============================================================ C: warehouse slab pour
def slab_pour() -> Scenario:
    sc = Scenario("e3_slab_pour_unit4", "Unit 4 distribution warehouse: ground-floor slab pour", "cam-e3-foreman",
                  800, 450, 74.0, "pinhole", 255.0, "gap", "slab", "warehouse", 303)
    yaw = [(0, 0), (10, 0), (18, 50), (24, 50), (25.1, -65), (28, -65), (30, -10), (42, 350), (52, 345),
           (58, 380), (60, 380), (64, 480), (80, 480), (84, 400), (100, 400), (102, 340), (118, 340), (120, 380),
           (124, 380), (126, 340), (143, 340), (145, 380), (148, 380), (150, 340), (160, 340), (164, 385),
           (200, 385), (204, 340), (220, 340), (228, 300), (240, 300), (241.1, 410), (244, 410), (246, 330),
           (255, 330)]
    pos = [(0, 0, 0), (52, 0, 0), (58, 0, 2.0), (64, 0, 2.0), (72, 6.0, -1.0), (220, 6.0, -1.0), (228, 2.0, 2.5),
           (255, 2.0, 2.5)]
    pitch = [(0, -9), (55, -9), (56.5, -30), (59.5, -30), (61, -9), (119, -9), (120.5, -32), (123.5, -32),
             (125, -9), (144, -9), (145.5, -32), (147.5, -32), (149, -9), (255, -9)]
    cam = CameraPath(FPS, sc.duration, yaw, pos, pitch, seed=sc.seed)
    lens = Lens(sc.width, sc.height, sc.hfov, sc.projection)
    E = []
    E.append(Ent("pit", "excavation", "zone", (2.0, 2.0, 0.3), pos=[(0, -3.0, 9.0)], det_range=40))
    E.append(Ent("dumper", "dumper", "plant", (1.8, 3.0, 1.6), YELLOW, "yellow",
                 pos=[(0, 8.0, 4.0), (175, 8.0, 4.0), (188, 4.5, 11.0), (255, 4.5, 11.0)],
                 moving=[(170, 215)], facing=0, det_range=45))
    E.append(Ent("fin1", "worker", "worker", vest="orange", hat_colour="white", pos=[(0, 1.0, 8.5)],
                 idle=[(100, 175)], facing=200, det_range=30))
    E.append(Ent("fin2", "worker", "worker", vest="orange", hat_colour="white",
                 pos=[(0, 0.0, 9.5), (40, 0.0, 9.5), (44, -1.5, 5.2), (50, -5.0, 6.25), (52.5, -1.5, 6.0), (55, 0.0, 9.5)],
                 idle=[(104, 134)], facing=180, det_range=30))
    E.append(Ent("pumpy", "worker", "worker", vest="yellow", hat_colour="white", pos=[(0, -6.0, 13.0)],
                 facing=160, det_range=30))
    E.append(Ent("lab", "worker", "worker", vest="green", hat_colour="orange",
                 pos=[(0, 4.0, 5.0), (78, 4.0, 5.0), (82, 6.5, 4.0), (98, 6.5, 4.0), (104, 1.0, 6.5),
                      (136, 1.0, 6.5), (140, -3.0, 9.0), (152, -3.0, 9.0), (155, -1.5, 7.0), (160, 2.0, 6.0),
                      (186, 2.0, 6.0), (192, 4.5, 13.6), (198, 4.5, 13.6), (201, 7.0, 14.0)],
                 sink=[(140.5, 151.5, 1.2)], facing=200, det_range=30))
    E.append(Ent("laser", "laser_level", "thing", (0.2, 0.2, 0.3), (0, 0, 220), "red", pos=[(0, 1.2, 3.7)],
                 held_wearer=[(-1, 58.0)], det_range=12))
    E.append(Ent("level", "spirit_level", "thing", (0.08, 1.2, 0.06), (30, 200, 240), "yellow", pos=[(0, 6.8, 0.7)],
                 held_wearer=[(-1, 122.0), (146.0, 1e9)], hold_offset=(-0.25, -0.6, 0.3), det_range=12))
    E.append(Ent("poker", "poker", "thing", (0.15, 1.4, 0.12), (50, 160, 60), "green", pos=[(0, 1.2, 10.5)],
                 present=[(-1, 180.0)], facing=70, det_range=15))
    E.append(Ent("barrow", "wheelbarrow", "thing", (0.6, 1.4, 0.7), (120, 120, 120), "grey",
                 pos=[(0, -1.2, 4.95), (44, -1.2, 4.95), (50, -4.7, 6.0)], held_by=[(44, 50, "fin2")],
                 facing=-70, det_range=20))
    E.append(Ent("float", "power_float", "thing", (1.0, 1.0, 1.0), (60, 60, 180), "red", pos=[(0, -6.5, 6.0)],
                 det_range=25))
    E.append(Ent("rebar", "rebar_bundle", "thing", (0.8, 4.0, 0.4), (40, 60, 110), None, pos=[(0, 10.0, -4.0)],
                 facing=90, det_range=30))
    E.append(Ent("pallet", "pallet", "thing", (1.2, 1.0, 0.9), (90, 150, 190), None, pos=[(0, 8.5, -4.5)],
                 det_range=25))
    E.append(Ent("pump", "concrete_pump", "plant", (2.4, 6.0, 2.8), (200, 200, 200), "white", pos=[(0, -9.0, 18.0)],
                 det_range=60))
    props = []
    for xx in (-12.0, 12.0):                       # steel portal columns
        for zz in (-12.0, 0.0, 12.0, 24.0):
            props.append(prop_box(xx, zz, 0.4, 0.4, 9.0, (120, 70, 30)))
    props.append(prop_box(0.0, 4.0, 24.0, 0.3, 0.12, (70, 70, 70)))     # pour stop-end
    props.append(prop_box(-9.0, 12.0, 0.15, 6.5, 0.12, (40, 40, 40)))  # pump hose run
    props.append(prop_box(11.0, 6.0, 1.2, 2.4, 1.8, (60, 60, 200)))    # tool store
    props.append(prop_box(-10.5, -5.0, 2.0, 4.0, 2.5, (180, 180, 180)))  # office cabin
    sc.world = World(cam, lens, E, props, seed=sc.seed)
    sc.intended_alerts = [("left_behind", "laser", 92), ("idle", "fin1", 160), ("exclusion_zone", "lab", 139),
                          ("memory_recall", "poker", 203), ("safety_alert", "lab", 190)]
    sc.lookalikes = [
        "44-50 s: a finisher pushes the wheelbarrow to a new spot in full view (seen moving, not a memory_recall)",
        "122-146 s: the wearer sets his spirit level down, looks away ~20 s and picks it up again (under 30 s)",
        "104-134 s: the second finisher (same orange vest and white hat as the first) stands about for 30 s (short idle)",
        "whole scenario: the second finisher works 2 m from the lift pit edge (outside the 0.5 m margin)",
        "82-98 s: the labourer stands ~0.6 m from the dumper while it is parked (moving=false)",
        "170-215 s: the idle/working finishers stay > 2 m from the reversing dumper's footprint",
        "~102 s onwards: the laser level comes back into view where it was left (after the left_behind alert; not a new alert)",
        "the concrete pump (plant) never moves; people near it are not at risk",
    ]
    sc.description = ("Wearer: the finishing foreman on a warehouse slab pour. Looks over the pour, turns a full "
                      "circle, walks onto the slab and sets his laser level down, walks off to the rebar and the "
                      "parked dumper, watches the finishers and the lift pit, sets his spirit level down and picks it "
                      "up, watches the dumper reverse, turns back to where the poker was.")
    fin = S("worker", vest="orange", hat_colour="white")
    lab = S("worker", vest="green")
    Q = sc.questions
    Q += [
        Question("e3-q01", 28, "Which way's the dumper from me?",
                 Qy("directional", "direction_of", S("dumper")), {"calc": "direction", "key": "dumper"}, ["dumper"]),
        Question("e3-q02", 75, "Remind me which way the lift pit is.",
                 Qy("directional", "direction_of", S("excavation")), {"calc": "direction", "key": "pit"}, ["pit"]),
        Question("e3-q03", 90, "What's on my left just now?",
                 Qy("directional", "things_in_direction", direction="left"), {"calc": "things", "direction": "left"}),
        Question("e3-q04", 185, "What's over on my right-hand side?",
                 Qy("directional", "things_in_direction", direction="right"), {"calc": "things", "direction": "right"}),
        Question("e3-q05", 250, "Which direction is the pump man in the yellow vest?",
                 Qy("directional", "direction_of", S("worker", role="pump_operator", vest="yellow")), {"calc": "direction", "key": "pumpy"}, ["pumpy"]),
        Question("e3-q06", 110, "Where did I leave the laser level?",
                 Qy("object_permanence", "where", S("laser_level")), {"calc": "direction", "key": "laser"}, ["laser"]),
        Question("e3-q07", 190, "Where's the poker got to?",
                 Qy("object_permanence", "where", S("poker")), {"calc": "direction", "key": "poker"}, ["poker"]),
        Question("e3-q08", 215, "Is the poker still lying where I first saw it?",
                 Qy("object_permanence", "still_there", S("poker")), {"calc": "still", "key": "poker"}, ["poker"]),
        Question("e3-q09", 60, "Is the grey barrow still where it was first thing?",
                 Qy("object_permanence", "still_there", S("wheelbarrow", colour="grey")), {"calc": "still", "key": "barrow"}, ["barrow"]),
        Question("e3-q10", 230, "Where's the wheelbarrow now?",
                 Qy("object_permanence", "where", S("wheelbarrow")), {"calc": "direction", "key": "barrow"}, ["barrow"]),
        Question("e3-q11", 170, "When did the lad in the green vest go into the lift pit?",
                 Qy("temporal_retrieval", "event_time", lab, event="entered_zone"),
                 {"calc": "time", "t": 139.0, "tol": 3, "note": "labourer walks into the pit 136-140 s; inside the 0.5 m margin from ~138.8 s"}, ["lab"]),
        Question("e3-q12", 120, "What time did I put the laser level down?",
                 Qy("temporal_retrieval", "event_time", S("laser_level"), event="dropped"),
                 {"calc": "time", "t": 58.0, "tol": 3, "note": "set down at 58 s while the wearer looks down at it"}, ["laser"]),
        Question("e3-q13", 200, "When did the finisher by the poker stop working?",
                 Qy("temporal_retrieval", "event_time", fin, event="stopped_working"),
                 {"calc": "time", "t": 100.0, "tol": 3, "note": "first finisher (at 1.0, 8.5, next to the poker) goes idle at 100 s, in view (the second finisher stops at 104 s, at the same 3 s tolerance edge)"}, ["fin1"]),
        Question("e3-q14", 150, "When did I first notice the labourer in green?",
                 Qy("temporal_retrieval", "event_time", lab, event="first_seen"),
                 {"calc": "first_seen", "key": "lab"}, ["lab"]),
        Question("e3-q15", 240, "When did I last see the poker?",
                 Qy("temporal_retrieval", "event_time", S("poker"), event="last_seen"),
                 {"calc": "last_seen", "key": "poker"}, ["poker"]),
        Question("e3-q16", 200, "How long ago did I last see the poker?",
                 Qy("temporal_reasoning", "time_since", S("poker"), event="last_seen"),
                 {"calc": "since_last_seen", "key": "poker"}, ["poker"]),
        Question("e3-q17", 175, "How long was the green-vest lad down the pit?",
                 Qy("temporal_reasoning", "state_duration", lab, state="in_zone", spell="last"),
                 {"calc": "dur", "v": 14.0, "note": "inside the pit (0.5 m margin) ~138.8-153.1 s; down in it 140.5-151.5 s; seen throughout"}, ["lab"]),
        Question("e3-q18", 210, "Did the labourer go in the pit before I put my spirit level down?",
                 Qy("temporal_reasoning", "order", lab, event="entered_zone", relation="before",
                    other={"subject": S("spirit_level"), "event": "dropped", "unit": None, "ordinal": None}),
                 {"calc": "yn", "v": False, "note": "spirit level set down at 122 s; pit entered ~139 s"}, ["lab", "level"]),
        Question("e3-q19", 250, "Did the finisher who moved the barrow go back to where he'd put it?",
                 Qy("temporal_reasoning", "returned", fin,
                    other={"subject": S("wheelbarrow"), "event": "moved", "unit": None, "ordinal": None}),
                 {"calc": "yn", "v": False, "note": "the second finisher pushed the barrow to (-4.7, 6.0) at 44-50 s and went back to his spot at (0, 9.5); he never returned to the barrow"}, ["fin2", "barrow"]),
        Question("e3-q20", 130, "How long since I set the laser level down?",
                 Qy("temporal_reasoning", "time_since", S("laser_level"), event="dropped"),
                 {"calc": "since", "t": 58.0, "note": "set down at 58 s"}, ["laser"]),
        Question("e3-q21", 20, "Is the labourer in green working?",
                 Qy("productivity", "is_working", lab, state="working"),
                 {"calc": "is_state", "key": "lab", "state": "working"}, ["lab"]),
        Question("e3-q22", 150, "How long has the finisher by the poker been standing idle?",
                 Qy("productivity", "spell_duration", fin, state="idle", spell="current"),
                 {"calc": "spell", "key": "fin1", "state": "idle", "spell": "current"}, ["fin1"]),
        Question("e3-q23", 140, "Is the finisher next to the pit slacking?",
                 Qy("productivity", "is_working", fin, state="idle"),
                 {"calc": "is_state", "key": "fin2", "state": "idle"}, ["fin2"]),
        Question("e3-q24", 158, "How long was the second finisher's break?",
                 Qy("productivity", "spell_duration", fin, state="idle", spell="last"),
                 {"calc": "spell", "key": "fin2", "state": "idle", "spell": "last"}, ["fin2"]),
        Question("e3-q25", 128, "Is the finisher nearest the poker working right now?",
                 Qy("productivity", "is_working", fin, state="working"),
                 {"calc": "is_state", "key": "fin1", "state": "working"}, ["fin1"]),
        Question("e3-q26", 40, "How many people have I seen on the slab so far?",
                 Qy("identity", "count_distinct", S("worker")), {"calc": "count", "keys": None}),
        Question("e3-q27", 110, "How many finishers in orange vests and white hats are there?",
                 Qy("identity", "count_distinct", fin), {"calc": "count", "keys": ["fin1", "fin2"]}),
        Question("e3-q28", 150, "The lad in green climbing out of the pit, is that the one who was stood by the dumper earlier?",
                 Qy("identity", "same_individual", lab, time={"t": 90}),
                 {"calc": "yn", "v": True, "note": "the labourer (green vest, orange hat) throughout"}, ["lab"]),
        Question("e3-q29", 170, "The finisher who's been standing about for ages, is he the one who moved the wheelbarrow?",
                 Qy("identity", "same_individual", fin, time={"t": 47}),
                 {"calc": "yn", "v": False, "note": "at 170 s only the first finisher (by the poker) is idle (since 100 s); the barrow was moved at 44-50 s by the second finisher, who was in view with him at the same time; same clothes, different people"}, ["fin1", "fin2"]),
        Question("e3-q30", 196, "The bloke behind the dumper, is he the same lad who went down the pit?",
                 Qy("identity", "same_individual", S("worker"), time={"t": 145}),
                 {"calc": "yn", "v": True, "note": "the labourer in green walks behind the reversing dumper 192-198 s; he went into the pit 139 s"}, ["lab"]),
    ]
    return sc
