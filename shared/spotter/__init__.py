"""Spotter: a streaming, proactive memory for hardhat cameras."""

__version__ = "0.1.0"
