"""Family G: independent long (20 min) synthetic head-worn-camera heading walks.

Deterministic generator of hard-hat-camera videos with exact ground-truth yaw,
written from the public contract only (see README.md).
"""
