"""Two-Ten-Jack, the Japanese 53-card trick game with hearts as fixed trump, for 2 to 6 players."""
