"""numpy probe behind bench/irt.ts (run: flock /tmp/evalsift-heavy.lock /usr/bin/python3 bench/_irt_probe.py [STEP]).

Prototype of the issue-5 protocol on every STEP-th temporal split (default 8), 3 seeds for the
random subsets, used to choose what to implement in TypeScript; bench/irt.ts gives the numbers of
record on all splits. Prints:
1. Consist-Strat + p-IRT (2PL joint MAP of scripts/fixtures/irt.py fitted on the history before the
   split, and the look-ahead fit on every run);
2. why maximum-information item choice is biased: a fixed subset chosen greedily to minimise
   sum_t g(theta_t)^2 / (I_S(theta_t) + 1/4) (g = d rate / d theta, theta_t the training runs'
   abilities), scored by p-IRT with the history fit, the look-ahead fit (EAP and MAP), the mean
   residual y - P(theta_full) of the test runs on the chosen items and on all items under the
   look-ahead fit, and the chosen items' mean discrimination relative to all items;
3. forward stepwise subsets + ridge rate regression (the method of stepwiseSubset /
   fitRateRegression) over a grid of penalties, with leave-one-out and 5-fold-CV interval coverage.
Reads ../shared/data in place (never copied).
"""
import csv
import itertools
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "scripts", "fixtures"))
from irt import fit  # noqa: E402

D = os.path.join(os.path.dirname(__file__), "..", "..", "shared", "data")
K, W = 50, 3
STEP = int(sys.argv[1]) if len(sys.argv) > 1 else 8

mini, mdate = {}, {}
for r in csv.DictReader(open(os.path.join(D, "swebench_verified_mini_swe_agent_per_instance.csv"))):
    mini.setdefault(r["submission"], {})[r["instance_id"]] = int(r["resolved"])
    mdate[r["submission"]] = r["date"]
runs = sorted(mini, key=lambda s: (mdate[s], s))
items = sorted(next(iter(mini.values())))
N = len(items)
ix = {it: i for i, it in enumerate(items)}
Y = np.array([[mini[s][it] for it in items] for s in runs], dtype=np.int8)
dates = [mdate[s] for s in runs]
hist, hdate = {}, {}
for r in csv.DictReader(open(os.path.join(D, "swebench_verified_outcomes.csv"))):
    hist.setdefault(r["submission"], np.zeros(N, np.int8))[ix[r["instance_id"]]] = int(r["resolved"])
    hdate[r["submission"]] = r["date"]
pruns = list(hist)
pd = [hdate[s] for s in pruns]
PY = [hist[s] for s in pruns]
for s in runs:
    if s not in hist:
        pruns.append(s)
        pd.append(mdate[s])
        PY.append(Y[runs.index(s)])
PY = np.array(PY)
m2p = np.array([pruns.index(s) for s in runs])
R = len(runs)
full = Y.mean(1)
splits = [(tr, list(range(tr[-1] + 1, R))) for tr in itertools.combinations(range(R), W) if tr[-1] < R - 1]


def hist_runs(tr, ft):
    test = set(runs[ft:])
    s = {p for p in range(len(pruns)) if pd[p] < dates[ft] and pruns[p] not in test}
    return sorted(s | {m2p[r] for r in tr})


G = np.linspace(-8, 8, 161)
PRIOR = -0.5 * (G / 2) ** 2


def grid_p(a, b):
    return 1 / (1 + np.exp(-a[None, :] * (G[:, None] - b[None, :])))


def pirt_eap(a, b, S, ys):
    pg = grid_p(a, b)
    ll = ys @ np.log(pg[:, S]).T + (1 - ys) @ np.log1p(-pg[:, S]).T + PRIOR[None, :]
    w = np.exp(ll - ll.max(1, keepdims=True))
    w /= w.sum(1, keepdims=True)
    mask = np.ones(N, bool)
    mask[S] = False
    return (ys.sum(1) + w @ pg[:, mask].sum(1)) / N


def pirt_map(a, b, S, ys):
    out = []
    mask = np.ones(N, bool)
    mask[S] = False
    for y in ys:
        t = 0.0
        for _ in range(100):
            p = 1 / (1 + np.exp(-a[S] * (t - b[S])))
            st = np.clip(((a[S] * (y - p)).sum() - t / 4) / ((a[S] ** 2 * p * (1 - p)).sum() + 0.25), -1, 1)
            t += st
            if abs(st) < 1e-10:
                break
        out.append((y.sum() + (1 / (1 + np.exp(-a[mask] * (t - b[mask])))).sum()) / N)
    return np.array(out)


def lr_alloc(sizes, k):
    q = sizes * k / sizes.sum()
    base = np.floor(q).astype(int)
    for j in np.lexsort((np.arange(len(q)), -(q - base)))[: k - base.sum()]:
        base[j] += 1
    return base


def cs_subset(tr, rng):
    c = Y[list(tr)].sum(0)
    labs = np.unique(c)
    al = lr_alloc(np.array([(c == v).sum() for v in labs]), K)
    return np.sort(np.concatenate([rng.choice(np.where(c == v)[0], m, replace=False) for v, m in zip(labs, al)]))


