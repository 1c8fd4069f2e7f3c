// aortalint's stand-in for ROCm's <hip/hip_runtime_api.h>: the host API's
// types, constants and calls with ROCm's signatures (see hip_runtime.h).
#pragma once

#include <stddef.h>
#include <stdint.h>

#include <hip/driver_types.h>

typedef enum hipError_t {
  hipSuccess = 0,
  hipErrorInvalidValue = 1,
  hipErrorOutOfMemory = 2,
  hipErrorMemoryAllocation = 2,
  hipErrorNotInitialized = 3,
  hipErrorInitializationError = 3,
  hipErrorDeinitialized = 4,
  hipErrorProfilerDisabled = 5,
  hipErrorProfilerNotInitialized = 6,
  hipErrorProfilerAlreadyStarted = 7,
  hipErrorProfilerAlreadyStopped = 8,
  hipErrorInvalidConfiguration = 9,
  hipErrorInvalidPitchValue = 12,
  hipErrorInvalidSymbol = 13,
  hipErrorInvalidDevicePointer = 17,
  hipErrorInvalidMemcpyDirection = 21,
  hipErrorInsufficientDriver = 35,
  hipErrorMissingConfiguration = 52,
  hipErrorPriorLaunchFailure = 53,
  hipErrorInvalidDeviceFunction = 98,
  hipErrorNoDevice = 100,
  hipErrorInvalidDevice = 101,
  hipErrorInvalidImage = 200,
  hipErrorInvalidContext = 201,
  hipErrorContextAlreadyCurrent = 202,
  hipErrorMapFailed = 205,
  hipErrorUnmapFailed = 206,
  hipErrorArrayIsMapped = 207,
  hipErrorAlreadyMapped = 208,
  hipErrorNoBinaryForGpu = 209,
  hipErrorAlreadyAcquired = 210,
  hipErrorNotMapped = 211,
  hipErrorECCNotCorrectable = 214,
  hipErrorUnsupportedLimit = 215,
  hipErrorContextAlreadyInUse = 216,
  hipErrorPeerAccessUnsupported = 217,
  hipErrorInvalidKernelFile = 218,
  hipErrorInvalidGraphicsContext = 219,
  hipErrorInvalidSource = 300,
  hipErrorFileNotFound = 301,
  hipErrorSharedObjectSymbolNotFound = 302,
  hipErrorSharedObjectInitFailed = 303,
  hipErrorOperatingSystem = 304,
  hipErrorInvalidHandle = 400,
  hipErrorInvalidResourceHandle = 400,
  hipErrorIllegalState = 401,
  hipErrorNotFound = 500,
  hipErrorNotReady = 600,
  hipErrorIllegalAddress = 700,
  hipErrorLaunchOutOfResources = 701,
  hipErrorLaunchTimeOut = 702,
  hipErrorPeerAccessAlreadyEnabled = 704,
  hipErrorPeerAccessNotEnabled = 705,
  hipErrorSetOnActiveProcess = 708,
  hipErrorContextIsDestroyed = 709,
  hipErrorAssert = 710,
  hipErrorHostMemoryAlreadyRegistered = 712,
  hipErrorHostMemoryNotRegistered = 713,
  hipErrorLaunchFailure = 719,
  hipErrorCooperativeLaunchTooLarge = 720,
  hipErrorNotSupported = 801,
  hipErrorStreamCaptureUnsupported = 900,
  hipErrorStreamCaptureInvalidated = 901,
  hipErrorStreamCaptureMerge = 902,
  hipErrorStreamCaptureUnmatched = 903,
  hipErrorStreamCaptureUnjoined = 904,
  hipErrorStreamCaptureIsolation = 905,
  hipErrorStreamCaptureImplicit = 906,
  hipErrorCapturedEvent = 907,
  hipErrorStreamCaptureWrongThread = 908,
  hipErrorGraphExecUpdateFailure = 910,
  hipErrorUnknown = 999,
  hipErrorRuntimeMemory = 1052,
  hipErrorRuntimeOther = 1053,
  hipErrorTbd
} hipError_t;

// The driver-style result codes (an anonymous enum in ROCm).
enum { HIP_SUCCESS = 0, HIP_ERROR_INVALID_VALUE, HIP_ERROR_NOT_INITIALIZED, HIP_ERROR_LAUNCH_OUT_OF_RESOURCES };

typedef struct ihipStream_t* hipStream_t;
typedef struct ihipEvent_t* hipEvent_t;
typedef struct ihipModule_t* hipModule_t;
typedef struct ihipModuleSymbol_t* hipFunction_t;
typedef struct ihipCtx_t* hipCtx_t;
typedef struct ihipGraph* hipGraph_t;
typedef struct hipGraphNode* hipGraphNode_t;
typedef struct hipGraphExec* hipGraphExec_t;
typedef struct hipUserObject* hipUserObject_t;
typedef struct ihipMemPoolHandle_t* hipMemPool_t;
typedef struct ihipLinkState_t* hipLinkState_t;
typedef struct ihipMemGenericAllocationHandle* hipMemGenericAllocationHandle_t;
typedef void* hipExternalMemory_t;
typedef void* hipExternalSemaphore_t;
typedef int hipDevice_t;
typedef void* hipDeviceptr_t;
typedef void (*hipHostFn_t)(void* userData);
typedef void (*hipStreamCallback_t)(hipStream_t stream, hipError_t status, void* userData);

struct dim3 {
  uint32_t x, y, z;
  constexpr __attribute__((host)) __attribute__((device)) dim3(uint32_t x_ = 1, uint32_t y_ = 1, uint32_t z_ = 1)
      : x(x_), y(y_), z(z_) {}
};

