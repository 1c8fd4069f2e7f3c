// aortalint's stand-in for the roctx marker API (<roctracer/roctx.h> and
// <rocprofiler-sdk-roctx/roctx.h>): the calls rocprofv3's marker trace records.
#pragma once

#include <stdint.h>

typedef uint64_t roctx_range_id_t;

extern "C" {
unsigned roctx_version_major(void);
unsigned roctx_version_minor(void);
void roctxMarkA(const char* message);
int roctxRangePushA(const char* message);
int roctxRangePop(void);
roctx_range_id_t roctxRangeStartA(const char* message);
void roctxRangeStop(roctx_range_id_t id);
}

#define roctxMark(message) roctxMarkA(message)
#define roctxRangePush(message) roctxRangePushA(message)
#define roctxRangeStart(message) roctxRangeStartA(message)
