"""``python -m pbmkit``: the same command line as ``pbmkit``."""

from pbmkit.cli import main

if __name__ == "__main__":
    main()
