"""The three scripted sites. Every number here is the world's truth; answers and alerts are
derived from it (truth.py, alerts.py) and checked against the simulated detections."""
from .truth import S
from .world import P, Entity, Track, Wearer, Scenario, FPS


def W(eid, vest, hat, path, activity, **kw):
    return Entity(eid, "worker", Track(path), label="worker", vest=vest, hat=hat, activity=activity, **kw)


def T(eid, kind, label, pos, colour=None, face=None, **kw):
    tr = pos if isinstance(pos, Track) else Track([(0.0, pos)])
    return Entity(eid, kind, tr, label=label, colour=colour, face=face, **kw)


def hand(bearing, t=None):
    return P(bearing, 0.45, 1.05)


# ---------------------------------------------------------------- A: housing plot, bricklaying
def scenario_a():
    dur = 270.0
    n = int(dur * FPS)
    bricks = [30.0 + 6 * k for k in range(12)] + [136.0 + 6 * k for k in range(23)]
    ents = [
        T("wall", "brick_wall", "brick_wall", P(-25, 6.5), face=-25, brick_times=bricks, per_course=6),
        W("w1", "orange", "white",
          [(0, None), (12, P(-72, 10.0)), (19, P(-41, 6.0))],
          [(12, "walking"), (19, "working"), (100, "idle"), (130, "working")],
          hat_off=[(73.0, 74.6)], face=None, trousers="denim"),
        W("w2", "yellow", "blue",
          [(0, P(36, 7.4)), (40, P(36, 7.4)), (48, P(61, 7.0)), (55, P(84, 6.8)), (115, P(84, 6.8)),
           (120, P(104, 5.3))],
          [(0, "working"), (40, "walking"), (55, "working"), (115, "walking"), (120, "idle"), (250, "working")],
          sit=[(120, 250)], trousers="khaki", skin="skin2"),
        W("w3", "green", "white", [(0, P(47, 10.2))], [(0, "working")], hat_off=[(150.0, 185.0)], face=225),
        T("barrow", "wheelbarrow", "wheelbarrow", Track([(0, P(40, 7.8)), (40, P(40, 7.8)), (48, P(64, 7.6))]),
          colour="green", face=60),
        T("ladder", "ladder", "ladder", Track([(0, P(172, 7.0)), (95, None)]), colour="silver", face=-8),
        T("toolbox", "toolbox", "toolbox", P(125, 3.2), colour="red", face=30),
        T("cone1", "cone", "cone", P(-86, 5.0), colour="orange"),
        T("cone2", "cone", "cone", P(-96, 5.0), colour="orange"),
        T("cone3", "cone", "cone", P(-106, 5.0), colour="orange"),
        T("pallet1", "pallet", "pallet", P(-8, 5.2), face=-8, load="brick"),
        T("pallet2", "pallet", "pallet", P(113, 5.8), face=113),
        T("mixer", "mixer", "concrete_mixer", P(90, 8.6), colour="orange", face=90),
        T("skip", "skip", "skip", P(-140, 11.0), colour="yellow", face=-50),
        T("scaffold", "scaffold", "scaffold", P(45, 13.0), face=45),
        T("loo", "portaloo", None, P(-60, 15.0), colour="blue", face=120),
        T("sand", "heap", None, P(150, 9.5), colour=(100, 170, 200), face=150),
        T("hammer", "hammer", "hammer",
          Track([(0, None), (53.3, hand(4)), (54.3, P(4, 1.15)), (67.6, P(4, 1.15)), (68.5, hand(4)), (68.6, None)]),
          colour="yellow", face=80, wearer_tool=True, events={"set_down": [54.3], "pick_up": [68.0]}),
    ]
    yaw = [(0, 0), (5, -10), (7, 0), (8, 0), (11, 90), (14, 180), (17, 270), (20, 360), (23, 340), (37, 340),
           (38.5, 410), (50, 410), (51.5, 360), (57, 345), (65, 345), (66, 360), (70, 360), (71, 320), (78, 320),
           (79.5, 400), (81, 400), (82.5, 340), (83, 340), (83.8, 410), (85, 410), (85.8, 340), (108, 340),
           (110, 440), (124, 440), (126, 340), (139, 340), (141, 405),
           (166, 405), (168, 340), (174, 340), (176, 440), (190, 440), (192, 340), (196, 340),
           (203, 175), (211, 175), (216, 250), (222, 340), (235, 340), (238, 440), (253, 440), (255, 340),
           (262, 295), (265, 295), (267, 340), (270, 340)]
    pitch = [(0, -8), (52, -8), (53, -55), (56, -55), (57, -8), (66, -8), (67, -55), (69.5, -55), (70.5, -8)]
    wearer = Wearer(n, yaw, pitch, [(0, (0.0, 0.0))], seed=11)
    return Scenario(name="a_bricklaying_plot", site="Plot 14, Larch Close housing estate (masonry)",
                    camera="cam-a-hardhat", width=640, height=360, hfov=70.0, projection="pinhole",
                    duration=dur, seed=1401, entities=ents, wearer=wearer, tracker=("keep", 0.0),
                    ground_style="mud", pano_style="clear", ask=ask_a,
                    designed=[("progress", "wall"), ("progress", "wall"), ("ppe_violation", "w3"), ("idle", "w2"),
                              ("memory_recall", "ladder")],
                    lookalikes=["wheelbarrow pushed to a new place while in view; its old place is looked at later (no memory_recall)",
                                "cones, skip, toolbox and mixer come back into view at their places during pans and the 360 turn"])


