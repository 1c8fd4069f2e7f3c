// aortalint's stand-in for ROCm's <hip/driver_types.h> and texture/surface
// types: memory copies, arrays, textures and surfaces (see hip_runtime.h).
#pragma once

#include <stddef.h>

typedef enum hipMemcpyKind {
  hipMemcpyHostToHost = 0,
  hipMemcpyHostToDevice = 1,
  hipMemcpyDeviceToHost = 2,
  hipMemcpyDeviceToDevice = 3,
  hipMemcpyDefault = 4,
  hipMemcpyDeviceToDeviceNoCU = 1024
} hipMemcpyKind;
typedef enum hipMemoryType {
  hipMemoryTypeUnregistered = 0,
  hipMemoryTypeHost = 1,
  hipMemoryTypeDevice = 2,
  hipMemoryTypeManaged = 3,
  hipMemoryTypeArray = 10,
  hipMemoryTypeUnified = 11
} hipMemoryType;
typedef enum hipMemoryAdvise {
  hipMemAdviseSetReadMostly = 1,
  hipMemAdviseUnsetReadMostly = 2,
  hipMemAdviseSetPreferredLocation = 3,
  hipMemAdviseUnsetPreferredLocation = 4,
  hipMemAdviseSetAccessedBy = 5,
  hipMemAdviseUnsetAccessedBy = 6,
  hipMemAdviseSetCoarseGrain = 100,
  hipMemAdviseUnsetCoarseGrain = 101
} hipMemoryAdvise;
typedef enum hipChannelFormatKind {
  hipChannelFormatKindSigned = 0,
  hipChannelFormatKindUnsigned = 1,
  hipChannelFormatKindFloat = 2,
  hipChannelFormatKindNone = 3
} hipChannelFormatKind;
typedef struct hipChannelFormatDesc {
  int x, y, z, w;
  hipChannelFormatKind f;
} hipChannelFormatDesc;

typedef struct hipArray* hipArray_t;
typedef const struct hipArray* hipArray_const_t;
typedef struct hipMipmappedArray* hipMipmappedArray_t;
typedef const struct hipMipmappedArray* hipMipmappedArray_const_t;
// The driver API's element formats and array descriptors.
typedef enum hipArray_Format {
  HIP_AD_FORMAT_UNSIGNED_INT8 = 0x01,
  HIP_AD_FORMAT_UNSIGNED_INT16 = 0x02,
  HIP_AD_FORMAT_UNSIGNED_INT32 = 0x03,
  HIP_AD_FORMAT_SIGNED_INT8 = 0x08,
  HIP_AD_FORMAT_SIGNED_INT16 = 0x09,
  HIP_AD_FORMAT_SIGNED_INT32 = 0x0a,
  HIP_AD_FORMAT_HALF = 0x10,
  HIP_AD_FORMAT_FLOAT = 0x20
} hipArray_Format;
typedef struct HIP_ARRAY_DESCRIPTOR {
  size_t Width, Height;
  hipArray_Format Format;
  unsigned int NumChannels;
} HIP_ARRAY_DESCRIPTOR;
typedef struct HIP_ARRAY3D_DESCRIPTOR {
  size_t Width, Height, Depth;
  hipArray_Format Format;
  unsigned int NumChannels, Flags;
} HIP_ARRAY3D_DESCRIPTOR;
typedef struct hipExtent {
  size_t width, height, depth;
} hipExtent;
typedef struct hipPos {
  size_t x, y, z;
} hipPos;
typedef struct hipPitchedPtr {
  void* ptr;
  size_t pitch, xsize, ysize;
} hipPitchedPtr;
typedef struct hipMemcpy3DParms {
  hipArray_t srcArray;
  hipPos srcPos;
  hipPitchedPtr srcPtr;
  hipArray_t dstArray;
  hipPos dstPos;
  hipPitchedPtr dstPtr;
  hipExtent extent;
  hipMemcpyKind kind;
} hipMemcpy3DParms;
inline hipPitchedPtr make_hipPitchedPtr(void* d, size_t p, size_t xsz, size_t ysz) { return {d, p, xsz, ysz}; }
inline hipPos make_hipPos(size_t x, size_t y, size_t z) { return {x, y, z}; }
inline hipExtent make_hipExtent(size_t w, size_t h, size_t d) { return {w, h, d}; }

typedef enum hipResourceType {
  hipResourceTypeArray = 0,
  hipResourceTypeMipmappedArray = 1,
  hipResourceTypeLinear = 2,
  hipResourceTypePitch2D = 3
} hipResourceType;
typedef enum hipResourceViewFormat { hipResViewFormatNone = 0 } hipResourceViewFormat;
typedef struct hipResourceDesc {
  hipResourceType resType;
  union {
    struct {
      hipArray_t array;
    } array;
    struct {
      hipMipmappedArray_t mipmap;
    } mipmap;
    struct {
      void* devPtr;
      hipChannelFormatDesc desc;
      size_t sizeInBytes;
    } linear;
    struct {
      void* devPtr;
      hipChannelFormatDesc desc;
      size_t width, height, pitchInBytes;
    } pitch2D;
  } res;
} hipResourceDesc;
typedef struct hipResourceViewDesc {
  hipResourceViewFormat format;
  size_t width, height, depth;
  unsigned int firstMipmapLevel, lastMipmapLevel, firstLayer, lastLayer;
} hipResourceViewDesc;

typedef enum hipTextureAddressMode {
  hipAddressModeWrap = 0,
  hipAddressModeClamp = 1,
  hipAddressModeMirror = 2,
  hipAddressModeBorder = 3
} hipTextureAddressMode;
typedef enum hipTextureFilterMode { hipFilterModePoint = 0, hipFilterModeLinear = 1 } hipTextureFilterMode;
typedef enum hipTextureReadMode { hipReadModeElementType = 0, hipReadModeNormalizedFloat = 1 } hipTextureReadMode;
typedef struct hipTextureDesc {
  hipTextureAddressMode addressMode[3];
  hipTextureFilterMode filterMode;
  hipTextureReadMode readMode;
  int sRGB;
  float borderColor[4];
  int normalizedCoords;
  unsigned int maxAnisotropy;
  hipTextureFilterMode mipmapFilterMode;
  float mipmapLevelBias, minMipmapLevelClamp, maxMipmapLevelClamp;
} hipTextureDesc;
typedef struct __hip_texture* hipTextureObject_t;
// Texture references, the API before texture objects (deprecated in ROCm, still declared):
// `texture<float, 2> tex;` at namespace scope.
#define hipTextureType1D 0x01
#define hipTextureType2D 0x02
#define hipTextureType3D 0x03
typedef struct textureReference {
  int normalized;
  hipTextureReadMode readMode;
  hipTextureFilterMode filterMode;
  hipTextureAddressMode addressMode[3];
  hipChannelFormatDesc channelDesc;
} textureReference;
template <class T, int texType = hipTextureType1D, hipTextureReadMode mode = hipReadModeElementType>
struct texture : public textureReference {};
typedef struct __hip_surface* hipSurfaceObject_t;
typedef enum hipSurfaceBoundaryMode {
  hipBoundaryModeZero = 0,
  hipBoundaryModeTrap = 1,
  hipBoundaryModeClamp = 2
} hipSurfaceBoundaryMode;
