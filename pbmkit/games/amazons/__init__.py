"""Amazons: the whole game is :mod:`pbmkit.games.amazons.game` (``docs/amazons.md``)."""