def ask_a(b):
    wall, w1, w2, w3 = S("brick_wall"), S("worker", role="bricklayer", vest="orange"), S("worker", vest="yellow"), S("worker", vest="green")
    b.direction("a01", 45, "Which way's the ladder from where I'm facing now?", "ladder", S("ladder"))
    b.event_time("a02", 47, "What time did the first brick go on the new wall?", "wall", wall, "work_unit", 30.0, unit="brick", ordinal=1)
    b.is_working("a03", 62, "Is the bricklayer in the orange vest actually laying or not?", "w1", w1, "working")
    b.event_time("a32", 64, "When did I first clock the scaffolder in the green vest?", "w3", S("worker", role="scaffolder", vest="green"), "first_seen")
    b.state_duration("a31", 76, "How long was my hammer lying on the deck before I picked it back up?", "hammer", S("hammer"), "on_ground", 54.3, 68.0, spell="last")
    b.still_there("a04", 88, "Is the green barrow still sat where I first saw it?", "barrow", S("wheelbarrow", colour="green"))
    b.time_since("a05", 99, "How long ago did I pick my hammer back up?", "hammer", S("hammer"), "picked_up", 68.0)
    b.is_working("a06", 107, "Is the orange-vest lad on a break right now?", "w1", w1, "idle")
    b.things("a07", 112, "What have I got at my back right now?", "behind")
    b.spell("a08", 128, "How long has the bricklayer been stood about now?", "w1", S("worker", role="bricklayer"), "idle", "current")
    b.event_time("a09", 136, "When did orange vest get back on the bricks?", "w1", w1, "resumed_working", 130.0)
    b.direction("a10", 146, "Toolbox - which side of me is it on?", "toolbox", S("toolbox"))
    b.same("a11", 160, "That scaffolder with no lid on - same bloke who was up by the scaffold at the start?", "w3", "w3",
           S("worker", role="scaffolder", hardhat=False), time=None)
    b.event_time("a12", 164, "What time did the scaffolder in green whip his hard hat off?", "w3", S("worker", role="scaffolder", vest="green"), "ppe_removed", 150.0)
    b.event_time("a14", 171, "When was the third course finished?", "wall", None, "work_unit", 166.0, unit="course", ordinal=3)
    b.state_duration("a13", 174, "How long has the green-vest guy been going without his helmet?", "w3", S("worker", vest="green"), "without_ppe", 150.0, 185.0, spell="current")
    b.spell("a15", 186, "The labourer on the pallet - how long's he been sat there doing nowt?", "w2", S("worker", role="labourer"), "idle", "current")
    b.order("a16", 195, "Did the bricklayer go on his break before the labourer sat down?", w1, "went_idle", 100.0,
            {"subject": S("worker", role="labourer"), "event": "went_idle", "unit": None, "ordinal": None}, 120.0, "before",
            eids=[("w1", 100.0), ("w2", 120.0)])
    b.returned("a30", 200, "After he parked the wheelbarrow, did the yellow-vest labourer ever go back to it?", "w2", w2, P(64, 7.6), 48.0,
               {"subject": S("wheelbarrow"), "event": "moved", "unit": None, "ordinal": None})
    b.direction("a17", 206, "Where's the ladder got to?", "ladder", S("ladder"), intent="where")
    b.time_since("a18", 214, "How long since I last actually saw the ladder?", "ladder", S("ladder"), "last_seen")
    b.still_there("a19", 218, "Is the ladder still where it was leaning earlier?", "ladder", S("ladder"))
    b.count("a20", 226, "How many different workers have I come across so far?", S("worker"), ["w1", "w2", "w3"])
    b.unknown("a21", 230, "What's the forecast tomorrow, are we losing the afternoon to rain?", "weather, not the site's memory")
    b.spell("a22", 240, "How long was the bricklayer's tea break?", "w1", S("worker", role="bricklayer"), "idle", "last")
    b.is_working("a23", 246, "Is the yellow-vest labourer working at the minute?", "w2", w2, "working")
    b.same("a29", 252, "The fella getting up off that pallet - same one who pushed the wheelbarrow earlier?", "w2", "w2", S("worker"),
           other={"subject": S("wheelbarrow"), "event": "moved", "unit": None, "ordinal": None})
    b.event_time("a24", 258, "When did the yellow-vest labourer get back to work?", "w2", w2, "resumed_working", 250.0)
    b.direction("a25", 262, "Point me at the skip.", "skip", S("skip"))
    b.unknown("a26", 264, "Can you book the skip swap for Thursday morning?", "a request, not a question about the memory")
    b.things("a27", 266, "What's over on my right?", "right")
    b.order("a28", 268, "Was my hammer put down before the first brick was laid?", S("hammer"), "dropped", 54.3,
            {"subject": None, "event": "work_unit", "unit": "brick", "ordinal": 1}, 30.0, "before", eids=[("hammer", 54.3), ("wall", 30.0)])




