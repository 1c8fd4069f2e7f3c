import os
import torch
import model_utils
import triton.profiler as proton
_P = "AORTA_PROTON_"
os.environ["HIP_VISIBLE_DEVICES"] = "0"
proton.start(os.environ.get(f"{_P}NAME"))
x = "%sDATA" % _P
y = _P + "CONTEXT"
def main(:
    return 0
if __name__ == "__main__":
    sys.exit(main())
