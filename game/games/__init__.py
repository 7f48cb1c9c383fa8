"""One package per card tradition: its cards, rules, computer players, setup, score sheet and scenes.
`game.registry` lists them; nothing else needs to know which games exist."""
