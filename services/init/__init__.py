"""One-shot init: creates Spotter's streams and consumer groups, then exits."""
