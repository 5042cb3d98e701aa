"""S1: brickwork yard. Pinhole 80 deg, 640x360, standing wearer, one full turn, tracker keeps ids."""
from ..world import Entity, Path, Steps, Scenario, Wearer, P
from .common import bricks_schedule, counter, Q, worker, W, T

STYLE = dict(ground=(95, 120, 140), sky_top=(200, 150, 90), sky_hor=(235, 215, 190), hills=(110, 130, 120),
             hoarding=(60, 130, 60), buildings=45, cranes=3, stones=3000, patches=70, tracks=14, planks=30)


def build():
    s = Scenario("s1_yard", "brickwork yard behind a new-build terrace", "cam_j_yard", 270.0, 640, 360, 80.0,
                 "pinhole", -9.0, seed=101, tracker_gap_s=None)
    s.style = STYLE
    # ---------------------------------------------------------------- people
    wall_xy = P(-35, 6.5)
    brick_spot = P(-27, 7.2)
    brick_periods = [(20.0, 161.0), (208.0, 270.0)]
    brick_times = bricks_schedule(brick_periods, 6.5)
    s.brick_times = brick_times
    s.add(Entity("wall", "brick_wall", "brick_wall", wall_xy, colour="red", facing=-35,
                 bricks_at=counter(brick_times), per_course=8, extent=1.2))
    s.add(worker("brickie", [(0, *P(-62, 11)), (4, *P(-62, 11)), (12, *brick_spot)], "green", "white",
                 [(0, "idle"), (14, "active"), (162, "idle"), (202, "active")],
                 hardhat=[(0, True), (95, False), (117, True)]))
    mixer = P(22, 7.6)
    lab_mix = P(17, 6.9)
    lab_pallet = P(76, 5.6)
    s.add(worker("labourer", [(0, *lab_mix), (84, *lab_mix), (92, *P(-20, 5.2)), (98, *P(-20, 5.2)),
                              (106, *lab_mix), (114, *lab_mix), (122, *lab_pallet), (205, *lab_pallet),
                              (213, *lab_mix)], "orange", "yellow",
                 [(0, "active"), (114, "idle"), (213, "active")], trousers=(90, 80, 60)))
    # scaffolder: moves the ladder while the wearer looks at the wall
    sc_spot = P(118, 8.6)
    ladder0, ladder1 = P(101, 7.0), P(141, 7.4)
    s.add(worker("scaffolder", [(0, *sc_spot), (96, *sc_spot), (100, *P(99, 6.4)), (102, *P(99, 6.4)),
                                (112, *P(139, 6.8)), (114, *P(139, 6.8)), (119, *sc_spot)], "blue", "white",
                 [(0, "active")], hardhat=[(0, True), (61.0, False), (62.4, True)]))
    s.add(worker("visitor", [(148, *P(-128, 13)), (160, *P(-75, 9)), (176, *P(-20, 10)), (184, *P(10, 14)),
                             (192, *P(20, 20))], "yellow", "blue", [(0, "active")], present=[(148, 192)],
             shirt=(150, 90, 60)))
    # ---------------------------------------------------------------- things
    lad = s.add(Entity("ladder", "ladder", "ladder", Path([(0, *ladder0), (102, *ladder0), (112, *ladder1)]),
                       colour="yellow", facing=101, extent=1.5, tilt=14, length=3.4))
    lad.carried = []
    s.add(Entity("barrow", "wheelbarrow", "wheelbarrow",
                 Path([(0, *P(14, 6.4)), (84, *P(14, 6.4)), (92, *P(-22, 4.6)), (98, *P(-22, 4.6)),
                       (106, *P(14, 6.4))]), colour="green", facing=-70, extent=1.0))
    s.add(Entity("pallet_bricks", "pallet", "pallet", P(-52, 6.2), colour=None, facing=-52, load="bricks"))
    s.add(Entity("pallet_bags", "pallet", "pallet", P(80, 6.3), facing=80, load="bags"))
    s.add(Entity("scaffold", "scaffold", "scaffold", P(120, 10.5), facing=120, dims=(2.6, 1.3, 4.0), extent=2.0))
    s.add(Entity("toolbox", "toolbox", "toolbox", P(-110, 3.4), colour="red", facing=-110, extent=0.5))
    s.add(Entity("hammer", "hammer", "hammer", P(-12, 2.9), facing=30, extent=0.4))
    for i, b in enumerate((-80, -72, -64)):
        s.add(Entity(f"cone{i+1}", "cone", "cone", P(b, 4.8 + 0.3 * i), extent=0.4))
    # clutter the detector does not report
    for eid, shape, b, d, fc in [("mixer", "mixer", 22, 8.2, 0), ("toilet", "toilet", 168, 12, 0),
                                 ("skip", "skip", -140, 10.5, -140), ("hut", "hut", -170, 15, -170),
                                 ("generator", "generator", 58, 12, 30), ("pipes", "pipes", 160, 8, 70),
                                 ("hoard1", "hoarding", 175, 18, 175), ("hoard2", "hoarding", -95, 16, -95)]:
        s.add(Entity(eid, shape, shape, P(b, d), detect=False, facing=fc, extent=3.0))
    # ---------------------------------------------------------------- wearer
    yaw = [(0, 0), (5, -30), (28, -30), (33, 22), (41, 22), (41.6, 95), (42.6, 95), (43.2, 22), (52, 22),
           (56, 112), (70, 112), (74, -10), (92, -10), (96, -30), (116, -30), (120, 55), (136, 55), (140, 104), (146, 104),
           (149, 140), (156, 140), (160, -30), (176, -30), (180, 60), (186, 60), (190, -30), (226, -30),
           (236, 330), (244, 330), (250, 330), (251, 380), (252.2, 380), (253, 330), (270, 330)]
    s.wearer = Wearer(yaw, tremor=0.6, seed=s.seed)
    s.events = [
        (12.0, "brickie", "first_seen", None),
        (84.0, "barrow", "moved", None),
        (102.0, "ladder", "moved", None),
    ]
    s.designed_alerts = [
        ("progress", "wall", "first brick laid on the new wall"),
        ("ppe_violation", "brickie", "bricklayer in the green vest works bare-headed for about 22 s"),
        ("memory_recall", "ladder", "wearer looks back at where the ladder stood; it was moved while he looked away"),
        ("idle", "labourer", "labourer in the orange vest sits on the bag pallet for about 83 s"),
        ("progress", "wall", "third course of the wall completed"),
    ]
    s.lookalikes = [
        "scaffolder (blue vest) lifts his hard hat for about 1.4 s to scratch his head: no ppe_violation",
        "bricklayer (green vest) takes a 40 s breather (162-202 s): below the 60 s idle threshold",
        "the wheelbarrow is pushed to the wall and back while in view: moved seen, no memory_recall",
        "courses 1, 2 and 4 of the wall are completed: only the first brick and every third course alert",
        "the visitor walks across the yard and leaves: nothing to alert",
    ]
    s.questions = questions()
    return s