def info_subset(a, b, thetas, prior=0.25):
    pt = 1 / (1 + np.exp(-a[None, :] * (thetas[:, None] - b[None, :])))
    pq = pt * (1 - pt)
    g = (a[None, :] * pq).sum(1) / N
    inf = a[None, :] ** 2 * pq
    info = np.zeros(len(thetas))
    S, free = [], np.ones(N, bool)
    for _ in range(K):
        crit = ((g ** 2)[:, None] / (info[:, None] + prior + inf)).sum(0)
        crit[~free] = np.inf
        j = int(np.argmin(crit))
        S.append(j)
        free[j] = False
        info += inf[:, j]
    return np.sort(np.array(S))


def stepwise(H, k, lam):
    x = H.astype(float)
    q = x - x.mean(0)
    f = x.mean(1)
    e = f - f.mean()
    S = []
    for _ in range(k):
        nrm = (q ** 2).sum(0)
        crit = (q.T @ e) ** 2 / (nrm + lam)
        crit[S] = -1
        j = int(np.argmax(crit))
        S.append(j)
        if nrm[j] > 1e-12:
            u = q[:, j] / np.sqrt(nrm[j])
            e = e - u * (u @ e)
            q = q - np.outer(u, u @ q)
    return np.array(S)


def ridge(Hs, f, lam):
    mu, f0 = Hs.mean(0), f.mean()
    xc = Hs - mu
    A = np.linalg.inv(xc.T @ xc + lam * np.eye(Hs.shape[1]))
    beta = A @ xc.T @ (f - f0)
    h = 1 / len(f) + np.einsum("ij,jk,ik->i", xc, A, xc)
    return (lambda ys: np.clip((ys - mu) @ beta + f0, 0, 1)), float(np.mean(((f - f0 - xc @ beta) / (1 - h)) ** 2))


def cv_mse(H, f, lam, rl, folds=5):
    sq = []
    for fo in range(folds):
        trn = np.arange(len(f)) % folds != fo
        S = stepwise(H[trn], K, lam)
        pr, _ = ridge(H[trn][:, S], f[trn], rl)
        sq += list((pr(H[~trn][:, S]) - f[~trn]) ** 2)
    return float(np.mean(sq))


fits = {}
res = {}


def rec(name, err, cov=None):
    res.setdefault(name, []).append((np.sqrt(np.mean(err ** 2)), err, cov))


oa, ob, oth = (np.array(v) for v in (lambda f: (f["a"], f["b"], f["theta"]))(fit(PY, True)))
for si in range(0, len(splits), STEP):
    tr, te = splits[si]
    te = np.array(te)
    hk = tuple(hist_runs(tr, te[0]))
    if hk not in fits:
        f = fit(PY[list(hk)], True)
        fits[hk] = (np.array(f["a"]), np.array(f["b"]), np.array(f["theta"]))
    a, b, th = fits[hk]
    truth = full[te]
    H = PY[list(hk)].astype(float)
    hf = H.mean(1)
    for seed in range(3):
        S = cs_subset(tr, np.random.default_rng([si, seed]))
        ys = Y[np.ix_(te, S)].astype(float)
        rec("Consist-Strat + subset mean", ys.mean(1) - truth)
        rec("Consist-Strat + p-IRT 2PL/history", pirt_eap(a, b, S, ys) - truth)
        rec("Consist-Strat + p-IRT 2PL/all runs (look-ahead)", pirt_eap(oa, ob, S, ys) - truth)
    pos = {p: j for j, p in enumerate(hk)}
    S = info_subset(a, b, np.array([th[pos[m2p[r]]] for r in tr]))
    ys = Y[np.ix_(te, S)].astype(float)
    rec("max-info subset + p-IRT EAP, history fit", pirt_eap(a, b, S, ys) - truth)
    rec("max-info subset + p-IRT EAP, look-ahead fit", pirt_eap(oa, ob, S, ys) - truth)
    rec("max-info subset + p-IRT MAP, look-ahead fit", pirt_map(oa, ob, S, ys) - truth)
    pf = 1 / (1 + np.exp(-oa[None, :] * (oth[m2p[te]][:, None] - ob[None, :])))
    rec("  residual y - P(theta_full) on the max-info items", (ys - pf[:, S]).mean(1))
    rec("  residual y - P(theta_full) on all items", (Y[te] - pf).mean(1))
    rec("  mean a of the max-info items / mean a", np.array([a[S].mean() / a.mean()]))
    for lam in (2, 5, 10):
        S = stepwise(H, K, lam)
        pr, loo = ridge(H[:, S], hf, 20)
        est = pr(Y[np.ix_(te, S)].astype(float))
        cv = cv_mse(H, hf, lam, 20)
        rec(f"stepwise penalty {lam} + ridge 20 (LOO interval)", est - truth, np.abs(est - truth) <= 1.96 * np.sqrt(loo))
        rec(f"stepwise penalty {lam} + ridge 20 (CV interval)", est - truth, np.abs(est - truth) <= 1.96 * np.sqrt(cv))

print(f"every {STEP}th split ({len(range(0, len(splits), STEP))} of {len(splits)})")
for k, v in res.items():
    rm = np.mean([x[0] for x in v])
    e = np.concatenate([x[1] for x in v])
    c = [x[2] for x in v if x[2] is not None]
    cov = f"  coverage {np.concatenate(c).mean():.3f}" if c else ""
    label = "mean" if k.startswith("  ") else "RMSE"
    val = e.mean() if k.startswith("  ") else rm
    print(f"{k:55s} {label} {val:+.4f}  mean error {e.mean():+.4f}{cov}")
