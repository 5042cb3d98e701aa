"""EgoServe-style scoring of proactive alerts, and the suite's true windows from the scenario script."""

from __future__ import annotations

import pytest

from spotter.messages import Alert
from spotter.synth.proactive import (
    SuiteParams,
    TrueService,
    Zone,
    exclusion_zone,
    score_alerts,
    silent_baseline,
    true_services,
)
from spotter.synth.scenario import SCENARIOS, build_scenario


def test_a_prediction_matches_a_window_of_its_category_widened_by_delta() -> None:
    truth = [TrueService("ppe_violation", 100.0, 120.0)]
    assert (
        score_alerts([{"t": 95.0, "category": "ppe_violation"}], truth, 10.0, 600.0)
        .per_category["ppe_violation"]
        .tp
        == 1
    )
    assert (
        score_alerts([{"t": 130.0, "category": "ppe_violation"}], truth, 10.0, 600.0)
        .per_category["ppe_violation"]
        .tp
        == 1
    )
    late = score_alerts([{"t": 130.1, "category": "ppe_violation"}], truth, 10.0, 600.0)
    assert late.per_category["ppe_violation"].tp == 0 and late.false_alerts == 1
    assert score_alerts([{"t": 95.0, "category": "ppe_violation"}], truth, 0.0, 600.0).false_alerts == 1


def test_other_categories_do_not_match() -> None:
    truth = [TrueService("idle", 100.0, 120.0)]
    s = score_alerts([{"t": 110.0, "category": "progress"}], truth, 10.0, 600.0)
    assert s.per_category["idle"].recall == 0.0 and s.per_category["idle"].f1 == 0.0
    assert s.per_category["progress"].precision == 0.0 and s.per_category["progress"].recall is None
    assert s.macro_f1 == 0.0 and s.false_alerts == 1


def test_each_true_service_matches_once_and_duplicates_are_false_alerts() -> None:
    truth = [TrueService("left_behind", 100.0, 140.0)]
    preds = [{"t": 110.0, "category": "left_behind"}, {"t": 120.0, "category": "left_behind"}]
    s = score_alerts(preds, truth, 10.0, 120.0)
    cs = s.per_category["left_behind"]
    assert (cs.tp, cs.n_pred, cs.precision, cs.recall) == (1, 2, 0.5, 1.0)
    assert cs.f1 == pytest.approx(2 / 3)
    assert s.false_alerts == 1 and s.false_alerts_per_min == pytest.approx(0.5)


def test_greedy_matching_takes_the_window_that_closes_first() -> None:
    # Prediction 1 fits both windows; taking the long one would leave prediction 2 unmatched.
    truth = [TrueService("idle", 0.0, 100.0), TrueService("idle", 40.0, 50.0)]
    preds = [{"t": 45.0, "category": "idle"}, {"t": 90.0, "category": "idle"}]
    s = score_alerts(preds, truth, 0.0, 600.0)
    assert s.per_category["idle"].tp == 2 and s.per_category["idle"].f1 == 1.0


def test_macro_averages_categories_with_truth_or_predictions_and_accepts_alerts() -> None:
    truth = [TrueService("idle", 100.0, 120.0), TrueService("progress", 200.0, 220.0)]
    alert = Alert(alert_id="a1", camera_id="c", t=110.0, category="idle", message="idle")
    s = score_alerts([alert], truth, 10.0, 600.0)
    assert set(s.per_category) == {"idle", "progress"}
    assert s.macro_f1 == pytest.approx(0.5)
    assert score_alerts([], [], 10.0, 600.0).macro_f1 is None


def test_silent_baseline_scores_zero() -> None:
    truth = [TrueService("idle", 100.0, 120.0), TrueService("ppe_violation", 5.0, 50.0)]
    s = score_alerts(silent_baseline(truth), truth, 10.0, 600.0)
    assert s.macro_f1 == 0.0 and s.false_alerts_per_min == 0.0
    assert all(cs.f1 == 0.0 for cs in s.per_category.values())


def test_zone_contains_wraps_through_behind() -> None:
    z = Zone(170.0, -170.0)
    assert z.contains(175.0) and z.contains(-175.0) and z.contains(180.0)
    assert not z.contains(0.0) and not z.contains(160.0)


@pytest.mark.parametrize("name", SCENARIOS)
def test_true_services_follow_the_script(name: str) -> None:
    scn = build_scenario(name, 0, None)
    params = SuiteParams()
    truth = true_services(scn, params)
    by = {c: [s for s in truth if s.category == c] for c in {s.category for s in truth}}
    # the worker without a hard hat: one service over his stay
    (ppe,) = by["ppe_violation"]
    assert ppe.subject == scn.facts["ppe_worker"] and ppe.t0 == pytest.approx(scn.facts["ppe_arrive"])
    # no zone by default (no excavation here); a site that configures one on the visit spot gets it
    assert "exclusion_zone" not in by
    zoned = SuiteParams(site_zone=True)
    zone = exclusion_zone(scn, zoned)
    assert zone.contains(scn.facts["visit_spot"]["bearing"])
    (ez,) = [s for s in true_services(scn, zoned) if s.category == "exclusion_zone"]
    assert ez.t0 < scn.facts["visit_spot"]["t0"] < scn.facts["visit_spot"]["t1"] < ez.t1
    # the drill is left where it was dropped (without the wearer's view every moment counts as unseen)
    (lb,) = by["left_behind"]
    assert lb.subject == "drill_1" and lb.t0 >= scn.facts["drill_drop"]["t"] + params.left_behind_timeout_s
    # idle: the scripted breaks last 20-40 s, under the default 60 s; a site with a 20 s threshold gets them
    assert "idle" not in by
    idle = [s for s in true_services(scn, SuiteParams(idle_threshold_s=20.0)) if s.category == "idle"]
    assert idle and all(s.t1 > s.t0 and s.t1 <= scn.duration_s for s in idle)
    assert ("progress" in by) == bool(scn.brick_times)
    assert "memory_recall" not in by and "safety_alert" not in by
