"""numpy reference for bench/subset.ts: the temporal subset evaluation of the
issue (runs sorted by date, W = 3, 50 of 500, Random / Diff-Strat /
Consist-Strat with proportional largest-remainder allocation), timed.

    /usr/bin/python3 bench/_subset_numpy.py CSV SEEDS

Prints one JSON line: seconds, and RMSE per method.
"""

import csv
import itertools
import json
import sys
import time

import numpy as np

path, seeds = sys.argv[1], int(sys.argv[2])
rows = list(csv.DictReader(open(path)))
subs = sorted(set((r["date"], r["submission"]) for r in rows))
items = sorted(set(r["instance_id"] for r in rows))
ii = {x: i for i, x in enumerate(items)}
si = {s[1]: j for j, s in enumerate(subs)}
Y = np.zeros((len(subs), len(items)), dtype=np.int8)
for r in rows:
    Y[si[r["submission"]], ii[r["instance_id"]]] = int(r["resolved"])
R, N = Y.shape
W, k = 3, 50
full = Y.mean(1)
g = np.random.default_rng(0)


def lr(sizes):
    q = k * sizes / sizes.sum()
    f = np.floor(q).astype(int)
    f[np.argsort(-(q - f), kind="stable")[: k - f.sum()]] += 1
    return f


def strat(labels):
    labs = np.unique(labels)
    groups = [np.where(labels == h)[0] for h in labs]
    alloc = lr(np.array([len(x) for x in groups], float))
    return np.concatenate([g.choice(x, a, replace=False) for x, a in zip(groups, alloc)])


t0 = time.perf_counter()
res = {"Random": [], "Diff-Strat": [], "Consist-Strat": []}
for c in itertools.combinations(range(R), W):
    if c[-1] == R - 1:
        continue
    pc = Y[list(c)].sum(0)
    test = np.arange(c[-1] + 1, R)
    for m in res:
        for s in range(seeds):
            if m == "Random":
                S = g.choice(N, k, replace=False)
            elif m == "Diff-Strat":
                S = strat((pc * 2 > W).astype(int))
            else:
                S = strat(pc)
            e = Y[test][:, S].mean(1) - full[test]
            res[m].append(np.sqrt(np.mean(e**2)))
secs = time.perf_counter() - t0
print(json.dumps({"seconds": secs, "rmse": {m: float(np.mean(v)) for m, v in res.items()}}))
