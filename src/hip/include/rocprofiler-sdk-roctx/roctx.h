// aortalint's stand-in for <rocprofiler-sdk-roctx/roctx.h>: the same marker API.
#pragma once
#include <roctracer/roctx.h>
