"""Adds two vectors with a Triton kernel; Proton wraps it from the outside."""
import argparse

import torch
import triton
import triton.language as tl


@triton.jit
def add(x_ptr, y_ptr, out_ptr, n, block: tl.constexpr):
    offs = tl.program_id(0) * block + tl.arange(0, block)
    mask = offs < n
    tl.store(out_ptr + offs, tl.load(x_ptr + offs, mask=mask) + tl.load(y_ptr + offs, mask=mask), mask=mask)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--size", type=int, default=1 << 20)
    args = parser.parse_args()
    x = torch.rand(args.size, device="cuda")
    y = torch.rand(args.size, device="cuda")
    out = torch.empty_like(x)
    for _ in range(10):
        add[(triton.cdiv(args.size, 1024),)](x, y, out, args.size, block=1024)
    torch.cuda.synchronize()
    return 0


if __name__ == "__main__":
    code = main()
    if code:
        raise SystemExit(code)
