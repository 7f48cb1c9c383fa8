"""The public rules API of each game (`game.rules.<game>`, as docs/rules documents it), and the refusal every
rules engine raises (`errors`)."""