# ---------------------------------------------------------------- B: drainage trench, road widening
PIT_C, PIT_FACE = P(10, 8.0), 10.0


def pit_local(lx, lz, y=0.0):
    import math
    a = math.radians(PIT_FACE)
    return (PIT_C[0] + lx * math.cos(a) + lz * math.sin(a), y, PIT_C[2] - lx * math.sin(a) + lz * math.cos(a))


def scenario_b():
    dur = 280.0
    n = int(dur * FPS)
    A = pit_local(-4.3, 0.4)
    ins1 = pit_local(-1.3, 0.0, -1.3)
    ins4 = pit_local(1.4, -0.2, -1.3)
    edge4 = pit_local(2.0, -1.9)
    wp = (-3.0, 4.5)
    stop = (-0.5, 1.6)
    ents = [
        Entity("pit", "excavation", Track([(0, PIT_C)]), label="excavation", face=PIT_FACE, pit_size=(5.0, 2.0, 1.3)),
        W("w1", "orange", "yellow",
          [(0, A), (78, A), (79.5, pit_local(-2.6, 0.0)), (81.5, ins1), (125, ins1), (127, pit_local(-2.7, 0.2)), (128.5, A)],
          [(0, "working"), (78, "walking"), (81.5, "working"), (125, "walking"), (128.5, "working"), (140, "idle"),
           (165, "working")], trousers="navy"),
        W("w2", "yellow", "white", [(0, pit_local(4.6, 1.0))], [(0, "working")], trousers="khaki", skin="skin2"),
        W("w3", "green", "red", [(0, P(-60, 9.2))], [(0, "working")], hat_off=[(215.0, 241.0)], face=30),
        W("w4", "blue", "orange",
          [(0, None), (190, P(58, 15.0)), (201.5, edge4), (203, pit_local(1.9, -0.6, -0.4)), (204.5, ins4), (228, ins4),
           (229.5, edge4), (240.5, P(72, 17.0)), (241, None)],
          [(190, "walking"), (204.5, "working"), (228, "walking")], left_at=241.0, trousers="denim"),
        T("gen", "generator", "generator", P(-76, 11.5), colour="green", face=14),
        T("ladder", "ladder", "ladder", P(-100, 6.5), colour="silver", face=80),
        T("toolbox", "toolbox", "toolbox", P(42, 5.0), colour="blue", face=-20),
        T("pallet", "pallet", "pallet", P(122, 6.5), face=30, load=(110, 110, 110)),
        T("barrow", "wheelbarrow", "wheelbarrow", P(-22, 6.0), colour="orange", face=60),
        T("cone1", "cone", "cone", pit_local(-3.0, -1.6), colour="orange"),
        T("cone2", "cone", "cone", pit_local(3.0, -1.6), colour="orange"),
        T("spoil", "heap", None, pit_local(0.0, 3.0), colour=(60, 90, 115), face=PIT_FACE, heap_size=(5.0, 1.3, 2.2)),
        T("pipes", "rebar", None, P(140, 9.0), face=60),
        T("loo", "portaloo", None, P(175, 14.0), colour="blue", face=0),
        T("drill", "drill", "drill",
          Track([(0, None), (47.2, hand(0)), (48.0, P(0, 0.8)), (159.0, P(0, 0.8)), (160.0, (-0.3, 1.05, 1.2)), (160.1, None)]),
          colour="yellow", face=70, wearer_tool=True, events={"set_down": [48.0], "pick_up": [159.5]}),
    ]
    yaw = [(0, 0), (6, 5), (8, 0), (11, -90), (14, -180), (17, -270), (20, -360), (24, -350), (30, -350), (33, -410),
           (37, -410), (39, -350), (45, -360), (50, -360), (51.5, -394), (59, -394), (62, -450), (70, -450), (74, -308),
           (104, -308), (106.5, -450), (116, -450), (119, -308), (149, -308), (151, -214), (162, -214), (166, -385),
           (170, -385), (170.8, -300), (172, -300), (172.8, -385), (246, -385), (250, -250), (258, -250), (262, -385),
           (270, -330), (280, -340)]
    pitch = [(0, -5), (45, -5), (46.5, -55), (49.5, -55), (50.5, -5), (157, -5), (158, -58), (161, -58), (162, -5)]
    pos = [(0, (0.0, 0.0)), (51, (0.0, 0.0)), (59, wp), (150, wp), (158, stop)]
    wearer = Wearer(n, yaw, pitch, pos, seed=22)
    return Scenario(name="b_drainage_trench", site="A614 road widening, storm drain trench (groundworks)",
                    camera="cam-b-groundworks", width=512, height=288, hfov=150.0, projection="fisheye",
                    duration=dur, seed=2207, entities=ents, wearer=wearer, tracker=("gap", 4.0),
                    ground_style="gravel", pano_style="overcast", ask=ask_b,
                    designed=[("exclusion_zone", "w1"), ("exclusion_zone", "w4"), ("left_behind", "drill"),
                              ("ppe_violation", "w3")],
                    lookalikes=["the wearer walks 5 m away and back: things shift in the picture without moving (no memory_recall)",
                                "the trench and cones come back into view after the 360 turn (no memory_recall)"])


