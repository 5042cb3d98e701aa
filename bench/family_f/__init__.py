"""Family F: independent synthetic head-camera scenarios (interior fit-out, solar farm, bridge deck).

Written 2026-12-01 from Spotter's external contract only.  See README.md.
"""
