// aortalint's stand-in for the original <roctx.h> (roctracer's include directory): the same marker API.
#pragma once
#include <roctracer/roctx.h>