def ask_b(b):
    w1 = S("worker", vest="orange")
    w3 = S("worker", role="fitter", vest="green")
    w4 = S("worker", role="engineer", vest="blue")
    b.direction("b01", 26, "Which side is the generator on?", "gen", S("generator"))
    b.count("b02", 35, "How many different blokes have I seen on this stretch so far?", S("worker"), ["w1", "w2", "w3"])
    b.time_since("b03", 78, "How long ago did I put my drill down?", "drill", S("drill"), "dropped", 48.0)
    b.event_time("b04", 88, "What time did the lad in orange get down into the trench?", "w1", w1, "entered_zone", 80.35)
    b.is_working("b05", 96, "Is orange vest actually grafting down there?", "w1", w1, "working")
    b.state_duration("b06", 101, "How long has the orange-vest lad been down in the trench now?", "w1", w1, "in_zone", 80.35, 126.3, spell="current")
    b.same("b07", 121, "The fella in the trench - same one who was stood by the end of it when I started?", "w1", "w1", S("worker"),
           time={"t": 5.0})
    b.event_time("b08", 138, "When did he climb back out of the hole?", "w1", w1, "left_zone", 126.3)
    b.state_duration("b09", 145, "How long was the orange vest down that trench?", "w1", w1, "in_zone", 80.35, 126.3, spell="last")
    b.is_working("b10", 148, "Is the orange vest on a breather?", "w1", w1, "idle")
    b.event_time("b12", 172, "When did I pick the drill back up?", "drill", S("drill"), "picked_up", 159.5)
    b.direction("b11", 175, "Remind me which way the trench is.", "pit", S("excavation"))
    b.state_duration("b13", 177, "How long was my drill sat on the ground all told?", "drill", S("drill"), "on_ground", 48.0, 159.5,
                     spell="last", tol=4.0, check=False)
    b.things("b14", 180, "What's sitting off to my left?", "left")
    b.direction("b31", 188, "Whereabouts is the ladder now?", "ladder", S("ladder"), intent="where")
    b.unknown("b15", 196, "Has the concrete for the manhole bases been ordered?", "outside the site's memory")
    b.event_time("b16", 206, "When did the engineer in the blue vest turn up?", "w4", w4, "first_seen")
    b.count("b17", 212, "How many different people have been on this bit today?", S("worker"), ["w1", "w2", "w3", "w4"])
    b.state_duration("b18", 220, "Blue vest - how long's he been in the trench?", "w4", S("worker", vest="blue"), "in_zone", 203.35, 228.7, spell="current")
    b.event_time("b19", 226, "What time did the fitter in green take his hard hat off?", "w3", w3, "ppe_removed", 215.0)
    b.order("b20", 232, "Did the engineer get in the trench before the fitter took his hat off?", w4, "entered_zone", 203.35,
            {"subject": S("worker", role="fitter"), "event": "ppe_removed", "unit": None, "ordinal": None}, 215.0, "before",
            eids=[("w4", 203.35), ("w3", 215.0)])
    b.spell("b21", 238, "How long has the orange vest been back on the job this time?", "w1", w1, "working", "current")
    b.returned("b22", 244, "Has the engineer been back in the trench since he climbed out?", "w4", S("worker", role="engineer"),
               pit_local(1.4, -0.2, -1.3), 228.7, {"subject": S("worker", role="engineer"), "event": "left_zone", "unit": None, "ordinal": None})
    b.direction("b24", 254, "Toolbox - which way?", "toolbox", S("toolbox"))
    b.still_there("b25", 258, "Has the orange barrow stayed put?", "barrow", S("wheelbarrow", colour="orange"))
    b.time_since("b23", 262, "How long since I last saw the engineer in blue?", "w4", w4, "last_seen")
    b.same("b26", 266, "Green vest by the generator - is he the one who had his lid off earlier?", "w3", "w3", S("worker", vest="green"),
           other={"subject": S("worker"), "event": "ppe_removed", "unit": None, "ordinal": None})
    b.unknown("b27", 270, "Who's signing off the permit to dig for next week?", "not in the site's memory")
    b.event_time("b28", 274, "When did the lad in orange down tools for his break?", "w1", w1, "went_idle", 140.0)
    b.spell("b29", 276, "How long was orange vest's breather?", "w1", w1, "idle", "last")
    b.things("b30", 278, "Anything over on my right?", "right")


