"""numpy reference timing for bench/irt.ts: reads {"runs", "items", "data", "k", "penalty", "ridge",
"reps"} as JSON on stdin, runs forward stepwise selection (Gram-Schmidt updates, vectorised over the
candidates) and the ridge fit with its leave-one-out error (hat-matrix identity), prints
{"ms": median wall time of `reps` calls after a warm-up call, "S": chosen items in pick order,
"looMse": value} as JSON."""
import json
import sys
import time

import numpy as np


def stepwise(y, k, penalty):
    x = y.astype(float)
    f = x.mean(1)
    q = x - x.mean(0)
    e = f - f.mean()
    chosen = []
    free = np.ones(x.shape[1], bool)
    for _ in range(k):
        nrm = (q ** 2).sum(0)
        den = nrm + penalty
        score = np.where(den > 0, (q.T @ e) ** 2 / np.where(den > 0, den, 1), 0.0)
        score[~free] = -np.inf
        j = int(np.argmax(score))
        chosen.append(j)
        free[j] = False
        if nrm[j] > 1e-12:
            u = q[:, j] / np.sqrt(nrm[j])
            e = e - u * (u @ e)
            q = q - np.outer(u, u @ q)
    return chosen


def ridge(y, s, lam):
    x = y.astype(float)
    f = x.mean(1)
    xs = x[:, s] - x[:, s].mean(0)
    fc = f - f.mean()
    a = np.linalg.inv(xs.T @ xs + lam * np.eye(len(s)))
    beta = a @ xs.T @ fc
    h = 1 / len(f) + np.einsum("ij,jk,ik->i", xs, a, xs)
    return beta, float(np.mean(((fc - xs @ beta) / (1 - h)) ** 2))


req = json.load(sys.stdin)
y = np.array(req["data"], dtype=np.int8).reshape(req["runs"], req["items"])
ridge(y, stepwise(y, req["k"], req["penalty"]), req["ridge"])  # warm-up, as for ours
times = []
for _ in range(req["reps"]):
    t = time.perf_counter()
    s = stepwise(y, req["k"], req["penalty"])
    beta, loo = ridge(y, s, req["ridge"])
    times.append((time.perf_counter() - t) * 1000)
print(json.dumps({"ms": float(np.median(times)), "S": s, "looMse": loo}))
