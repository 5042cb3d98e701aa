"""Family C: independent synthetic hardhat-camera scenarios with exact ground truth."""
