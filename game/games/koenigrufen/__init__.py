"""Königrufen, Austrian tarock with the 54-card Industrie und Glück pack."""
