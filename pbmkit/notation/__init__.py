"""Game records as text: the Lark grammar, the record model, the replayer and the writers."""
