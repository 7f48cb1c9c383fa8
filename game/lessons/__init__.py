"""Guided first deals: lessons written as data (`game/lessons/*.json`), checked and replayed when loaded."""
