#include <hip/hip_runtime.h>
#define M0(x) x
#define M1(x) M0(x) M0(x)
#define M2(x) M1(x) M1(x)
#define M3(x) M2(x) M2(x)
#define M4(x) M3(x) M3(x)
#define M5(x) M4(x) M4(x)
#define M6(x) M5(x) M5(x)
#define M7(x) M6(x) M6(x)
#define M8(x) M7(x) M7(x)
#define M9(x) M8(x) M8(x)
#define M10(x) M9(x) M9(x)
#define M11(x) M10(x) M10(x)
__global__ void k(int* p) { int s = 0 M11(+1); *p = s; }
