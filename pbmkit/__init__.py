"""pbmkit: play-by-mail and notation toolkit for Batalo and its family of abstract board games."""

__version__ = "0.1.0"
