"""The four family-G scenarios: site, lens and the anchors of each 20-minute head-motion script."""
from __future__ import annotations

SCENARIOS = {
    "quayside_pinhole60": dict(
        layout="quayside", site_seed=1101, motion_seed=2101, projection="pinhole", hfov=60.0,
        plan=dict(psi0=37.0, p_right=0.56,
                  turns=[(75, +1, 140), (262, -1, 200), (430, +1, 100), (612, +1, 230), (790, -1, 60),
                         (950, +1, 170, 2), (1120, -1, 210)],
                  still=(500, 75), near_wall=340, dim=(690.0, 750.0), look_ups=[150, 560, 1010],
                  fast_turns=[200, 880, 1060])),
    "tower_pinhole100": dict(
        layout="tower", site_seed=1202, motion_seed=2202, projection="pinhole", hfov=100.0,
        plan=dict(psi0=-120.0, p_right=0.46,
                  turns=[(128, -1, 180), (330, +1, 90), (470, -1, 240), (720, -1, 150), (905, +1, 200),
                         (1080, -1, 45)],
                  still=(600, 90), near_wall=250, dim=(400.0, 460.0), look_ups=[90, 520, 860, 1150],
                  fast_turns=[180, 780, 1000])),
    "depot_fisheye120": dict(
        layout="depot", site_seed=1303, motion_seed=2303, projection="fisheye", hfov=120.0,
        plan=dict(psi0=200.0, p_right=0.55,
                  turns=[(40, -1, 120), (215, +1, 220), (380, +1, 160), (650, -1, 200, 2), (830, +1, 60),
                         (1000, -1, 240)],
                  still=(900, 65), near_wall=520, dim=(1040.0, 1100.0), look_ups=[300, 700],
                  fast_turns=[120, 450, 760, 1150])),
    "plaza_fisheye150": dict(
        layout="plaza", site_seed=1404, motion_seed=2404, projection="fisheye", hfov=150.0,
        plan=dict(psi0=75.0, p_right=0.45,
                  turns=[(150, +1, 240), (300, -1, 110), (545, -1, 190), (700, +1, 130), (860, -1, 230),
                         (1030, +1, 80), (1150, -1, 160)],
                  still=(380, 70), near_wall=780, dim=(220.0, 280.0), look_ups=[120, 640, 990],
                  fast_turns=[60, 470, 930])),
}