# ---------------------------------------------------------------- C: steel frame, tower crane
def scenario_c():
    dur = 250.0
    n = int(dur * FPS)
    LOAD_Y = 4.2
    ents = [
        T("load", "load", "suspended_load",
          Track([(0, P(50, 15, LOAD_Y)), (95, P(50, 15, LOAD_Y)), (108, P(20, 12, LOAD_Y)), (135, P(20, 12, LOAD_Y)),
                 (150, P(-35, 14, LOAD_Y))]), face=0),
        W("w1", "orange", "white", [(0, P(-26, 3.4))], [(0, "working")], face=20, trousers="navy"),
        W("w2", "yellow", "red",
          [(0, P(24, 5.5)), (111, P(24, 5.5)), (115.5, (4.1, 0.0, 10.9)), (123.5, (3.6, 0.0, 11.1)), (126.5, (0.5, 0.0, 8.0)),
           (130, (-2.0, 0.0, 5.0))],
          [(0, "working"), (111, "walking"), (115.5, "working"), (123.5, "walking"), (130, "working"), (150, "idle"), (185, "working")], trousers="khaki"),
        W("w3", "green", "yellow", [(0, P(-62, 7.4)), (56, P(-62, 7.4)), (60, P(-70, 6.2))],
          [(0, "working"), (56, "walking"), (60, "idle"), (190, "working")], sit=[(60, 190)], trousers="denim", skin="skin2"),
        W("w4", "pink", None, [(0, None), (199, P(-128, 16.0)), (208, P(-95, 7.5)), (236, P(-95, 7.5)), (246, P(-150, 15.0)),
                                (246.5, None)],
          [(199, "walking"), (208, "idle"), (236, "walking")], left_at=246.5, shirt="white", trousers="navy"),
        T("barrow", "wheelbarrow", "wheelbarrow", Track([(0, P(100, 5.0)), (80, None)]), colour="red", face=10),
        T("pallet", "pallet", "pallet", P(-76, 6.9), face=20, load="wood"),
        T("toolbox", "toolbox", "toolbox", P(-44, 4.2), colour="yellow", face=10),
        T("gen", "generator", "generator", P(-140, 12.0), colour="yellow", face=30),
        T("skip", "skip", "skip", P(160, 14.0), colour="green", face=70),
        T("ladder", "ladder", "ladder", P(-112, 5.6), colour="silver", face=-20),
        T("cone1", "cone", "cone", P(-41, 10.5), colour="orange"),
        T("cone2", "cone", "cone", P(-33, 10.5), colour="orange"),
        T("cone3", "cone", "cone", P(-25, 11.5), colour="orange"),
        T("rebar", "rebar", None, P(24, 12.0), face=75),
        T("rebar2", "rebar", None, P(45, 12.5), face=80),
        T("loo", "portaloo", None, P(130, 16.0), colour="green", face=-50),
    ]
    yaw = [(0, 0), (4, 0), (6, 60), (12, 60), (14, -20), (20, -20), (22, -60), (30, -60), (33, 0), (34, 70), (35, 70),
           (36, 0), (50, 0), (53, -60), (66, -60), (70, 10), (134, 10), (150, -10), (152, -60), (158, -60), (159, 31), (164, 31),
           (168, -30), (171, -30), (173, 120), (182, 120), (185, -65), (195, -65), (198, -100), (232, -100), (236, -30),
           (245, -30), (250, -20)]
    pitch = [(0, -4)]
    pos = [(0, (0.0, 0.0)), (158, (0.0, 0.0)), (164, (1.5, 2.5))]
    wearer = Wearer(n, yaw, pitch, pos, seed=33)
    return Scenario(name="c_steel_frame_crane", site="Unit 3 logistics shed, steel frame erection with tower crane",
                    camera="cam-c-steelwork", width=640, height=360, hfov=100.0, projection="fisheye",
                    duration=dur, seed=3301, entities=ents, wearer=wearer, tracker=("gap", 6.0),
                    ground_style="concrete", pano_style="crane", ask=ask_c,
                    designed=[("safety_alert", "w2"), ("idle", "w3"), ("memory_recall", "barrow"), ("ppe_violation", "w4")],
                    lookalikes=["the banksman in orange guides the lift from well clear of the load (no safety_alert)",
                                "the suspended load hangs parked with nobody near it for minutes (no safety_alert)",
                                "the wearer walks 3 m: everything shifts in the picture without being moved (no memory_recall)",
                                "the visitor wears a pink vest but never a hard hat: one ppe_violation, not two"])


