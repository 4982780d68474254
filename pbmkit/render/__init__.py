"""Drawing boards and printed forms: terminal text, SVG and PDF (the only layer using ReportLab)."""