#define hipStreamDefault 0x00
#define hipStreamNonBlocking 0x01
#define hipStreamPerThread ((hipStream_t)2)
#define hipStreamLegacy ((hipStream_t)1)
#define hipEventDefault 0x0
#define hipEventBlockingSync 0x1
#define hipEventDisableTiming 0x2
#define hipEventInterprocess 0x4
#define hipEventReleaseToDevice 0x40000000
#define hipEventReleaseToSystem 0x80000000
#define hipHostMallocDefault 0x0
#define hipHostMallocPortable 0x1
#define hipHostMallocMapped 0x2
#define hipHostMallocWriteCombined 0x4
#define hipHostMallocNumaUser 0x20000000
#define hipHostMallocCoherent 0x40000000
#define hipHostMallocNonCoherent 0x80000000
#define hipHostAllocDefault 0x0
#define hipHostAllocPortable 0x1
#define hipHostAllocMapped 0x2
#define hipHostAllocWriteCombined 0x4
#define hipMemAttachGlobal 0x01
#define hipMemAttachHost 0x02
#define hipMemAttachSingle 0x04
#define hipDeviceMallocDefault 0x0
#define hipDeviceMallocFinegrained 0x1
#define hipMallocSignalMemory 0x2
#define hipDeviceMallocUncached 0x3
#define hipHostRegisterDefault 0x0
#define hipHostRegisterPortable 0x1
#define hipHostRegisterMapped 0x2
#define hipHostRegisterIoMemory 0x4
#define hipExtHostRegisterCoarseGrained 0x8
#define hipDeviceScheduleAuto 0x0
#define hipDeviceScheduleSpin 0x1
#define hipDeviceScheduleYield 0x2
#define hipDeviceScheduleBlockingSync 0x4
#define hipDeviceMapHost 0x8
#define hipDeviceLmemResizeToMax 0x16
#define hipArrayDefault 0x00
#define hipArrayLayered 0x01
#define hipArraySurfaceLoadStore 0x02
#define hipArrayCubemap 0x04
#define hipArrayTextureGather 0x08
#define hipCooperativeLaunchMultiDeviceNoPreSync 0x01
#define hipCooperativeLaunchMultiDeviceNoPostSync 0x02
#define hipExtAnyOrderLaunch 0x01
#define hipIpcMemLazyEnablePeerAccess 0x01
#define HIP_LAUNCH_PARAM_BUFFER_POINTER ((void*)0x01)
#define HIP_LAUNCH_PARAM_BUFFER_SIZE ((void*)0x02)
#define HIP_LAUNCH_PARAM_END ((void*)0x03)
#define HIP_IPC_HANDLE_SIZE 64

typedef struct hipUUID_t {
  char bytes[16];
} hipUUID;

typedef struct {
  unsigned hasGlobalInt32Atomics : 1, hasGlobalFloatAtomicExch : 1, hasSharedInt32Atomics : 1,
      hasSharedFloatAtomicExch : 1, hasFloatAtomicAdd : 1, hasGlobalInt64Atomics : 1, hasSharedInt64Atomics : 1,
      hasDoubles : 1, hasWarpVote : 1, hasWarpBallot : 1, hasWarpShuffle : 1, hasFunnelShift : 1,
      hasThreadFenceSystem : 1, hasSyncThreadsExt : 1, hasSurfaceFuncs : 1, has3dGrid : 1, hasDynamicParallelism : 1;
} hipDeviceArch_t;

typedef struct hipDeviceProp_t {
  char name[256];
  hipUUID uuid;
  char luid[8];
  unsigned int luidDeviceNodeMask;
  size_t totalGlobalMem, sharedMemPerBlock;
  int regsPerBlock, warpSize;
  size_t memPitch;
  int maxThreadsPerBlock, maxThreadsDim[3], maxGridSize[3], clockRate;
  size_t totalConstMem;
  int major, minor;
  size_t textureAlignment, texturePitchAlignment;
  int deviceOverlap, multiProcessorCount, kernelExecTimeoutEnabled, integrated, canMapHostMemory, computeMode;
  int maxTexture1D, maxTexture1DMipmap, maxTexture1DLinear, maxTexture2D[2], maxTexture2DMipmap[2];
  int maxTexture2DLinear[3], maxTexture2DGather[2], maxTexture3D[3], maxTexture3DAlt[3], maxTextureCubemap;
  int maxTexture1DLayered[2], maxTexture2DLayered[3], maxTextureCubemapLayered[2];
  int maxSurface1D, maxSurface2D[2], maxSurface3D[3], maxSurface1DLayered[2], maxSurface2DLayered[3];
  int maxSurfaceCubemap, maxSurfaceCubemapLayered[2];
  size_t surfaceAlignment;
  int concurrentKernels, ECCEnabled, pciBusID, pciDeviceID, pciDomainID, tccDriver, asyncEngineCount;
  int unifiedAddressing, memoryClockRate, memoryBusWidth, l2CacheSize, persistingL2CacheMaxSize;
  int maxThreadsPerMultiProcessor, streamPrioritiesSupported, globalL1CacheSupported, localL1CacheSupported;
  size_t sharedMemPerMultiprocessor;
  int regsPerMultiprocessor, managedMemory, isMultiGpuBoard, multiGpuBoardGroupID, hostNativeAtomicSupported;
  int singleToDoublePrecisionPerfRatio, pageableMemoryAccess, concurrentManagedAccess;
  int computePreemptionSupported, canUseHostPointerForRegisteredMem, cooperativeLaunch, cooperativeMultiDeviceLaunch;
  size_t sharedMemPerBlockOptin;
  int pageableMemoryAccessUsesHostPageTables, directManagedMemAccessFromHost, maxBlocksPerMultiProcessor;
  int accessPolicyMaxWindowSize;
  size_t reservedSharedMemPerBlock;
  int hostRegisterSupported, sparseHipArraySupported, hostRegisterReadOnlySupported;
  int timelineSemaphoreInteropSupported, memoryPoolsSupported, gpuDirectRDMASupported;
  unsigned int gpuDirectRDMAFlushWritesOptions;
  int gpuDirectRDMAWritesOrdering;
  unsigned int memoryPoolSupportedHandleTypes;
  int deferredMappingHipArraySupported, ipcEventSupported, clusterLaunch, unifiedFunctionPointers;
  int reserved[63], hipReserved[32];
  char gcnArchName[256];
  size_t maxSharedMemoryPerMultiProcessor;
  int clockInstructionRate;
  hipDeviceArch_t arch;
  unsigned int *hdpMemFlushCntl, *hdpRegFlushCntl;
  int cooperativeMultiDeviceUnmatchedFunc, cooperativeMultiDeviceUnmatchedGridDim;
  int cooperativeMultiDeviceUnmatchedBlockDim, cooperativeMultiDeviceUnmatchedSharedMem;
  int isLargeBar, asicRevision, gcnArch;
} hipDeviceProp_t;

