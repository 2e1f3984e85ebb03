"""numpy reference for bench/subset.ts: the temporal subset evaluation of the
issue (runs sorted by date, W = 3, 50 of 500, Random / Diff-Strat /
Consist-Strat with proportional largest-remainder allocation), vectorised over
seeds and timed.

It runs the protocol of scripts/fixtures/subset_protocol.py (the one the
reference numbers in test/fixtures/subset.json come from) with the same
splits, strata and allocation, but draws all seeds of a split at once: the
strata of a split are built once, each stratum's k_h-subsets for every seed
come from one argpartition of uniform keys (a uniform k_h-subset, the same law
as g.choice(x, k_h, replace=False)), and the errors of all seeds come from one
(test runs x N) @ (N x seeds) product. The fixture's per-seed Python loop is
about 6x slower and is not what a numpy user would time.

    /usr/bin/python3 bench/_subset_numpy.py CSV SEEDS [REPS]

Times one warm-up call (10 seeds) and then REPS (default 3) full calls, and
prints one JSON line: the median seconds, every repetition's seconds, and per
method the mean RMSE and its standard error over seeds (sd of the per-seed
mean RMSE / sqrt(SEEDS)).
"""

import itertools
import json
import os
import sys
import time

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "scripts", "fixtures"))
from subset_protocol import METHODS, largest_remainder, load_outcomes  # noqa: E402


def evaluate_vectorised(Y, W, k, seeds, g):
    """Per method, a seeds x splits array of per-split RMSEs."""
    R, N = Y.shape
    Yf = Y.astype(np.float64)
    full = Yf.mean(1)
    splits = [c for c in itertools.combinations(range(R), W) if c[-1] < R - 1]
    rows = np.arange(seeds)[:, None]
    everything = [np.arange(N)]
    alloc_all = np.array([k])

    def masks(groups, alloc):
        """seeds x N 0/1 matrix: row s is seed s's subset."""
        M = np.zeros((seeds, N))
        for x, a in zip(groups, alloc):
            if a == 0:
                continue
            if a == len(x):
                M[:, x] = 1.0
                continue
            pick = np.argpartition(g.random((seeds, len(x))), a - 1, axis=1)[:, :a]
            M[rows, x[pick]] = 1.0
        return M

    def strata(labels):
        groups = [np.flatnonzero(labels == h) for h in np.unique(labels)]
        return groups, largest_remainder(np.array([len(x) for x in groups], float), k)

    out = {m: np.empty((seeds, len(splits))) for m in METHODS}
    for j, c in enumerate(splits):
        pc = Y[list(c)].sum(0)
        T = Yf[c[-1] + 1 :]
        ft = full[c[-1] + 1 :]
        plans = {
            "Random": (everything, alloc_all),
            "Diff-Strat": strata((pc * 2 > W).astype(int)),
            "Consist-Strat": strata(pc),
        }
        for m in METHODS:
            e = (T @ masks(*plans[m]).T) / k - ft[:, None]  # test runs x seeds
            out[m][:, j] = np.sqrt((e**2).mean(0))
    return out


if __name__ == "__main__":
    path, seeds = sys.argv[1], int(sys.argv[2])
    reps = int(sys.argv[3]) if len(sys.argv) > 3 else 3
    Y = load_outcomes(path)
    evaluate_vectorised(Y, 3, 50, min(seeds, 10), np.random.default_rng(1))  # warm-up
    times = []
    for r in range(reps):
        t0 = time.perf_counter()
        res = evaluate_vectorised(Y, 3, 50, seeds, np.random.default_rng(r))
        times.append(time.perf_counter() - t0)
    per_seed = {m: v.mean(1) for m, v in res.items()}
    print(
        json.dumps(
            {
                "seconds": float(np.median(times)),
                "times": times,
                "numpy": np.__version__,
                "rmse": {m: float(v.mean()) for m, v in per_seed.items()},
                "se": {m: float(v.std(ddof=1) / np.sqrt(len(v))) for m, v in per_seed.items()},
            }
        )
    )
