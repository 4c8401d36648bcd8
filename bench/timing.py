"""bench/timing.py: the CPU benchmarks' timer (cpu_bench.py, cpu_gubench.py)."""
import time


def timed(fn, reps, warm):
    """fn() timed reps times after warm untimed calls: the median, the
    fastest and the slowest in ms (wall clock, time.perf_counter)."""
    for _ in range(warm):
        fn()
    ts = []
    for _ in range(reps):
        t0 = time.perf_counter()
        fn()
        ts.append((time.perf_counter() - t0) * 1e3)
    ts.sort()
    k = len(ts)
    med = ts[k // 2] if k % 2 else (ts[k // 2 - 1] + ts[k // 2]) / 2
    return {"ms": med, "min_ms": ts[0], "max_ms": ts[-1], "reps": reps}