typedef enum hipDeviceAttribute_t {
  hipDeviceAttributeCudaCompatibleBegin = 0,
  hipDeviceAttributeEccEnabled = 0,
  hipDeviceAttributeAccessPolicyMaxWindowSize,
  hipDeviceAttributeAsyncEngineCount,
  hipDeviceAttributeCanMapHostMemory,
  hipDeviceAttributeCanUseHostPointerForRegisteredMem,
  hipDeviceAttributeClockRate,
  hipDeviceAttributeComputeMode,
  hipDeviceAttributeComputePreemptionSupported,
  hipDeviceAttributeConcurrentKernels,
  hipDeviceAttributeConcurrentManagedAccess,
  hipDeviceAttributeCooperativeLaunch,
  hipDeviceAttributeCooperativeMultiDeviceLaunch,
  hipDeviceAttributeDeviceOverlap,
  hipDeviceAttributeDirectManagedMemAccessFromHost,
  hipDeviceAttributeGlobalL1CacheSupported,
  hipDeviceAttributeHostNativeAtomicSupported,
  hipDeviceAttributeIntegrated,
  hipDeviceAttributeIsMultiGpuBoard,
  hipDeviceAttributeKernelExecTimeout,
  hipDeviceAttributeL2CacheSize,
  hipDeviceAttributeLocalL1CacheSupported,
  hipDeviceAttributeLuid,
  hipDeviceAttributeLuidDeviceNodeMask,
  hipDeviceAttributeComputeCapabilityMajor,
  hipDeviceAttributeManagedMemory,
  hipDeviceAttributeMaxBlocksPerMultiProcessor,
  hipDeviceAttributeMaxBlockDimX,
  hipDeviceAttributeMaxBlockDimY,
  hipDeviceAttributeMaxBlockDimZ,
  hipDeviceAttributeMaxGridDimX,
  hipDeviceAttributeMaxGridDimY,
  hipDeviceAttributeMaxGridDimZ,
  hipDeviceAttributeMaxSurface1D,
  hipDeviceAttributeMaxTexture1DWidth = 44,
  hipDeviceAttributeMaxThreadsPerBlock = 56,
  hipDeviceAttributeMaxThreadsPerMultiProcessor,
  hipDeviceAttributeMemoryBusWidth,
  hipDeviceAttributeMemoryClockRate,
  hipDeviceAttributeComputeCapabilityMinor,
  hipDeviceAttributeMultiGpuBoardGroupID,
  hipDeviceAttributeMultiprocessorCount,
  hipDeviceAttributeUnused1,
  hipDeviceAttributePageableMemoryAccess,
  hipDeviceAttributePageableMemoryAccessUsesHostPageTables,
  hipDeviceAttributePciBusId,
  hipDeviceAttributePciDeviceId,
  hipDeviceAttributePciDomainID,
  hipDeviceAttributePersistingL2CacheMaxSize,
  hipDeviceAttributeMaxRegistersPerBlock,
  hipDeviceAttributeMaxRegistersPerMultiprocessor,
  hipDeviceAttributeReservedSharedMemPerBlock,
  hipDeviceAttributeMaxSharedMemoryPerBlock,
  hipDeviceAttributeSharedMemPerBlockOptin,
  hipDeviceAttributeSharedMemPerMultiprocessor,
  hipDeviceAttributeSingleToDoublePrecisionPerfRatio,
  hipDeviceAttributeStreamPrioritiesSupported,
  hipDeviceAttributeSurfaceAlignment,
  hipDeviceAttributeTccDriver,
  hipDeviceAttributeTextureAlignment,
  hipDeviceAttributeTexturePitchAlignment,
  hipDeviceAttributeTotalConstantMemory,
  hipDeviceAttributeTotalGlobalMem,
  hipDeviceAttributeUnifiedAddressing,
  hipDeviceAttributeUnused2,
  hipDeviceAttributeWarpSize,
  hipDeviceAttributeMemoryPoolsSupported,
  hipDeviceAttributeVirtualMemoryManagementSupported,
  hipDeviceAttributeHostRegisterSupported,
  hipDeviceAttributeCudaCompatibleEnd = 9999,
  hipDeviceAttributeAmdSpecificBegin = 10000,
  hipDeviceAttributeClockInstructionRate = 10000,
  hipDeviceAttributeUnused3,
  hipDeviceAttributeMaxSharedMemoryPerMultiprocessor,
  hipDeviceAttributeUnused4,
  hipDeviceAttributeUnused5,
  hipDeviceAttributeHdpMemFlushCntl,
  hipDeviceAttributeHdpRegFlushCntl,
  hipDeviceAttributeCooperativeMultiDeviceUnmatchedFunc,
  hipDeviceAttributeCooperativeMultiDeviceUnmatchedGridDim,
  hipDeviceAttributeCooperativeMultiDeviceUnmatchedBlockDim,
  hipDeviceAttributeCooperativeMultiDeviceUnmatchedSharedMem,
  hipDeviceAttributeIsLargeBar,
  hipDeviceAttributeAsicRevision,
  hipDeviceAttributeCanUseStreamWaitValue,
  hipDeviceAttributeImageSupport,
  hipDeviceAttributePhysicalMultiProcessorCount,
  hipDeviceAttributeFineGrainSupport,
  hipDeviceAttributeWallClockRate,
  hipDeviceAttributeNumberOfXccs,                // ROCm 7
  hipDeviceAttributeMaxAvailableVgprsPerThread,  // ROCm 7
  hipDeviceAttributePciChipId,                   // ROCm 7
  hipDeviceAttributeAmdSpecificEnd = 19999,
} hipDeviceAttribute_t;

typedef enum hipFuncCache_t {
  hipFuncCachePreferNone,
  hipFuncCachePreferShared,
  hipFuncCachePreferL1,
  hipFuncCachePreferEqual
} hipFuncCache_t;
typedef enum hipSharedMemConfig {
  hipSharedMemBankSizeDefault,
  hipSharedMemBankSizeFourByte,
  hipSharedMemBankSizeEightByte
} hipSharedMemConfig;
typedef enum hipLimit_t {
  hipLimitStackSize = 0x0,
  hipLimitPrintfFifoSize = 0x01,
  hipLimitMallocHeapSize = 0x02,
  hipLimitRange
} hipLimit_t;
typedef enum hipFuncAttribute {
  hipFuncAttributeMaxDynamicSharedMemorySize = 8,
  hipFuncAttributePreferredSharedMemoryCarveout = 9,
  hipFuncAttributeMax
} hipFuncAttribute;
typedef struct hipFuncAttributes {
  int binaryVersion, cacheModeCA;
  size_t constSizeBytes, localSizeBytes;
  int maxDynamicSharedSizeBytes, maxThreadsPerBlock, numRegs, preferredShmemCarveout, ptxVersion;
  size_t sharedSizeBytes;
} hipFuncAttributes;
typedef enum hipFunction_attribute {
  HIP_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK,
  HIP_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES,
  HIP_FUNC_ATTRIBUTE_CONST_SIZE_BYTES,
  HIP_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES,
  HIP_FUNC_ATTRIBUTE_NUM_REGS,
  HIP_FUNC_ATTRIBUTE_PTX_VERSION,
  HIP_FUNC_ATTRIBUTE_BINARY_VERSION,
  HIP_FUNC_ATTRIBUTE_CACHE_MODE_CA,
  HIP_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
  HIP_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT,
  HIP_FUNC_ATTRIBUTE_MAX
} hipFunction_attribute;
typedef enum hipJitOption { hipJitOptionMaxRegisters = 0, hipJitOptionNumOptions } hipJitOption;

typedef struct hipPointerAttribute_t {
  hipMemoryType type;
  int device;
  void* devicePointer;
  void* hostPointer;
  int isManaged;
  unsigned allocationFlags;
} hipPointerAttribute_t;
typedef struct hipIpcMemHandle_st {
  char reserved[HIP_IPC_HANDLE_SIZE];
} hipIpcMemHandle_t;
typedef struct hipIpcEventHandle_st {
  char reserved[HIP_IPC_HANDLE_SIZE];
} hipIpcEventHandle_t;

