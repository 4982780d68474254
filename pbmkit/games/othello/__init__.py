"""Othello: the whole game is :mod:`pbmkit.games.othello.game` (``docs/othello.md``)."""
