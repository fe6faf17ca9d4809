"""Shared test set-up.  This file's folder is put on sys.path by pytest, so
tests import the oracle as ``from reference import oracle``."""

from __future__ import annotations

import os

from hypothesis import settings

# "ci" (default): the same examples on every run; "dev": fresh random ones.
# No deadline in either: a test asserts outcomes, never a wall-clock time
# (hypothesis's 200 ms deadline failed slow but correct examples on a
# loaded machine); speed is measured in bench/.
settings.register_profile("ci", derandomize=True, print_blob=True, deadline=None)
settings.register_profile("dev", print_blob=True, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))