// Kernel launches through a configuration (hipLaunchKernelExC).
typedef enum hipLaunchAttributeID {
  hipLaunchAttributeAccessPolicyWindow = 1,
  hipLaunchAttributeCooperative = 2,
  hipLaunchAttributePriority = 8,
} hipLaunchAttributeID;
typedef union hipLaunchAttributeValue {
  int cooperative;
  int priority;
  char pad[64];
} hipLaunchAttributeValue;
typedef struct hipLaunchAttribute_st {
  hipLaunchAttributeID id;
  char pad[8 - sizeof(hipLaunchAttributeID)];
  union {
    hipLaunchAttributeValue val;
    hipLaunchAttributeValue value;
  };
} hipLaunchAttribute;
typedef struct hipLaunchConfig_st {
  dim3 gridDim;
  dim3 blockDim;
  size_t dynamicSmemBytes;
  hipStream_t stream;
  hipLaunchAttribute* attrs;
  unsigned int numAttrs;
} hipLaunchConfig_t;
typedef struct hipLaunchParams_t {
  void* func;
  dim3 gridDim;
  dim3 blockDim;
  void** args;
  size_t sharedMem;
  hipStream_t stream;
} hipLaunchParams;
typedef struct hipFunctionLaunchParams_t {
  hipFunction_t function;
  unsigned int gridDimX, gridDimY, gridDimZ, blockDimX, blockDimY, blockDimZ, sharedMemBytes;
  hipStream_t hStream;
  void** kernelParams;
} hipFunctionLaunchParams;
// The old first kernel argument of hipLaunchKernel (deprecated in ROCm).
typedef struct {
  int dummy;
} hipLaunchParm;

// Graphs.
typedef enum hipGraphNodeType {
  hipGraphNodeTypeKernel = 0,
  hipGraphNodeTypeMemcpy = 1,
  hipGraphNodeTypeMemset = 2,
  hipGraphNodeTypeHost = 3,
  hipGraphNodeTypeGraph = 4,
  hipGraphNodeTypeEmpty = 5,
  hipGraphNodeTypeWaitEvent = 6,
  hipGraphNodeTypeEventRecord = 7,
} hipGraphNodeType;
typedef struct hipKernelNodeParams {
  dim3 blockDim;
  void** extra;
  void* func;
  dim3 gridDim;
  void** kernelParams;
  unsigned int sharedMemBytes;
} hipKernelNodeParams;
typedef struct hipMemsetParams {
  void* dst;
  unsigned int elementSize;
  size_t height, pitch;
  unsigned int value;
  size_t width;
} hipMemsetParams;
typedef struct hipHostNodeParams {
  hipHostFn_t fn;
  void* userData;
} hipHostNodeParams;
typedef enum hipStreamCaptureMode {
  hipStreamCaptureModeGlobal = 0,
  hipStreamCaptureModeThreadLocal,
  hipStreamCaptureModeRelaxed
} hipStreamCaptureMode;
typedef enum hipStreamCaptureStatus {
  hipStreamCaptureStatusNone = 0,
  hipStreamCaptureStatusActive,
  hipStreamCaptureStatusInvalidated
} hipStreamCaptureStatus;
typedef enum hipGraphExecUpdateResult {
  hipGraphExecUpdateSuccess = 0,
  hipGraphExecUpdateError = 1,
} hipGraphExecUpdateResult;
typedef enum hipGraphInstantiateFlags {
  hipGraphInstantiateFlagAutoFreeOnLaunch = 1,
  hipGraphInstantiateFlagUpload = 2,
  hipGraphInstantiateFlagDeviceLaunch = 4,
  hipGraphInstantiateFlagUseNodePriority = 8,
} hipGraphInstantiateFlags;

// The launch-configuration hooks Clang calls for `kernel<<<grid, block, shmem, stream>>>(...)`.
extern "C" hipError_t __hipPushCallConfiguration(dim3 gridDim, dim3 blockDim, size_t sharedMem = 0,
                                                 hipStream_t stream = 0);
extern "C" hipError_t __hipPopCallConfiguration(dim3* gridDim, dim3* blockDim, size_t* sharedMem, hipStream_t* stream);

// Launch APIs.
hipError_t hipLaunchKernel(const void* function_address, dim3 numBlocks, dim3 dimBlocks, void** args,
                           size_t sharedMemBytes = 0, hipStream_t stream = 0);
template <typename T>
inline hipError_t hipLaunchKernel(T function, dim3 numBlocks, dim3 dimBlocks, void** args, size_t sharedMemBytes = 0,
                                  hipStream_t stream = 0);
hipError_t hipLaunchCooperativeKernel(const void* f, dim3 gridDim, dim3 blockDimX, void** kernelParams,
                                      unsigned int sharedMemBytes, hipStream_t stream);
template <typename T>
inline hipError_t hipLaunchCooperativeKernel(T f, dim3 gridDim, dim3 blockDim, void** kernelParams,
                                             unsigned int sharedMemBytes, hipStream_t stream);
hipError_t hipLaunchCooperativeKernelMultiDevice(hipLaunchParams* launchParamsList, int numDevices, unsigned int flags);
hipError_t hipExtLaunchMultiKernelMultiDevice(hipLaunchParams* launchParamsList, int numDevices, unsigned int flags);
hipError_t hipExtLaunchKernel(const void* function_address, dim3 numBlocks, dim3 dimBlocks, void** args,
                              size_t sharedMemBytes, hipStream_t stream, hipEvent_t startEvent = 0,
                              hipEvent_t stopEvent = 0, int flags = 0);
hipError_t hipLaunchKernelExC(const hipLaunchConfig_t* config, const void* fPtr, void** args);
template <typename... KernelArgs, typename... Args>
inline hipError_t hipLaunchKernelEx(const hipLaunchConfig_t* config, void (*kernel)(KernelArgs...), Args&&... args);
hipError_t hipConfigureCall(dim3 gridDim, dim3 blockDim, size_t sharedMem = 0, hipStream_t stream = 0);
hipError_t hipSetupArgument(const void* arg, size_t size, size_t offset);
hipError_t hipLaunchByPtr(const void* func);
hipError_t hipLaunchHostFunc(hipStream_t stream, hipHostFn_t fn, void* userData);
hipError_t hipModuleLaunchKernel(hipFunction_t f, unsigned int gridDimX, unsigned int gridDimY, unsigned int gridDimZ,
                                 unsigned int blockDimX, unsigned int blockDimY, unsigned int blockDimZ,
                                 unsigned int sharedMemBytes, hipStream_t stream, void** kernelParams, void** extra);
hipError_t hipModuleLaunchCooperativeKernel(hipFunction_t f, unsigned int gridDimX, unsigned int gridDimY,
                                            unsigned int gridDimZ, unsigned int blockDimX, unsigned int blockDimY,
                                            unsigned int blockDimZ, unsigned int sharedMemBytes, hipStream_t stream,
                                            void** kernelParams);
