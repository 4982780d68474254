"""The tests' helpers: servers, a browser, builders and readers the test modules share.

Nothing here is a test and pytest does not collect this folder (tests/conftest.py,
``collect_ignore``); test modules import from it as ``tests.support.NAME``.
"""
