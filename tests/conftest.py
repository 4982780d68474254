"""Suite-wide settings: property tests judge behaviour, never the speed of a busy CI machine.

The default profile is derandomized: every run (and CI) tries the same examples, so a run is
reproducible. `pytest --hypothesis-profile=explore` draws new examples each run, to hunt for
bugs (the fuzz runs that found the reader's last two disagreements with Lark).
"""

from hypothesis import HealthCheck, settings

settings.register_profile(
    "pbmkit",
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.register_profile(
    "explore",
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.load_profile("pbmkit")
