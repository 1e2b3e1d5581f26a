"""The serving process's own machinery (issue 13 §5): how messages are written, and the garbage collector's
schedule that keeps full collections out of play, and its GIL switch interval."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from outlast.server.protocol import encode

SRC = Path(__file__).resolve().parents[2] / "src"


def test_encode_writes_the_json_the_standard_library_reads_back() -> None:
    msg = {"type": "state", "version": 3, "view": {"board": [{"cell": "A1", "lava": True}], "hand": (1, 2)},
           "legal": ["move A1", "pass"], "score": 1.5, "name": "Zoë ✓", "none": None}
    assert json.loads(encode(msg)) == json.loads(json.dumps(msg))
    assert isinstance(encode(msg), str)


def test_encode_falls_back_for_what_orjson_refuses() -> None:
    big = {"seed": 2 ** 70, "keys": {1: "one"}}
    assert json.loads(encode(big)) == {"seed": 2 ** 70, "keys": {"1": "one"}}


def test_a_serving_process_switches_threads_often_and_collects_cycles_on_its_clock() -> None:
    script = """
import gc, time, weakref
import sys
from outlast.server import SWITCH_INTERVAL, tune_process
tune_process(every=0.05)
assert sys.getswitchinterval() == SWITCH_INTERVAL < 0.005, sys.getswitchinterval()
assert gc.get_freeze_count() > 10_000, gc.get_freeze_count()
assert gc.get_threshold()[2] == 1 << 30
class Ring:
    pass
a, b = Ring(), Ring()
a.other, b.other = b, a
gone = weakref.ref(a)
for _ in range(3):  # old enough to leave the young generations, where only the full pass finds it
    gc.collect(1)
del a, b
gc.collect(1)
assert gone() is not None, "a young collection freed it: the test proves nothing"
time.sleep(0.5)
assert gone() is None, "the clock's full collection did not free the ring"
print("ok")
"""
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120,
                          env={"PYTHONPATH": str(SRC), "PATH": "/usr/bin:/bin"})
    assert done.returncode == 0 and done.stdout.strip() == "ok", done.stderr[-2000:]
