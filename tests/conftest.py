"""Suite-wide settings: property tests judge behaviour, never the speed of a busy CI machine."""

from hypothesis import HealthCheck, settings

settings.register_profile(
    "pbmkit",
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.load_profile("pbmkit")
