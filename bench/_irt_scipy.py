"""Times the scipy reference fit of bench/irt.ts: reads {"runs", "items", "data", "model", "reps"}
as JSON on stdin, fits the joint MAP objective of fitIrt with L-BFGS-B (scripts/fixtures/irt.py),
prints {"ms": median wall time, "logPosterior": value} as JSON."""
import json
import os
import sys
import time

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "scripts", "fixtures"))
from irt import fit  # noqa: E402

req = json.load(sys.stdin)
y = np.array(req["data"], dtype=int).reshape(req["runs"], req["items"])
times = []
res = None
for _ in range(req["reps"]):
    t = time.perf_counter()
    res = fit(y, req["model"] == "2pl")
    times.append((time.perf_counter() - t) * 1000)
print(json.dumps({"ms": float(np.median(times)), "logPosterior": res["logPosterior"]}))