hipError_t hipModuleLaunchCooperativeKernelMultiDevice(hipFunctionLaunchParams* launchParamsList,
                                                       unsigned int numDevices, unsigned int flags);
hipError_t hipExtModuleLaunchKernel(hipFunction_t f, unsigned int globalWorkSizeX, unsigned int globalWorkSizeY,
                                    unsigned int globalWorkSizeZ, unsigned int localWorkSizeX,
                                    unsigned int localWorkSizeY, unsigned int localWorkSizeZ, size_t sharedMemBytes,
                                    hipStream_t hStream, void** kernelParams, void** extra, hipEvent_t startEvent = 0,
                                    hipEvent_t stopEvent = 0, unsigned int flags = 0);
hipError_t hipHccModuleLaunchKernel(hipFunction_t f, unsigned int globalWorkSizeX, unsigned int globalWorkSizeY,
                                    unsigned int globalWorkSizeZ, unsigned int blockDimX, unsigned int blockDimY,
                                    unsigned int blockDimZ, size_t sharedMemBytes, hipStream_t hStream,
                                    void** kernelParams, void** extra, hipEvent_t startEvent = 0,
                                    hipEvent_t stopEvent = 0);

// Code objects.
hipError_t hipModuleLoad(hipModule_t* module, const char* fname);
hipError_t hipModuleLoadData(hipModule_t* module, const void* image);
hipError_t hipModuleLoadDataEx(hipModule_t* module, const void* image, unsigned int numOptions, hipJitOption* options,
                               void** optionValues);
hipError_t hipModuleUnload(hipModule_t module);
hipError_t hipModuleGetFunction(hipFunction_t* function, hipModule_t module, const char* kname);
hipError_t hipModuleGetGlobal(hipDeviceptr_t* dptr, size_t* bytes, hipModule_t hmod, const char* name);
hipError_t hipFuncGetAttribute(int* value, hipFunction_attribute attrib, hipFunction_t hfunc);
hipError_t hipFuncGetAttributes(hipFuncAttributes* attr, const void* func);
hipError_t hipFuncSetAttribute(const void* func, hipFuncAttribute attr, int value);
hipError_t hipFuncSetCacheConfig(const void* func, hipFuncCache_t config);
hipError_t hipFuncSetSharedMemConfig(const void* func, hipSharedMemConfig config);
hipError_t hipGetFuncBySymbol(hipFunction_t* functionPtr, const void* symbolPtr);

// Devices and contexts.
hipError_t hipInit(unsigned int flags);
hipError_t hipDriverGetVersion(int* driverVersion);
hipError_t hipRuntimeGetVersion(int* runtimeVersion);
hipError_t hipDeviceGet(hipDevice_t* device, int ordinal);
hipError_t hipDeviceGetName(char* name, int len, hipDevice_t device);
hipError_t hipDeviceComputeCapability(int* major, int* minor, hipDevice_t device);
hipError_t hipDeviceTotalMem(size_t* bytes, hipDevice_t device);
hipError_t hipDeviceGetPCIBusId(char* pciBusId, int len, int device);
hipError_t hipDeviceGetByPCIBusId(int* device, const char* pciBusId);
hipError_t hipDeviceSynchronize(void);
hipError_t hipDeviceReset(void);
hipError_t hipSetDevice(int deviceId);
hipError_t hipGetDevice(int* deviceId);
hipError_t hipGetDeviceCount(int* count);
hipError_t hipSetDeviceFlags(unsigned flags);
hipError_t hipGetDeviceFlags(unsigned int* flags);
hipError_t hipGetDeviceProperties(hipDeviceProp_t* prop, int deviceId);
hipError_t hipDeviceGetAttribute(int* pi, hipDeviceAttribute_t attr, int deviceId);
hipError_t hipDeviceSetCacheConfig(hipFuncCache_t cacheConfig);
hipError_t hipDeviceGetCacheConfig(hipFuncCache_t* cacheConfig);
hipError_t hipDeviceSetSharedMemConfig(hipSharedMemConfig config);
hipError_t hipDeviceGetSharedMemConfig(hipSharedMemConfig* pConfig);
hipError_t hipDeviceSetLimit(hipLimit_t limit, size_t value);
hipError_t hipDeviceGetLimit(size_t* pValue, hipLimit_t limit);
hipError_t hipDeviceGetStreamPriorityRange(int* leastPriority, int* greatestPriority);
hipError_t hipDeviceCanAccessPeer(int* canAccessPeer, int deviceId, int peerDeviceId);
hipError_t hipDeviceEnablePeerAccess(int peerDeviceId, unsigned int flags);
hipError_t hipDeviceDisablePeerAccess(int peerDeviceId);
hipError_t hipChooseDevice(int* device, const hipDeviceProp_t* prop);
hipError_t hipCtxCreate(hipCtx_t* ctx, unsigned int flags, hipDevice_t device);
hipError_t hipCtxDestroy(hipCtx_t ctx);
hipError_t hipCtxSetCurrent(hipCtx_t ctx);
hipError_t hipCtxGetCurrent(hipCtx_t* ctx);
hipError_t hipCtxSynchronize(void);
hipError_t hipDevicePrimaryCtxRetain(hipCtx_t* pctx, hipDevice_t dev);
hipError_t hipDevicePrimaryCtxRelease(hipDevice_t dev);

// Errors.
hipError_t hipGetLastError(void);
hipError_t hipExtGetLastError(void);
hipError_t hipPeekAtLastError(void);
const char* hipGetErrorString(hipError_t hipError);
const char* hipGetErrorName(hipError_t hip_error);
hipError_t hipDrvGetErrorString(hipError_t hipError, const char** errorString);
hipError_t hipDrvGetErrorName(hipError_t hipError, const char** errorString);

