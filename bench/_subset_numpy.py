"""numpy reference for bench/subset.ts: the temporal subset evaluation of the
issue (runs sorted by date, W = 3, 50 of 500, Random / Diff-Strat /
Consist-Strat with proportional largest-remainder allocation), timed. The
protocol itself is scripts/fixtures/subset_protocol.py, the one the
reference numbers in test/fixtures/subset.json come from.

    /usr/bin/python3 bench/_subset_numpy.py CSV SEEDS

Prints one JSON line: seconds, and RMSE per method.
"""

import json
import os
import sys
import time

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "scripts", "fixtures"))
from subset_protocol import evaluate, load_outcomes  # noqa: E402

path, seeds = sys.argv[1], int(sys.argv[2])
Y = load_outcomes(path)
t0 = time.perf_counter()
res, _, _ = evaluate(Y, 3, 50, seeds, np.random.default_rng(0))
secs = time.perf_counter() - t0
print(json.dumps({"seconds": secs, "rmse": {m: float(np.mean(v)) for m, v in res.items()}}))
