"""World geometry: bearings, sectors and the distance proxy (VISTA's conventions, DESIGN.md 5)."""

from __future__ import annotations

import math

import pytest

from spotter.world.geometry import (
    SECTOR_CENTRES,
    angular_distance,
    bearing_deg,
    blend_bearing,
    circular_mean,
    column_at,
    confidence_at,
    direction,
    distance_proxy,
    egocentric_deg,
    in_view,
    iou,
    relative_deg,
    sector,
    swept_in_view,
)

W, H, FOV = 640, 480, 90.0


def _box_at_column(x: float, y2: float = 400.0, h: float = 100.0) -> tuple[float, float, float, float]:
    return (x - 10.0, y2 - h, x + 10.0, y2)


def test_centre_column_is_straight_ahead() -> None:
    assert egocentric_deg((W - 1) / 2.0, W, FOV) == pytest.approx(0.0)
    assert bearing_deg(37.0, _box_at_column((W - 1) / 2.0), W, FOV) == pytest.approx(37.0)


def test_right_of_centre_has_larger_bearing() -> None:
    assert bearing_deg(10.0, _box_at_column(500.0), W, FOV) > 10.0
    assert bearing_deg(10.0, _box_at_column(100.0), W, FOV) < 10.0


def test_right_edge_of_a_90_degree_view_is_front_right() -> None:
    rel = relative_deg(bearing_deg(0.0, _box_at_column(W - 1.0), W, FOV), 0.0)
    assert rel == pytest.approx(45.0, abs=0.1)
    assert sector(rel) == "front-right"
    assert sector(relative_deg(bearing_deg(0.0, _box_at_column(0.0), W, FOV), 0.0)) == "front-left"


def test_after_turning_180_left_the_thing_is_behind() -> None:
    # Facing north (0), a thing at the right edge is north-east (+45, front-right). After
    # turning left 180 degrees the wearer faces south (-180): north-east is behind, on the
    # wearer's left (relative -135); a thing at the LEFT edge (north-west) is behind-right.
    right_edge = bearing_deg(0.0, _box_at_column(W - 1.0), W, FOV)
    left_edge = bearing_deg(0.0, _box_at_column(0.0), W, FOV)
    assert direction(right_edge, -180.0) == "behind-left"
    assert direction(left_edge, -180.0) == "behind-right"
    # The bearing is world-fixed: the same answer with the heading unwrapped the other way.
    assert direction(left_edge, 180.0) == "behind-right"
    # Something straight ahead is behind after a half turn either way; after turning left
    # 135 degrees the right-edge thing is straight behind.
    assert direction(0.0, -180.0) == "behind"
    assert direction(right_edge, -135.0) == "behind"
    # A quarter turn left puts what was ahead on the right.
    assert direction(0.0, -90.0) == "right"


@pytest.mark.parametrize(
    ("rel", "name"),
    [
        (0.0, "front"),
        (22.49, "front"),
        (22.5, "front-right"),
        (-22.5, "front"),
        (-22.51, "front-left"),
        (45.0, "front-right"),
        (67.5, "right"),
        (90.0, "right"),
        (135.0, "behind-right"),
        (157.5, "behind"),
        (180.0, "behind"),
        (-180.0, "behind"),
        (-157.5, "behind-left"),
        (-157.51, "behind"),
        (-135.0, "behind-left"),
        (-90.0, "left"),
        (-45.0, "front-left"),
        (360.0 + 90.0, "right"),
    ],
)
def test_sector_boundaries(rel: float, name: str) -> None:
    assert sector(rel) == name


def test_sector_centres_round_trip() -> None:
    for name, centre in SECTOR_CENTRES.items():
        assert sector(centre) == name


def test_relative_uses_unwrapped_heading() -> None:
    assert relative_deg(10.0, 370.0) == pytest.approx(0.0)
    assert relative_deg(-170.0, 170.0) == pytest.approx(20.0)


def test_column_at_inverts_egocentric() -> None:
    for ego in (-40.0, -10.0, 0.0, 5.0, 44.0):
        assert egocentric_deg(column_at(ego, W, FOV), W, FOV) == pytest.approx(ego)


def test_angles_on_the_circle() -> None:
    assert angular_distance(170.0, -170.0) == pytest.approx(20.0)
    assert circular_mean([170.0, -170.0]) == pytest.approx(180.0)
    assert blend_bearing(170.0, -170.0, 0.5) == pytest.approx(180.0)
    assert blend_bearing(0.0, 100.0, 0.3) == pytest.approx(30.0)


def test_distance_proxy_lower_is_nearer() -> None:
    near = distance_proxy(_box_at_column(300.0, y2=470.0), H)
    mid = distance_proxy(_box_at_column(300.0, y2=360.0), H)
    far = distance_proxy(_box_at_column(300.0, y2=240.0), H)
    assert 0.0 <= near < mid < far <= 1.0
    assert far == pytest.approx(1.0)
    # Above the horizon is still "far", never out of range.
    assert distance_proxy(_box_at_column(300.0, y2=50.0), H) == 1.0


def test_distance_proxy_uses_typical_size_when_known() -> None:
    small = distance_proxy(_box_at_column(300.0, y2=400.0, h=40.0), H, "worker")
    tall = distance_proxy(_box_at_column(300.0, y2=400.0, h=400.0), H, "worker")
    assert tall < small
    assert 0.0 <= tall <= small <= 1.0


def test_in_view_and_sweep() -> None:
    assert in_view(40.0, 0.0, FOV)
    assert not in_view(40.0, 0.0, FOV, margin_deg=6.0)
    assert not in_view(100.0, 0.0, FOV)
    assert swept_in_view(100.0, 0.0, 90.0, FOV)
    assert not swept_in_view(-100.0, 0.0, 90.0, FOV)
    assert swept_in_view(180.0, 170.0, 200.0, FOV)
    assert swept_in_view(5.0, 0.0, 400.0, FOV)


def test_iou() -> None:
    assert iou((0, 0, 10, 10), (0, 0, 10, 10)) == pytest.approx(1.0)
    assert iou((0, 0, 10, 10), (20, 0, 30, 10)) == 0.0
    assert iou((0, 0, 10, 10), (5, 0, 15, 10)) == pytest.approx(1 / 3)


def test_confidence_decays_and_floors() -> None:
    assert confidence_at(10.0, 10.0) == 1.0
    assert confidence_at(10.0, 20.0) == pytest.approx(0.85)
    assert confidence_at(10.0, 200.0) == 0.0


def test_depth_gap_from_a_standing_person_s_height_and_a_ground_row() -> None:
    from spotter.world.geometry import depth_gap_m, pixels_per_radian

    scale = pixels_per_radian(800, 74.0)  # pinhole: the focal length, 531 px
    assert scale == pytest.approx(530.9, abs=0.5)
    assert pixels_per_radian(800, 120.0, "fisheye") == pytest.approx(400 / (math.pi / 3))
    # 80 px tall: 11.6 m off; the horizon at their head (row 118); a row at 238: 7.5 m off -> 4.1 m beyond it
    gap = depth_gap_m((120.0, 200.0), 238.0, scale)
    assert gap == pytest.approx(530.9 * 1.75 / 80 - 530.9 * 1.7 / (238.0 - (200.0 - 80 * 1.7 / 1.75)), abs=0.01)
    assert 3.5 < gap < 4.5
    assert depth_gap_m((120.0, 200.0), 110.0, scale) is None  # a row above the horizon: no ground distance