// Memory.
hipError_t hipMalloc(void** ptr, size_t size);
hipError_t hipExtMallocWithFlags(void** ptr, size_t sizeBytes, unsigned int flags);
hipError_t hipMallocManaged(void** dev_ptr, size_t size, unsigned int flags = hipMemAttachGlobal);
hipError_t hipMallocAsync(void** dev_ptr, size_t size, hipStream_t stream);
hipError_t hipFreeAsync(void* dev_ptr, hipStream_t stream);
hipError_t hipMallocPitch(void** ptr, size_t* pitch, size_t width, size_t height);
hipError_t hipMalloc3D(hipPitchedPtr* pitchedDevPtr, hipExtent extent);
hipError_t hipHostMalloc(void** ptr, size_t size, unsigned int flags = hipHostMallocDefault);
hipError_t hipHostAlloc(void** ptr, size_t size, unsigned int flags = hipHostAllocDefault);
hipError_t hipMallocHost(void** ptr, size_t size);
hipError_t hipFree(void* ptr);
hipError_t hipHostFree(void* ptr);
hipError_t hipFreeHost(void* ptr);
hipError_t hipHostRegister(void* hostPtr, size_t sizeBytes, unsigned int flags);
hipError_t hipHostUnregister(void* hostPtr);
hipError_t hipHostGetDevicePointer(void** devPtr, void* hstPtr, unsigned int flags);
hipError_t hipHostGetFlags(unsigned int* flagsPtr, void* hostPtr);
hipError_t hipPointerGetAttributes(hipPointerAttribute_t* attributes, const void* ptr);
hipError_t hipMemGetInfo(size_t* free, size_t* total);
hipError_t hipMemPrefetchAsync(const void* dev_ptr, size_t count, int device, hipStream_t stream = 0);
hipError_t hipMemAdvise(const void* dev_ptr, size_t count, hipMemoryAdvise advice, int device);
hipError_t hipMemcpy(void* dst, const void* src, size_t sizeBytes, hipMemcpyKind kind);
hipError_t hipMemcpyWithStream(void* dst, const void* src, size_t sizeBytes, hipMemcpyKind kind, hipStream_t stream);
hipError_t hipMemcpyAsync(void* dst, const void* src, size_t sizeBytes, hipMemcpyKind kind, hipStream_t stream = 0);
hipError_t hipMemcpyHtoD(hipDeviceptr_t dst, void* src, size_t sizeBytes);
hipError_t hipMemcpyDtoH(void* dst, hipDeviceptr_t src, size_t sizeBytes);
hipError_t hipMemcpyDtoD(hipDeviceptr_t dst, hipDeviceptr_t src, size_t sizeBytes);
hipError_t hipMemcpyHtoDAsync(hipDeviceptr_t dst, void* src, size_t sizeBytes, hipStream_t stream);
hipError_t hipMemcpyDtoHAsync(void* dst, hipDeviceptr_t src, size_t sizeBytes, hipStream_t stream);
hipError_t hipMemcpyDtoDAsync(hipDeviceptr_t dst, hipDeviceptr_t src, size_t sizeBytes, hipStream_t stream);
hipError_t hipMemcpyPeer(void* dst, int dstDeviceId, const void* src, int srcDeviceId, size_t sizeBytes);
hipError_t hipMemcpyPeerAsync(void* dst, int dstDeviceId, const void* src, int srcDevice, size_t sizeBytes,
                              hipStream_t stream = 0);
hipError_t hipMemcpy2D(void* dst, size_t dpitch, const void* src, size_t spitch, size_t width, size_t height,
                       hipMemcpyKind kind);
hipError_t hipMemcpy2DAsync(void* dst, size_t dpitch, const void* src, size_t spitch, size_t width, size_t height,
                            hipMemcpyKind kind, hipStream_t stream = 0);
hipError_t hipMemcpy2DToArray(hipArray_t dst, size_t wOffset, size_t hOffset, const void* src, size_t spitch,
                              size_t width, size_t height, hipMemcpyKind kind);
hipError_t hipMemcpy2DFromArray(void* dst, size_t dpitch, hipArray_const_t src, size_t wOffset, size_t hOffset,
                                size_t width, size_t height, hipMemcpyKind kind);
hipError_t hipMemcpyToArray(hipArray_t dst, size_t wOffset, size_t hOffset, const void* src, size_t count,
                            hipMemcpyKind kind);
hipError_t hipMemcpyFromArray(void* dst, hipArray_const_t srcArray, size_t wOffset, size_t hOffset, size_t count,
                              hipMemcpyKind kind);
hipError_t hipMemcpy3D(const hipMemcpy3DParms* p);
hipError_t hipMemcpy3DAsync(const hipMemcpy3DParms* p, hipStream_t stream = 0);
hipError_t hipMemcpyToSymbol(const void* symbol, const void* src, size_t sizeBytes, size_t offset = 0,
                             hipMemcpyKind kind = hipMemcpyHostToDevice);
hipError_t hipMemcpyToSymbolAsync(const void* symbol, const void* src, size_t sizeBytes, size_t offset,
                                  hipMemcpyKind kind, hipStream_t stream = 0);
hipError_t hipMemcpyFromSymbol(void* dst, const void* symbol, size_t sizeBytes, size_t offset = 0,
                               hipMemcpyKind kind = hipMemcpyDeviceToHost);
hipError_t hipMemcpyFromSymbolAsync(void* dst, const void* symbol, size_t sizeBytes, size_t offset, hipMemcpyKind kind,
                                    hipStream_t stream = 0);
hipError_t hipGetSymbolAddress(void** devPtr, const void* symbol);
hipError_t hipGetSymbolSize(size_t* size, const void* symbol);
hipError_t hipMemset(void* dst, int value, size_t sizeBytes);
hipError_t hipMemsetAsync(void* dst, int value, size_t sizeBytes, hipStream_t stream = 0);
hipError_t hipMemsetD8(hipDeviceptr_t dest, unsigned char value, size_t count);
hipError_t hipMemsetD16(hipDeviceptr_t dest, unsigned short value, size_t count);
hipError_t hipMemsetD32(hipDeviceptr_t dest, int value, size_t count);
hipError_t hipMemsetD32Async(hipDeviceptr_t dst, int value, size_t count, hipStream_t stream = 0);
hipError_t hipMemset2D(void* dst, size_t pitch, int value, size_t width, size_t height);
hipError_t hipMemset2DAsync(void* dst, size_t pitch, int value, size_t width, size_t height, hipStream_t stream = 0);
hipError_t hipMemset3D(hipPitchedPtr pitchedDevPtr, int value, hipExtent extent);
hipError_t hipMallocArray(hipArray_t* array, const hipChannelFormatDesc* desc, size_t width, size_t height = 0,
                          unsigned int flags = hipArrayDefault);
hipError_t hipMalloc3DArray(hipArray_t* array, const hipChannelFormatDesc* desc, hipExtent extent, unsigned int flags);
hipError_t hipFreeArray(hipArray_t array);
// Peer-to-peer attributes of a pair of devices.
typedef enum hipDeviceP2PAttr {
  hipDevP2PAttrPerformanceRank = 0,
  hipDevP2PAttrAccessSupported,
  hipDevP2PAttrNativeAtomicSupported,
  hipDevP2PAttrHipArrayAccessSupported
} hipDeviceP2PAttr;
hipError_t hipDeviceGetP2PAttribute(int* value, hipDeviceP2PAttr attr, int srcDevice, int dstDevice);
hipError_t hipArrayCreate(hipArray_t* array, const HIP_ARRAY_DESCRIPTOR* desc);
hipError_t hipArray3DCreate(hipArray_t* array, const HIP_ARRAY3D_DESCRIPTOR* desc);
hipError_t hipArrayDestroy(hipArray_t array);
hipError_t hipMallocMipmappedArray(hipMipmappedArray_t* mipmappedArray, const hipChannelFormatDesc* desc,
                                   hipExtent extent, unsigned int numLevels, unsigned int flags = 0);
