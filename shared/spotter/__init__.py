"""Spotter: a streaming, proactive memory for hardhat cameras."""

import os

# Spotter runs its stages as threads of one process (embedded mode) or as small containers, so
# the cores are already shared out; OpenBLAS's own thread pool on top oversubscribes them. Next to
# a fast replay on 2 cores, a query embedding (~20 ms alone) took over 0.5 s with the default
# pool and ~20 ms with one thread, so the reasoner's temporal pathway timed out. One BLAS thread
# unless the environment says otherwise (it must be set before numpy is first imported).
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

__version__ = "0.1.0"