def ask_c(b):
    w2 = S("worker", role="steel fixer", vest="yellow")
    w3 = S("worker", vest="green")
    w4 = S("worker", role="visitor", hardhat=False)
    b.direction("c01", 18, "Which way's the red barrow from me?", "barrow", S("wheelbarrow", colour="red"))
    b.count("c02", 40, "How many lads have I seen on the frame so far?", S("worker"), ["w1", "w2", "w3"])
    b.event_time("c03", 50, "When did I first see the fitter in the green vest?", "w3", w3, "first_seen")
    b.is_working("c04", 66, "Green vest - is he doing owt or just sat there?", "w3", w3, "idle")
    b.things("c05", 100, "What's dead ahead of me?", "front")
    b.is_working("c24", 102, "Is the banksman working?", "w1", S("worker", role="banksman", vest="orange"), "working")
    b.direction("c06", 112, "Which way's the steel on the hook?", "load", S("suspended_load"))
    b.same("c07", 118, "The fixer walking under the beam - same lad who was tying rebar earlier on?", "w2", "w2", w2,
           time={"t": 5.0})
    b.spell("c08", 156, "How long has the green-vest lad been sat on that pallet?", "w3", w3, "idle", "current")
    b.order("c09", 137, "Did the crane swing the steel across before green vest sat down?", S("suspended_load"), "moved", 95.0,
            {"subject": w3, "event": "went_idle", "unit": None, "ordinal": None}, 60.0, "before", eids=[("load", 95.0), ("w3", 60.0)])
    b.time_since("c30", 140, "How long ago did he sit down?", "w3", w3, "went_idle", 60.0)
    b.direction("c25", 230, "Which way's the generator from here?", "gen", S("generator"))
    b.event_time("c26", 160, "When did the crane start swinging the steel across?", "load", S("suspended_load"), "moved", 95.0)
    b.direction("c11", 175, "Where's the wheelbarrow gone?", "barrow", S("wheelbarrow"), intent="where")
    b.still_there("c12", 178, "Is the barrow still where it was this morning?", "barrow", S("wheelbarrow"))
    b.is_working("c13", 192, "Steel fixer in yellow - is he back on it?", "w2", w2, "working")
    b.spell("c14", 194, "How long was the fixer stood about for just now?", "w2", w2, "idle", "last")
    b.event_time("c15", 197, "When did green vest get back to work?", "w3", w3, "resumed_working", 190.0)
    b.same("c16", 210, "This chap with no hard hat - same one I saw under the steel at 1:55?", "w4", "w2", w4, time={"t": 115.0})
    b.event_time("c17", 214, "When did the visitor with no helmet turn up?", "w4", w4, "first_seen")
    b.state_duration("c18", 230, "How long has that visitor been walking round without a lid?", "w4", w4, "without_ppe",
                     b.ob.first("w4"), 246.0, spell="current", check=False)
    b.unknown("c19", 238, "Is the crane booked again for tomorrow?", "future booking, not the site's memory")
    b.count("c20", 240, "How many different people have I had in view today?", S("worker"), ["w1", "w2", "w3", "w4"])
    b.time_since("c21", 243, "How long since I last had eyes on the barrow?", "barrow", S("wheelbarrow"), "last_seen")
    b.order("c29", 245, "Did the visitor show up before green vest went back to work?", w4, "first_seen", 200.5,
            {"subject": w3, "event": "resumed_working", "unit": None, "ordinal": None}, 190.0, "before",
            eids=[("w4", 200.5), ("w3", 190.0)])
    b.things("c22", 247, "What's over on the left of me?", "left")
    b.unknown("c23", 249, "Tell us a joke to cheer the lads up.", "not a question about the site")


SCENARIOS = {"a_bricklaying_plot": scenario_a, "b_drainage_trench": scenario_b, "c_steel_frame_crane": scenario_c}
