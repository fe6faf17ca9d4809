"""Start-up bench (issue 13 part 6) as a test: fresh processes, few runs.

    python -m pytest bench/test_bench_startup.py -q

The figures themselves: ``python bench/startup.py --runs 15`` (README).
"""

from __future__ import annotations

import startup


def test_startup_rows_and_the_table_file_wins() -> None:
    result = startup.measure(3, ["file", "built"])
    assert set(result) == {"python", "file", "built"}
    for rows in (result["file"], result["built"]):
        assert set(rows) == {*startup.CALLS, "botzone-bot"}
    for call in startup.CALLS:
        # mapping the shipped tables, not building them: the first call alone
        # drops from ~0.2 s to well under a millisecond
        assert result["file"][call]["call"] * 20 < result["built"][call]["call"], call
    assert "botzone-bot" in startup.report(result, 3)