def questions():
    wall, barrow, ladder = T("brick_wall"), T("wheelbarrow"), T("ladder")
    brickie = W(role="bricklayer")
    return [
        Q("j1_01", 24.0, "What time did the first brick go down on the new wall?", "temporal_retrieval", "event_time",
          "wall", subject=wall, event="work_unit", unit="brick", ordinal=1),
        Q("j1_02", 45.0, "Which way's the wheelbarrow from me right now?", "directional", "direction_of", "barrow",
          subject=barrow),
        Q("j1_03", 60.0, "Is it meant to rain this afternoon or what?", "unknown", "unknown"),
        Q("j1_04", 66.0, "Is the lad in the blue vest actually getting on with it?", "productivity", "is_working",
          "scaffolder", subject=W(vest="blue"), state="working"),
        Q("j1_05", 99.0, "What have I got behind me at the moment?", "directional", "things_in_direction",
          direction="behind"),
        Q("j1_06", 100.0, "Where's the ladder got to?", "object_permanence", "where", "ladder", subject=ladder),
        Q("j1_07", 121.0, "How long did the brickie have his hard hat off for?", "temporal_reasoning",
          "state_duration", "brickie", subject=brickie, state="without_ppe", spell="last"),
        Q("j1_08", 124.0, "When did the fella in green take his lid off?", "temporal_retrieval", "event_time",
          "brickie", subject=W(vest="green"), event="ppe_removed"),
        Q("j1_09", 126.0, "Was the wheelbarrow shifted before the green vest lad took his helmet off?",
          "temporal_reasoning", "order", "barrow", "brickie", subject=barrow, event="moved",
          other={"subject": W(vest="green"), "event": "ppe_removed"}, relation="before"),
        Q("j1_10", 135.0, "How long has the orange vest lad been sat on that pallet?", "productivity",
          "spell_duration", "labourer", subject=W(vest="orange"), state="idle", spell="current"),
        Q("j1_11", 143.0, "Is the ladder still where I first saw it?", "object_permanence", "still_there", "ladder",
          subject=ladder),
        Q("j1_12", 150.0, "That hammer on the ground, is it still lying where it was?", "object_permanence",
          "still_there", "hammer", subject=T("hammer")),
        Q("j1_13", 170.0, "How long since I last saw the bloke in the blue vest?", "temporal_reasoning",
          "time_since", "scaffolder", subject=W(vest="blue"), event="last_seen"),
        Q("j1_14", 171.0, "How many different people have come through here so far?", "identity", "count_distinct",
          subject=W()),
        Q("j1_15", 175.0, "Is the fella in the blue hat the same one who moved the ladder?", "identity",
          "same_individual", "visitor", "scaffolder", subject=W(hat="blue"),
          other={"subject": ladder, "event": "moved"}),
        Q("j1_16", 185.0, "Is the labourer in orange doing any work right now?", "productivity", "is_working",
          "labourer", subject=W(vest="orange"), state="working"),
        Q("j1_17", 206.0, "How long was the brickie stood about on that last break?", "productivity",
          "spell_duration", "brickie", subject=brickie, state="idle", spell="last"),
        Q("j1_18", 208.0, "When did the lad in green get back to laying bricks?", "temporal_retrieval",
          "event_time", "brickie", subject=W(vest="green"), event="resumed_working"),
        Q("j1_19", 218.0, "When was the third course on that wall finished?", "temporal_retrieval", "event_time",
          "wall", subject=wall, event="work_unit", unit="course", ordinal=3),
        Q("j1_20", 222.0, "How long ago did that visitor in the blue hat turn up?", "temporal_reasoning",
          "time_since", "visitor", subject=W(hat="blue"), event="first_seen"),
        Q("j1_21", 245.0, "Where's the red toolbox from where I'm stood?", "directional", "direction_of",
          "toolbox", subject=T("toolbox", "red")),
        Q("j1_22", 248.0, "What's off to my right?", "directional", "things_in_direction", direction="right"),
        Q("j1_23", 250.0, "Is the lad laying bricks the same one who had his hat off earlier?", "identity",
          "same_individual", "brickie", "brickie", subject=brickie,
          other={"subject": W(), "event": "ppe_removed"}),
        Q("j1_24", 255.0, "Did the lad in orange ever go back to where he first pushed the barrow off from?",
          "temporal_reasoning", "returned", "labourer", "barrow", subject=W(vest="orange"),
          other={"subject": barrow, "event": "moved"}),
        Q("j1_25", 258.0, "How long since the ladder was last in sight?", "temporal_reasoning", "time_since",
          "ladder", subject=ladder, event="last_seen"),
        Q("j1_26", 260.0, "How many traffic cones have you spotted?", "identity", "count_distinct",
          subject=T("cone")),
        Q("j1_27", 262.0, "How long was the blue vest fella without his hard hat?", "temporal_reasoning",
          "state_duration", "scaffolder", subject=W(vest="blue"), state="without_ppe", spell="last"),
        Q("j1_28", 264.0, "Can you ring the merchant and get another pallet of engineering bricks sent?",
          "unknown", "unknown"),
        Q("j1_29", 266.0, "What's the minimum cover on the rebar in these footings?", "unknown", "unknown"),
        Q("j1_30", 267.0, "Where's that ladder sitting now?", "object_permanence", "where", "ladder", subject=ladder),
        Q("j1_31", 268.0, "Is the brickie still cracking on?", "productivity", "is_working", "brickie",
          subject=brickie, state="working"),
    ]
