"""Shared helpers, the bottom layer: what every other layer needs and none may write again.

``pbmkit.common.errors``: the root of pbmkit's errors, :class:`PbmkitError`; ``pbmkit.common.files``:
the atomic write and the folder lock; ``pbmkit.common.text``: the terminal escaping of text from
other people (``printable``); ``pbmkit.common.config``: the settings files (mail.toml, club.toml,
config.toml) read and their tables checked. This package imports nothing else of pbmkit
(tests/test_layers.py).
"""
