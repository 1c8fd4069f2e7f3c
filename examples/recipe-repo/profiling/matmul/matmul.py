"""A batch of GEMMs for rocprofv3 to trace."""
import torch


def main() -> int:
    a = torch.randn(2048, 2048, device="cuda")
    for _ in range(20):
        a = (a @ a).clamp(-1, 1)
    torch.cuda.synchronize()
    return 0


if __name__ == "__main__":
    code = main()
    if code:
        raise SystemExit(code)
