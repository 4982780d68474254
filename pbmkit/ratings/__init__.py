"""Rating lists from finished games (docs/events.md, "Ratings")."""
