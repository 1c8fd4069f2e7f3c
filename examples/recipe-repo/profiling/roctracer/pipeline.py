"""A two-stage pipeline profiled with Proton's roctracer backend (env mode)."""
import os

import torch
import triton.profiler as proton  # isort: skip  # noqa: I001

_ENV = "AORTA_PROTON_"


def run() -> None:
    x = torch.randn(4096, 4096, device="cuda")
    for _ in range(5):
        x = torch.relu(x @ x.T) / 4096
    torch.cuda.synchronize()


def main() -> int:
    name = os.environ.get(f"{_ENV}NAME") or "pipeline"
    proton.start(
        name=name,
        context=os.environ.get(f"{_ENV}CONTEXT", "shadow"),
        data=os.environ.get(f"{_ENV}DATA", "tree"),
        backend=os.environ.get(f"{_ENV}BACKEND"),
        mode=os.environ.get(f"{_ENV}MODE"),
        hook=os.environ.get(f"{_ENV}HOOK"),
    )
    try:
        run()
    finally:
        proton.finalize()
    return 0


if __name__ == "__main__":
    code = main()
    if code:
        raise SystemExit(code)
