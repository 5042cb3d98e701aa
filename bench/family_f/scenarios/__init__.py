"""Scenario scripts."""
