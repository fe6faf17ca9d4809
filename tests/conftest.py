"""Shared test set-up.  This file's folder is put on sys.path by pytest, so
tests import the oracle as ``from reference import oracle``."""

from __future__ import annotations

import os

from hypothesis import settings

# "ci" (default): the same examples on every run; "dev": fresh random ones.
settings.register_profile("ci", derandomize=True, print_blob=True)
settings.register_profile("dev", print_blob=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))
