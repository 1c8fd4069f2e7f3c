// ROCm's implementation of hip_runtime.h, which some libraries include by this name (rocPRIM).
#pragma once
#include "../hip_runtime.h"
