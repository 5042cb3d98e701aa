"""What only Neo4jGraphStore promises: its schema, graph shape and server-side rollback.

Here rather than in tests/integration so that it shares the contract suite's one Neo4j server
(conftest.py); a second server would add its startup to every test run.
"""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from neo4j import Driver

from spotter.graph import GraphStoreError, GraphWrite
from spotter.graph.neo4j import SCHEMA, Neo4jGraphStore
from spotter.neo4j_server import Neo4jServerProcess
from tests.contract.test_graph_store import CAM, clip, full_batch, obs, snapshot, snapshot_empty

pytestmark = [pytest.mark.integration]


@pytest.fixture
def store(neo4j_server: Neo4jServerProcess, neo4j_driver: Driver) -> Iterator[Neo4jGraphStore]:
    neo4j_driver.execute_query("MATCH (n) DETACH DELETE n")
    s = Neo4jGraphStore(neo4j_server.uri, neo4j_server.auth)
    s.init()
    yield s
    s.close()


def test_init_creates_every_constraint_and_index_online(store: Neo4jGraphStore, neo4j_driver: Driver) -> None:
    records, _, _ = neo4j_driver.execute_query("SHOW INDEXES YIELD name, state, type")
    found = {r["name"]: r["state"] for r in records}
    assert {name: found.get(name) for name in SCHEMA} == dict.fromkeys(SCHEMA, "ONLINE")
    constraints, _, _ = neo4j_driver.execute_query("SHOW CONSTRAINTS YIELD name")
    assert {r["name"] for r in constraints} >= {n for n, ddl in SCHEMA.items() if "CONSTRAINT" in ddl}


def test_the_graph_has_labelled_nodes_typed_relationships_and_about(store: Neo4jGraphStore, neo4j_driver: Driver) -> None:
    store.write(full_batch())
    labels, _, _ = neo4j_driver.execute_query(
        "MATCH (n:Node) RETURN n.id AS id, [l IN labels(n) WHERE l <> 'Node'] AS labels ORDER BY id"
    )
    by_id = {r["id"]: r["labels"] for r in labels}
    assert by_id[f"{CAM}/c0"] == ["Clip"] and by_id[f"{CAM}/e0"] == ["Entity"]
    assert by_id[f"{CAM}/c0/1"] == ["Observation"] and by_id[f"{CAM}/a0"] == ["Episode"]
    assert by_id[f"{CAM}/ev0"] == ["Event"]
    types, _, _ = neo4j_driver.execute_query("MATCH ()-[r]->() RETURN type(r) AS t, count(*) AS n ORDER BY t")
    assert {r["t"]: r["n"] for r in types} == {
        "ABOUT": 2, "CO_VISIBLE": 1, "IN_CLIP": 1, "IN_EPISODE": 1, "MEMBER_OF": 1, "NEXT": 1, "RELATION": 2,
    }  # fmt: skip
    about, _, _ = neo4j_driver.execute_query("MATCH (v:Event)-[:ABOUT]->(e:Entity) RETURN v.id AS v, e.id AS e")
    assert sorted((r["v"], r["e"]) for r in about) == [(f"{CAM}/ev0", f"{CAM}/e0"), (f"{CAM}/ev1", f"{CAM}/e1")]
    props, _, _ = neo4j_driver.execute_query(  # two observations: without an order either may come first
        "MATCH (o:Observation) RETURN o.attributes AS a, o.boxes AS b ORDER BY o.id"
    )
    assert json.loads(props[0]["a"])["vest"] == "orange" and len(json.loads(props[0]["b"])) == 1


def test_a_server_side_failure_rolls_back_the_whole_batch(store: Neo4jGraphStore) -> None:
    """Ids share one namespace: an observation reusing a clip's id breaks the Clip key constraint
    on the server, in the middle of the batch's statement; nothing of the batch may remain."""
    batch = full_batch()
    clash = obs(0, 9).model_copy(update={"observation_id": f"{CAM}/c1", "clip_id": f"{CAM}/c0"})
    batch.observations.append(clash)
    with pytest.raises(GraphStoreError, match="ConstraintValidationFailed|already exists"):
        store.write(batch)
    assert snapshot(store) == snapshot_empty()
    store.write(GraphWrite(clips=[clip(0)]))  # the store (and its connection pool) still works
    assert len(store.clips(CAM)) == 1
