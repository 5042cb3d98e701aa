"""S2: groundworks with an open trench and a crane lift. Equidistant fisheye 140 deg, 640x360, the wearer
walks about 6 m and back; the tracker starts a new id after 2 s out of view."""
import math
from ..world import Entity, Path, Steps, Scenario, Wearer, P
from .common import Q, worker, W, T

STYLE = dict(ground=(80, 105, 125), sky_top=(190, 160, 120), sky_hor=(225, 220, 210), hills=(120, 135, 125),
             hoarding=(40, 90, 170), buildings=30, cranes=2, stones=4000, patches=90, tracks=20, planks=15)

PIT_C = P(12, 8.0)
PIT_YAW = 12.0


def pitpt(lx, ly):
    a = math.radians(PIT_YAW)
    return (PIT_C[0] + lx * math.cos(a) + ly * math.sin(a), PIT_C[1] - lx * math.sin(a) + ly * math.cos(a))


def build():
    s = Scenario("s2_trench", "drainage trench and crane lift on a housing plot", "cam_j_trench", 240.0, 640, 360,
                 140.0, "fisheye", -14.0, seed=202, tracker_gap_s=2.0)
    s.style = STYLE
    s.zone_margin = 1.0
    s.add(Entity("pit", "excavation", "pit", PIT_C, facing=PIT_YAW, dims=(4.0, 2.6, 1.6), extent=2.5))
    # ---------------------------------------------------------------- people
    out_spot, in_spot = pitpt(4.8, 0.0), pitpt(0.8, 0.2)
    s.add(worker("digger", [(0, *out_spot), (38, *out_spot), (40.5, *pitpt(1.2, 0)), (42, *in_spot),
                            (100, *in_spot), (102.5, *out_spot), (205, *out_spot), (207.5, *pitpt(0.9, -0.2))],
                 "orange", "yellow", [(0, "active")], hardhat=[(0, True), (80.0, False), (81.5, True)],
                 zoff=[(0, 0.0), (40.0, -1.2), (100.75, 0.0), (206.9, -1.2)]))
    gw0 = P(-80, 6)
    s.add(worker("groundworker", [(0, *gw0), (146, *gw0), (152, -7.5, 6.0), (159, -7.5, 6.0), (165, -7.5, 13.0)],
                 "yellow", "white", [(0, "active"), (32, "idle"), (67, "active")]))
    s.add(worker("banksman", [(0, *P(-20, 12))], "green", "blue", [(0, "active")],
                 hardhat=[(0, True), (180.0, False), (195.0, True)]))
    # ---------------------------------------------------------------- things
    land = P(-50, 10)
    s.add(Entity("load", "suspended_load", "suspended_load",
                 Path([(110, *P(-75, 14), 7.0), (140, *land, 4.0), (150, *land, 2.6), (172, *land, 2.6),
                       (176, *land, 0.55)]), present=[(110, 176)], facing=-50, extent=1.5))
    s.add(Entity("pallet_blocks", "pallet", "pallet", (land[0], land[1]), present=[(176, 1e9)], facing=-50,
                 load="blocks"))
    drill = s.add(Entity("drill", "drill", "drill", P(0, 1.5), colour="yellow", facing=0, extent=0.4,
                         wearer_drops=[(12.0, 212.0)], held=[(0, 12.0), (212.0, 1e9)]))
    drill.carried = [(0, 12.0, "wearer", (0.18, 0.45, 1.05)), (212.0, 1e9, "wearer", (0.18, 0.45, 1.05))]
    hpos = (6.93 + 1.4 * math.sin(math.radians(30)), 4.0 + 1.4 * math.cos(math.radians(30)))
    ham = s.add(Entity("hammer", "hammer", "hammer", hpos, facing=80, extent=0.4, present=[(104, 139)],
                       wearer_drops=[(110.0, 135.0)], held=[(104, 110.0), (135.0, 139)]))
    ham.carried = [(104, 110.0, "wearer", (0.15, 0.42, 1.1)), (135.0, 139, "wearer", (0.15, 0.42, 1.1))]
    s.add(Entity("toolbox", "toolbox", "toolbox", P(-25, 4), colour="blue", facing=-25, extent=0.5))
    s.add(Entity("ladder", "ladder", "ladder", (*pitpt(-1.4, 0), -1.6), colour="silver", facing=PIT_YAW - 90,
                 extent=1.5, tilt=14, length=3.2))
    for i, (lx, ly) in enumerate([(-3.0, -2.0), (3.0, -2.0), (-3.0, 2.0), (3.0, 2.0)]):
        s.add(Entity(f"cone{i+1}", "cone", "cone", pitpt(lx, ly), extent=0.4))
    s.add(Entity("barrow", "wheelbarrow", "wheelbarrow", P(95, 5), colour="red", facing=160, extent=1.0))
    s.add(Entity("pallet_bags", "pallet", "pallet", P(120, 6), facing=120, load="bags"))
    for eid, shape, b, d, fc in [("spoil", "skip", 45, 12.5, 45), ("generator", "generator", -110, 9, -20),
                                 ("hut", "hut", 170, 14, 170), ("toilet", "toilet", -150, 12, 0),
                                 ("pipes", "pipes", 75, 9, -15), ("hoard1", "hoarding", 5, 21, 5),
                                 ("hoard2", "hoarding", -160, 18, -160)]:
        s.add(Entity(eid, shape, shape, P(b, d), detect=False, facing=fc, extent=3.0, length=14.0))
    # ---------------------------------------------------------------- wearer
    yaw = [(0, 0), (4, -8), (12, -8), (14, 10), (29, 10), (30, -60), (37, -60), (38, 10), (58, 10), (60, 60),
           (69, 60), (71, -20), (104, -20), (106, 30), (111, 30), (113, -75), (129, -75), (131, 30), (137, 30),
           (139, -75), (176, -75), (178, -50), (197, -50), (199, -120), (206, -120), (208, 0), (229, 0),
           (229.7, 80), (230.9, 80), (231.6, 0), (240, 0)]
    s.wearer = Wearer(yaw, [(0, 0.0, 0.0), (60, 0.0, 0.0), (69, 6.93, 4.0), (199, 6.93, 4.0), (207, 0.2, 0.1)],
                      tremor=0.8, seed=s.seed)
    s.events = [(12.0, "drill", "dropped", None), (212.0, "drill", "picked_up", None),
                (110.0, "hammer", "dropped", None), (135.0, "hammer", "picked_up", None)]
    s.designed_alerts = [
        ("exclusion_zone", "digger", "worker in the orange vest climbs down into the trench"),
        ("left_behind", "drill", "the wearer's drill, set down at 12 s, is left behind when he walks off"),
        ("safety_alert", "groundworker", "worker in the yellow vest walks under the load hanging from the crane"),
        ("ppe_violation", "banksman", "banksman in the green vest takes his hard hat off for about 15 s"),
        ("exclusion_zone", "digger", "the same worker goes back down into the trench (a second visit)"),
    ]
    s.lookalikes = [
        "worker in the orange vest stands about 2.8 m beyond the end of the trench (outside the zone and its "
        "1 m margin) between his two visits: no exclusion_zone",
        "banksman in the green vest stays about 6 m from the load all through the lift: no safety_alert",
        "worker in the yellow vest stands about 5.5 m from the load's path while it slews in: no safety_alert",
        "the wearer sets the hammer down, looks away for about 18 s and picks it up again: no left_behind",
        "the digger lifts his hard hat for 1.5 s in the trench: no ppe_violation",
        "worker in the yellow vest stands idle for 35 s: below the 60 s idle threshold",
        "the load lands and becomes a pallet of blocks: no memory_recall for the load",
    ]
    s.questions = questions()
    return s


