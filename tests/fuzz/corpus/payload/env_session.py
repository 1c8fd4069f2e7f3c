import os

import triton.profiler as proton  # isort: skip  # noqa: I001
import triton.profiler.language as pl  # isort: skip  # noqa: I001

import torch

_ENV = "AORTA_PROTON_"
NAME = os.environ.get(f"{_ENV}NAME") or "default"
CONTEXT = os.environ.get(_ENV + "CONTEXT", "shadow")
DATA = os.environ.get("%sDATA" % _ENV, "tree")
BACKEND = os.environ.get("{}BACKEND".format(_ENV))
try:
    import accelerate
except ImportError:
    accelerate = None


def main():
    proton.start(name=NAME, context=CONTEXT, data=DATA, backend=BACKEND)
    try:
        with proton.scope("work"):
            torch.ones(4)
    finally:
        proton.finalize()
    return 0


if __name__ == "__main__":
    code = main()
    if code:
        raise SystemExit(code)
