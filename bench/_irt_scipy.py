"""Times the scipy reference fit of bench/irt.ts: reads {"runs", "items", "data", "model", "reps"}
as JSON on stdin and fits the joint MAP objective of fitIrt with L-BFGS-B (scripts/fixtures/irt.py,
analytic gradient, x0 = 0), twice:

- "tight": the fixture's options, maxiter 20000, gtol 1e-10, ftol 1e-15, so that scipy reaches the
  same log posterior as fitIrt's default tol (1e-6) to about 1e-6;
- "default": scipy's own L-BFGS-B defaults (gtol 1e-5, ftol 2.22e-9, maxiter 15000), what a scipy
  user gets without options; it stops a little short of the optimum.

Each is timed as the median of `reps` calls after a warm-up call. Prints
{"scipy": version, "tight": {...}, "default": {...}} with ms, logPosterior, nit and gradNorm.
"""
import json
import os
import sys
import time

import numpy as np
import scipy
from scipy import optimize

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "scripts", "fixtures"))
import irt  # noqa: E402

TIGHT = {"maxiter": 20000, "gtol": 1e-10, "ftol": 1e-15}  # what scripts/fixtures/irt.py passes
_minimize = optimize.minimize
_last = {}


def _with_options(options):
    """optimize.minimize as irt.fit calls it, with `options` (None: scipy's defaults) and nit recorded."""

    def minimize(f, x0, **kw):
        kw.pop("options", None)
        if options is not None:
            kw["options"] = options
        res = _minimize(f, x0, **kw)
        _last["nit"] = int(res.nit)
        return res

    return minimize


req = json.load(sys.stdin)
y = np.array(req["data"], dtype=int).reshape(req["runs"], req["items"])
out = {"scipy": scipy.__version__}
for name, options in (("tight", TIGHT), ("default", None)):
    # irt.fit hard-codes the tight options; swap in the ones under test for this block only
    irt.optimize.minimize = _with_options(options)
    try:
        irt.fit(y, req["model"] == "2pl")  # warm-up
        times = []
        res = None
        for _ in range(req["reps"]):
            t = time.perf_counter()
            res = irt.fit(y, req["model"] == "2pl")
            times.append((time.perf_counter() - t) * 1000)
    finally:
        irt.optimize.minimize = _minimize
    out[name] = {
        "ms": float(np.median(times)),
        "logPosterior": res["logPosterior"],
        "nit": _last["nit"],
        "gradNorm": res["gradNorm"],
    }
print(json.dumps(out))