def questions():
    drill, ham, load = T("drill"), T("hammer"), T("suspended_load")
    dig, gw, bank = W(vest="orange"), W(vest="yellow"), W(vest="green")
    return [
        Q("j2_01", 14.0, "When did I put my drill down?", "temporal_retrieval", "event_time", "drill",
          subject=drill, event="dropped"),
        Q("j2_02", 20.0, "Which way's my drill from here?", "directional", "direction_of", "drill", subject=drill),
        Q("j2_03", 45.0, "What time did the lad in orange get down into the trench?", "temporal_retrieval",
          "event_time", "digger", subject=dig, event="entered_zone"),
        Q("j2_04", 50.0, "How long has the yellow vest lad been stood there doing nothing?", "productivity",
          "spell_duration", "groundworker", subject=gw, state="idle", spell="current"),
        Q("j2_05", 52.0, "Is the orange vest lad in the hole actually grafting?", "productivity", "is_working",
          "digger", subject=dig, state="working"),
        Q("j2_06", 57.0, "What torque do the shoring struts want?", "unknown", "unknown"),
        Q("j2_07", 75.0, "What's in front of me now?", "directional", "things_in_direction", direction="front"),
        Q("j2_08", 90.0, "How long since I last had eyes on my drill?", "temporal_reasoning", "time_since",
          "drill", subject=drill, event="last_seen"),
        Q("j2_10", 105.0, "How long was the lad in orange down the trench for?", "temporal_reasoning",
          "state_duration", "digger", subject=dig, state="in_zone", spell="last"),
        Q("j2_11", 108.0, "When did the orange vest fella come up out of the hole?", "temporal_retrieval",
          "event_time", "digger", subject=dig, event="left_zone"),
        Q("j2_12", 111.0, "Is the lad stood by the trench the same one who was down in it?", "identity",
          "same_individual", "digger", "digger", subject=W(), other={"subject": W(), "event": "entered_zone"}),
        Q("j2_09", 124.0, "Where's the hammer I put down?", "object_permanence", "where", "hammer", subject=ham),
        Q("j2_13", 125.0, "Is the hammer still where I put it down?", "object_permanence", "still_there",
          "hammer", subject=ham, event="dropped"),
        Q("j2_14", 140.0, "When did I pick the hammer back up?", "temporal_retrieval", "event_time", "hammer",
          subject=ham, event="picked_up"),
        Q("j2_15", 145.0, "Which way is the load on the crane hook?", "directional", "direction_of", "load",
          subject=load),
        Q("j2_16", 162.0, "Did I pick the hammer up before the lad in yellow went on his break?",
          "temporal_reasoning", "order", "hammer", "groundworker", subject=ham, event="picked_up",
          other={"subject": gw, "event": "went_idle"}, relation="before"),
        Q("j2_17", 170.0, "How many different workers have I seen so far?", "identity", "count_distinct",
          subject=W()),
        Q("j2_18", 178.0, "How long ago did I set the hammer down?", "temporal_reasoning", "time_since", "hammer",
          subject=ham, event="dropped"),
        Q("j2_19", 190.0, "How long has the fella in the green vest had his hat off?", "temporal_reasoning",
          "state_duration", "banksman", subject=bank, state="without_ppe", spell="current"),
        Q("j2_20", 198.0, "When did the green vest bloke take his helmet off?", "temporal_retrieval", "event_time",
          "banksman", subject=bank, event="ppe_removed"),
        Q("j2_21", 200.0, "Is the lad in green still on the job?", "productivity", "is_working", "banksman",
          subject=bank, state="working"),
        Q("j2_22", 210.0, "I've lost track of my drill, where is it?", "object_permanence", "where", "drill", subject=drill),
        Q("j2_23", 214.0, "How long was my drill lying on the ground?", "temporal_reasoning", "state_duration",
          "drill", subject=drill, state="on_ground", spell="last"),
        Q("j2_24", 216.0, "Has the lad in orange been back in the trench since he climbed out?",
          "temporal_reasoning", "returned", "digger", "digger", subject=dig,
          other={"subject": dig, "event": "left_zone"}),
        Q("j2_25", 222.0, "Is the fella down the hole now the same one who took his helmet off?", "identity",
          "same_individual", "digger", "banksman", subject=W(),
          other={"subject": W(), "event": "ppe_removed"}),
        Q("j2_26", 226.0, "What's over to my right-hand side?", "directional", "things_in_direction", direction="right"),
        Q("j2_27", 233.0, "Who's got the keys for the site cabin?", "unknown", "unknown"),
        Q("j2_28", 235.0, "What's the best fall to run the next length of drain at?", "unknown", "unknown"),
        Q("j2_29", 236.0, "How long since we last saw the load hanging off the crane?", "temporal_reasoning",
          "time_since", "load", subject=load, event="last_seen"),
        Q("j2_30", 238.0, "When did I first clap eyes on the lad in the yellow vest?", "temporal_retrieval",
          "event_time", "groundworker", subject=gw, event="first_seen"),
        Q("j2_31", 239.0, "Is the yellow vest lad doing anything?", "productivity", "is_working", "groundworker",
          subject=gw, state="working"),
    ]
