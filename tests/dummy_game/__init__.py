"""A fourth game for the tests, made the way a real one is added: a package and a registry entry (the
test registers `spec.SPEC`), to show that the menu, the journal, the replay tool and the arena need
nothing more."""
