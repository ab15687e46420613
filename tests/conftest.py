"""Every hypothesis test is derandomized: the same examples on every run, so a test passes
or fails on the code alone, never on the examples a run happened to draw (a test module's
own ``settings(...)`` inherits this)."""

from hypothesis import settings

settings.register_profile("cardavia", derandomize=True)
settings.load_profile("cardavia")