hipError_t hipFreeMipmappedArray(hipMipmappedArray_t mipmappedArray);
hipError_t hipGetMipmappedArrayLevel(hipArray_t* levelArray, hipMipmappedArray_const_t mipmappedArray,
                                     unsigned int level);
hipError_t hipIpcGetMemHandle(hipIpcMemHandle_t* handle, void* devPtr);
hipError_t hipIpcOpenMemHandle(void** devPtr, hipIpcMemHandle_t handle, unsigned int flags);
hipError_t hipIpcCloseMemHandle(void* devPtr);
hipError_t hipIpcGetEventHandle(hipIpcEventHandle_t* handle, hipEvent_t event);
hipError_t hipIpcOpenEventHandle(hipEvent_t* event, hipIpcEventHandle_t handle);

// Streams and events.
hipError_t hipStreamCreate(hipStream_t* stream);
hipError_t hipStreamCreateWithFlags(hipStream_t* stream, unsigned int flags);
hipError_t hipStreamCreateWithPriority(hipStream_t* stream, unsigned int flags, int priority);
hipError_t hipExtStreamCreateWithCUMask(hipStream_t* stream, uint32_t cuMaskSize, const uint32_t* cuMask);
hipError_t hipStreamDestroy(hipStream_t stream);
hipError_t hipStreamSynchronize(hipStream_t stream);
hipError_t hipStreamQuery(hipStream_t stream);
hipError_t hipStreamWaitEvent(hipStream_t stream, hipEvent_t event, unsigned int flags = 0);
hipError_t hipStreamGetFlags(hipStream_t stream, unsigned int* flags);
hipError_t hipStreamGetPriority(hipStream_t stream, int* priority);
hipError_t hipStreamGetDevice(hipStream_t stream, hipDevice_t* device);
int hipGetStreamDeviceId(hipStream_t stream);  // AMD's, ROCm 6
hipError_t hipStreamAddCallback(hipStream_t stream, hipStreamCallback_t callback, void* userData, unsigned int flags);
hipError_t hipStreamAttachMemAsync(hipStream_t stream, void* dev_ptr, size_t length = 0,
                                   unsigned int flags = hipMemAttachSingle);
hipError_t hipEventCreate(hipEvent_t* event);
hipError_t hipEventCreateWithFlags(hipEvent_t* event, unsigned flags);
hipError_t hipEventDestroy(hipEvent_t event);
hipError_t hipEventRecord(hipEvent_t event, hipStream_t stream = 0);
hipError_t hipEventSynchronize(hipEvent_t event);
hipError_t hipEventQuery(hipEvent_t event);
hipError_t hipEventElapsedTime(float* ms, hipEvent_t start, hipEvent_t stop);

// Graphs and stream capture.
hipError_t hipStreamBeginCapture(hipStream_t stream, hipStreamCaptureMode mode);
hipError_t hipStreamEndCapture(hipStream_t stream, hipGraph_t* pGraph);
hipError_t hipStreamIsCapturing(hipStream_t stream, hipStreamCaptureStatus* pCaptureStatus);
hipError_t hipStreamGetCaptureInfo(hipStream_t stream, hipStreamCaptureStatus* pCaptureStatus, unsigned long long* pId);
hipError_t hipGraphCreate(hipGraph_t* pGraph, unsigned int flags);
hipError_t hipGraphDestroy(hipGraph_t graph);
hipError_t hipGraphClone(hipGraph_t* pGraphClone, hipGraph_t originalGraph);
hipError_t hipGraphAddKernelNode(hipGraphNode_t* pGraphNode, hipGraph_t graph, const hipGraphNode_t* pDependencies,
                                 size_t numDependencies, const hipKernelNodeParams* pNodeParams);
hipError_t hipGraphKernelNodeGetParams(hipGraphNode_t node, hipKernelNodeParams* pNodeParams);
hipError_t hipGraphKernelNodeSetParams(hipGraphNode_t node, const hipKernelNodeParams* pNodeParams);
hipError_t hipGraphAddMemcpyNode(hipGraphNode_t* pGraphNode, hipGraph_t graph, const hipGraphNode_t* pDependencies,
                                 size_t numDependencies, const hipMemcpy3DParms* pCopyParams);
hipError_t hipGraphAddMemcpyNode1D(hipGraphNode_t* pGraphNode, hipGraph_t graph, const hipGraphNode_t* pDependencies,
                                   size_t numDependencies, void* dst, const void* src, size_t count,
                                   hipMemcpyKind kind);
hipError_t hipGraphAddMemsetNode(hipGraphNode_t* pGraphNode, hipGraph_t graph, const hipGraphNode_t* pDependencies,
                                 size_t numDependencies, const hipMemsetParams* pMemsetParams);
hipError_t hipGraphAddHostNode(hipGraphNode_t* pGraphNode, hipGraph_t graph, const hipGraphNode_t* pDependencies,
                               size_t numDependencies, const hipHostNodeParams* pNodeParams);
hipError_t hipGraphAddEmptyNode(hipGraphNode_t* pGraphNode, hipGraph_t graph, const hipGraphNode_t* pDependencies,
                                size_t numDependencies);
hipError_t hipGraphAddChildGraphNode(hipGraphNode_t* pGraphNode, hipGraph_t graph, const hipGraphNode_t* pDependencies,
                                     size_t numDependencies, hipGraph_t childGraph);
hipError_t hipGraphAddDependencies(hipGraph_t graph, const hipGraphNode_t* from, const hipGraphNode_t* to,
                                   size_t numDependencies);
hipError_t hipGraphGetNodes(hipGraph_t graph, hipGraphNode_t* nodes, size_t* numNodes);
hipError_t hipGraphNodeGetType(hipGraphNode_t node, hipGraphNodeType* pType);
hipError_t hipGraphInstantiate(hipGraphExec_t* pGraphExec, hipGraph_t graph, hipGraphNode_t* pErrorNode,
                               char* pLogBuffer, size_t bufferSize);
hipError_t hipGraphInstantiateWithFlags(hipGraphExec_t* pGraphExec, hipGraph_t graph, unsigned long long flags);
hipError_t hipGraphLaunch(hipGraphExec_t graphExec, hipStream_t stream);
hipError_t hipGraphUpload(hipGraphExec_t graphExec, hipStream_t stream);
hipError_t hipGraphExecDestroy(hipGraphExec_t graphExec);
hipError_t hipGraphExecUpdate(hipGraphExec_t hGraphExec, hipGraph_t hGraph, hipGraphNode_t* hErrorNode_out,
                              hipGraphExecUpdateResult* updateResult_out);
hipError_t hipGraphExecKernelNodeSetParams(hipGraphExec_t hGraphExec, hipGraphNode_t node,
                                           const hipKernelNodeParams* pNodeParams);

// Occupancy.
hipError_t hipOccupancyMaxActiveBlocksPerMultiprocessor(int* numBlocks, const void* f, int blockSize,
                                                        size_t dynSharedMemPerBlk);
