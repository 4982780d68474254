"""The drawing model and its backends (SVG, PDF canvas, PNG, raster, terminal text, fonts), and the
printed forms drawn with them (with the PDF canvas, the only layer using ReportLab); web pages are
:mod:`pbmkit.web`'s."""
