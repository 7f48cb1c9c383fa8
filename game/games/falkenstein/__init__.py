"""Château Falkenstein: the role-playing game's card resolution, a session of challenges, the table."""
