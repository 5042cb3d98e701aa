"""A real Neo4j server (deploy/neo4j's embedded launcher) as a child process, via the official driver.

Needs java 17+ and the launcher jar: `bash deploy/neo4j/build.sh` (the fixture builds it when it
is missing, which takes minutes the first time; .ci/run builds it before the tests).
Startup, measured on the 2-core CI machine with build.sh's CDS archive: about 7 s from launch to
a verified Bolt handshake (about 15 s without the archive); stop: under 1 s.
"""

from __future__ import annotations

import socket
import time
from pathlib import Path

import pytest
from neo4j import GraphDatabase
from neo4j.exceptions import AuthError

from spotter.errors import SpotterError
from spotter.neo4j_server import Neo4jServerProcess

pytestmark = [pytest.mark.integration, pytest.mark.slow]


def _port_is_free(port: int) -> bool:
    """Whether a new server could listen there (servers set SO_REUSEADDR, so a closed
    connection's TIME_WAIT on the server side does not count as taken)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            sock.bind(("127.0.0.1", port))
        except OSError:
            return False
        return True


def _refuses_connections(port: int) -> bool:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.settimeout(1.0)
        return sock.connect_ex(("127.0.0.1", port)) != 0


def test_cypher_write_and_read_then_stop_releases_port(tmp_path: Path) -> None:
    server = Neo4jServerProcess(data_dir=tmp_path / "neo4j")
    assert not server.running  # the constructor does no I/O
    t0 = time.monotonic()
    with server:
        started_s = time.monotonic() - t0
        port = server.port
        assert server.uri == f"bolt://127.0.0.1:{port}"
        assert server.startup_s is not None and server.startup_s <= started_s
        print(f"neo4j started in {started_s:.1f}s (launch to Bolt handshake {server.startup_s:.1f}s)")

        with GraphDatabase.driver(server.uri, auth=server.auth) as driver:
            summary = driver.execute_query(
                "CREATE (:Zone {name: $name})-[:NEXT_TO {m: 3.5}]->(:Zone {name: $other})",
                name="loading dock",
                other="scaffold",
            ).summary
            assert summary.counters.nodes_created == 2
            assert summary.counters.relationships_created == 1

            records, _, _ = driver.execute_query(
                "MATCH (a:Zone)-[r:NEXT_TO]->(b:Zone) RETURN a.name AS a, r.m AS m, b.name AS b"
            )
            assert [(r["a"], r["m"], r["b"]) for r in records] == [("loading dock", 3.5, "scaffold")]

        assert (server.data_dir / "neo4j-launcher.log").read_text().count("READY bolt://") == 1

    assert not server.running
    assert _refuses_connections(port)
    assert _port_is_free(port)
    # A data dir the caller gave is kept: the stores were shut down cleanly into it.
    assert (tmp_path / "neo4j" / "data" / "databases" / "neo4j").is_dir()
    server.stop()  # a second stop is harmless


def test_password_auth_and_a_missing_jar_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(SpotterError, match="build.sh"):
        Neo4jServerProcess(jar=tmp_path / "nope.jar").start()

    with Neo4jServerProcess(password="s3cret-pw") as server:
        assert server.auth == ("neo4j", "s3cret-pw")
        with GraphDatabase.driver(server.uri, auth=server.auth) as driver:
            records, _, _ = driver.execute_query("RETURN 41 + 1 AS answer")
            assert records[0]["answer"] == 42
        with (
            GraphDatabase.driver(server.uri, auth=("neo4j", "wrong-password")) as driver,
            pytest.raises(AuthError),
        ):
            driver.verify_connectivity()
        data_dir = server.data_dir
    assert not data_dir.exists()  # a temporary data dir is removed by stop()
