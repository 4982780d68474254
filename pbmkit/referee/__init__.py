"""The club's referee: pbmkit runs many players' games by e-mail (docs/referee.md)."""