hipError_t hipOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(int* numBlocks, const void* f, int blockSize,
                                                                 size_t dynSharedMemPerBlk, unsigned int flags);
hipError_t hipOccupancyMaxPotentialBlockSize(int* gridSize, int* blockSize, const void* f, size_t dynSharedMemPerBlk,
                                             int blockSizeLimit);
hipError_t hipModuleOccupancyMaxPotentialBlockSize(int* gridSize, int* blockSize, hipFunction_t f,
                                                   size_t dynSharedMemPerBlk, int blockSizeLimit);
hipError_t hipModuleOccupancyMaxActiveBlocksPerMultiprocessor(int* numBlocks, hipFunction_t f, int blockSize,
                                                              size_t dynSharedMemPerBlk);

// Textures and surfaces.
hipError_t hipCreateTextureObject(hipTextureObject_t* pTexObject, const hipResourceDesc* pResDesc,
                                  const hipTextureDesc* pTexDesc, const hipResourceViewDesc* pResViewDesc);
hipError_t hipDestroyTextureObject(hipTextureObject_t textureObject);
hipError_t hipCreateSurfaceObject(hipSurfaceObject_t* pSurfObject, const hipResourceDesc* pResDesc);
hipError_t hipDestroySurfaceObject(hipSurfaceObject_t surfaceObject);
hipChannelFormatDesc hipCreateChannelDesc(int x, int y, int z, int w, hipChannelFormatKind f);
template <typename T>
hipChannelFormatDesc hipCreateChannelDesc();
hipError_t hipGetChannelDesc(hipChannelFormatDesc* desc, hipArray_const_t array);

// Profiler control.
hipError_t hipProfilerStart(void);
hipError_t hipProfilerStop(void);

// The C++ conveniences ROCm adds over the C API.
template <typename T>
inline hipError_t hipMalloc(T** ptr, size_t size) {
  return hipMalloc(reinterpret_cast<void**>(ptr), size);
}
template <typename T>
inline hipError_t hipMallocManaged(T** ptr, size_t size, unsigned int flags = hipMemAttachGlobal) {
  return hipMallocManaged(reinterpret_cast<void**>(ptr), size, flags);
}
template <typename T>
inline hipError_t hipMallocAsync(T** ptr, size_t size, hipStream_t stream) {
  return hipMallocAsync(reinterpret_cast<void**>(ptr), size, stream);
}
template <typename T>
inline hipError_t hipMallocPitch(T** ptr, size_t* pitch, size_t width, size_t height) {
  return hipMallocPitch(reinterpret_cast<void**>(ptr), pitch, width, height);
}
template <typename T>
inline hipError_t hipHostMalloc(T** ptr, size_t size, unsigned int flags = hipHostMallocDefault) {
  return hipHostMalloc(reinterpret_cast<void**>(ptr), size, flags);
}
template <typename T>
inline hipError_t hipHostAlloc(T** ptr, size_t size, unsigned int flags = hipHostAllocDefault) {
  return hipHostAlloc(reinterpret_cast<void**>(ptr), size, flags);
}
template <typename T>
inline hipError_t hipMallocHost(T** ptr, size_t size) {
  return hipMallocHost(reinterpret_cast<void**>(ptr), size);
}
template <typename T>
inline hipError_t hipHostGetDevicePointer(T** devPtr, void* hstPtr, unsigned int flags) {
  return hipHostGetDevicePointer(reinterpret_cast<void**>(devPtr), hstPtr, flags);
}
template <typename T>
inline hipError_t hipMemcpyToSymbol(const T& symbol, const void* src, size_t sizeBytes, size_t offset = 0,
                                    hipMemcpyKind kind = hipMemcpyHostToDevice) {
  return hipMemcpyToSymbol(static_cast<const void*>(&symbol), src, sizeBytes, offset, kind);
}
template <typename T>
inline hipError_t hipMemcpyToSymbolAsync(const T& symbol, const void* src, size_t sizeBytes, size_t offset,
                                         hipMemcpyKind kind, hipStream_t stream = 0) {
  return hipMemcpyToSymbolAsync(static_cast<const void*>(&symbol), src, sizeBytes, offset, kind, stream);
}
template <typename T>
inline hipError_t hipMemcpyFromSymbol(void* dst, const T& symbol, size_t sizeBytes, size_t offset = 0,
                                      hipMemcpyKind kind = hipMemcpyDeviceToHost) {
  return hipMemcpyFromSymbol(dst, static_cast<const void*>(&symbol), sizeBytes, offset, kind);
}
template <typename T>
inline hipError_t hipMemcpyFromSymbolAsync(void* dst, const T& symbol, size_t sizeBytes, size_t offset,
                                           hipMemcpyKind kind, hipStream_t stream = 0) {
  return hipMemcpyFromSymbolAsync(dst, static_cast<const void*>(&symbol), sizeBytes, offset, kind, stream);
}
template <typename T>
inline hipError_t hipGetSymbolAddress(void** devPtr, const T& symbol) {
  return hipGetSymbolAddress(devPtr, static_cast<const void*>(&symbol));
}
template <typename T>
inline hipError_t hipGetSymbolSize(size_t* size, const T& symbol) {
  return hipGetSymbolSize(size, static_cast<const void*>(&symbol));
}
template <typename T>
inline hipError_t hipFuncGetAttributes(hipFuncAttributes* attr, T func) {
  return hipFuncGetAttributes(attr, reinterpret_cast<const void*>(func));
}
template <typename T>
inline hipError_t hipFuncSetAttribute(T func, hipFuncAttribute attr, int value) {
  return hipFuncSetAttribute(reinterpret_cast<const void*>(func), attr, value);
}
template <typename T>
inline hipError_t hipFuncSetCacheConfig(T func, hipFuncCache_t config) {
  return hipFuncSetCacheConfig(reinterpret_cast<const void*>(func), config);
}
template <typename T>
inline hipError_t hipOccupancyMaxActiveBlocksPerMultiprocessor(int* numBlocks, T f, int blockSize,
                                                               size_t dynSharedMemPerBlk) {
  return hipOccupancyMaxActiveBlocksPerMultiprocessor(numBlocks, reinterpret_cast<const void*>(f), blockSize,
                                                      dynSharedMemPerBlk);
}
template <typename T>
inline hipError_t hipOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(int* numBlocks, T f, int blockSize,
                                                                        size_t dynSharedMemPerBlk, unsigned int flags) {
  return hipOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(numBlocks, reinterpret_cast<const void*>(f), blockSize,
                                                               dynSharedMemPerBlk, flags);
}
template <typename T>
inline hipError_t hipOccupancyMaxPotentialBlockSize(int* gridSize, int* blockSize, T f, size_t dynSharedMemPerBlk = 0,
                                                    int blockSizeLimit = 0) {
  return hipOccupancyMaxPotentialBlockSize(gridSize, blockSize, reinterpret_cast<const void*>(f), dynSharedMemPerBlk,
                                           blockSizeLimit);
}
