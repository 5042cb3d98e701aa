"""Family E: independent head-camera scenarios with exact ground truth (see README.md)."""
