"""Correspondence events: pairings, letters, results and crosstables (docs/events.md)."""
