# How the HIP analyser module links Clang and LLVM.
#
# Statically (the default where Debian's archives are installed: libclang-14-dev and llvm-14-dev ship
# them, built with -fPIC and -ffunction-sections): only the code and data the analyser reaches go into
# the module, hidden, with its relocations packed. Opening it costs 6 MB of resident memory instead of
# the 62 MB that libLLVM-14.so and libclang-cpp.so take (their relocations and the data those dirty),
# the floor under every HIP run's peak (bench/hip.md, "Static Clang"). Shared where an archive is
# missing, or with -DAORTALINT_HIP_STATIC_CLANG=OFF.

# What libaortalint_hip needs of Clang 14, and what those need of LLVM (`llvm-config-14 --link-static
# --libs` of the components Clang's libraries name); linked as one group, so their order is free.
set(AORTALINT_HIP_CLANG_ARCHIVES
    clangTooling clangToolingCore clangToolingInclusions clangFrontend clangDriver clangSerialization
    clangParse clangSema clangAnalysis clangASTMatchers clangAST clangEdit clangLex clangBasic clangRewrite
    clangFormat clangAPINotes
    LLVMFrontendOpenMP LLVMScalarOpts LLVMInstCombine LLVMAggressiveInstCombine LLVMTransformUtils
    LLVMAnalysis LLVMProfileData LLVMDebugInfoDWARF LLVMObject LLVMTextAPI LLVMMCParser LLVMMC
    LLVMDebugInfoCodeView LLVMBitReader LLVMCore LLVMRemarks LLVMBitstreamReader LLVMBinaryFormat
    LLVMOption LLVMSupport LLVMDemangle)

set(_hip_archives)
set(_hip_missing)
foreach(name ${AORTALINT_HIP_CLANG_ARCHIVES})
  set(archive ${LLVM_LIBRARY_DIR}/lib${name}.a)
  if(EXISTS ${archive})
    list(APPEND _hip_archives ${archive})
  else()
    list(APPEND _hip_missing lib${name}.a)
  endif()
endforeach()
set(_hip_static_default ON)
if(_hip_missing)
  set(_hip_static_default OFF)
endif()
option(AORTALINT_HIP_STATIC_CLANG "Link the HIP analyser module against Clang's and LLVM's static archives"
       ${_hip_static_default})
if(AORTALINT_HIP_STATIC_CLANG AND _hip_missing)
  message(FATAL_ERROR "AORTALINT_HIP_STATIC_CLANG needs ${_hip_missing} in ${LLVM_LIBRARY_DIR} "
                      "(libclang-14-dev, llvm-14-dev); install them or configure with -DAORTALINT_HIP_STATIC_CLANG=OFF")
elseif(NOT AORTALINT_HIP_STATIC_CLANG AND _hip_missing)
  message(STATUS "HIP module: linking libclang-cpp and libLLVM shared (no ${_hip_missing} in ${LLVM_LIBRARY_DIR})")
endif()

include(CheckLinkerFlag)
# DT_RELR: the module's 200,000 relative relocations in 36 KB instead of 4.7 MB (binutils 2.38, glibc 2.36).
check_linker_flag(CXX "-Wl,-z,pack-relative-relocs" AORTALINT_LD_PACK_RELATIVE_RELOCS)

function(aortalint_hip_link_clang target)
  if(NOT AORTALINT_HIP_STATIC_CLANG)
    target_link_libraries(${target} PRIVATE clang-cpp LLVM)
    return()
  endif()
  # Terminfo and zlib: LLVMSupport's colours and compression (LLVM's CMake package found them).
  target_link_libraries(${target} PRIVATE -Wl,--start-group ${_hip_archives} -Wl,--end-group
                        ZLIB::ZLIB Terminfo::terminfo)
  # No symbol of the archives exported; sections nothing reaches dropped.
  target_link_options(${target} PRIVATE -Wl,--exclude-libs,ALL -Wl,--gc-sections)
  # A symbol no archive defines is an error at link time, not at dlopen (not under the sanitizers, whose
  # runtime the executable brings).
  if(NOT AORTALINT_FUZZ)
    target_link_options(${target} PRIVATE -Wl,-z,defs)
  endif()
  if(AORTALINT_LD_PACK_RELATIVE_RELOCS)
    target_link_options(${target} PRIVATE -Wl,-z,pack-relative-relocs)
  endif()
endfunction()
