# The tree-sitter-python grammar, fetched with `npm pack` by pinned version and
# checked against its sha256 (grammars/VERSION). Nothing of it is committed.
# 0.23.6 is ABI 14, the newest that Debian's libtree-sitter 0.20.7 loads.
file(STRINGS ${CMAKE_CURRENT_LIST_DIR}/VERSION _tsp_lines)
list(GET _tsp_lines 0 _tsp_name_line)
list(GET _tsp_lines 1 _tsp_sha_line)
string(REPLACE " " ";" _tsp_name_parts "${_tsp_name_line}")
list(GET _tsp_name_parts 1 TSP_VERSION)
string(REPLACE "sha256 " "" TSP_SHA256 "${_tsp_sha_line}")

set(TSP_DIR ${CMAKE_BINARY_DIR}/_deps/tree-sitter-python-${TSP_VERSION})
set(TSP_TGZ ${CMAKE_BINARY_DIR}/_deps/tree-sitter-python-${TSP_VERSION}.tgz)
if(NOT EXISTS ${TSP_DIR}/src/parser.c)
  file(MAKE_DIRECTORY ${CMAKE_BINARY_DIR}/_deps)
  if(DEFINED ENV{AORTALINT_GRAMMAR_TGZ})   # offline builds: a tarball fetched earlier
    configure_file($ENV{AORTALINT_GRAMMAR_TGZ} ${TSP_TGZ} COPYONLY)
  else()
    find_program(NPM npm REQUIRED)
    execute_process(COMMAND ${NPM} pack --silent tree-sitter-python@${TSP_VERSION}
                    WORKING_DIRECTORY ${CMAKE_BINARY_DIR}/_deps
                    RESULT_VARIABLE _tsp_rc OUTPUT_QUIET ERROR_VARIABLE _tsp_err)
    if(NOT _tsp_rc EQUAL 0)
      message(FATAL_ERROR "npm pack tree-sitter-python@${TSP_VERSION} failed: ${_tsp_err}")
    endif()
  endif()
  file(SHA256 ${TSP_TGZ} _tsp_actual)
  if(NOT _tsp_actual STREQUAL TSP_SHA256)
    file(REMOVE ${TSP_TGZ})
    message(FATAL_ERROR "tree-sitter-python ${TSP_VERSION}: sha256 ${_tsp_actual}, expected ${TSP_SHA256}")
  endif()
  file(ARCHIVE_EXTRACT INPUT ${TSP_TGZ} DESTINATION ${CMAKE_BINARY_DIR}/_deps/_tsp PATTERNS package/src package/LICENSE)
  file(REMOVE_RECURSE ${TSP_DIR})
  file(RENAME ${CMAKE_BINARY_DIR}/_deps/_tsp/package ${TSP_DIR})
  file(REMOVE_RECURSE ${CMAKE_BINARY_DIR}/_deps/_tsp)
endif()

add_library(ts_python STATIC ${TSP_DIR}/src/parser.c ${TSP_DIR}/src/scanner.c)
target_include_directories(ts_python PRIVATE ${TSP_DIR}/src)
set_target_properties(ts_python PROPERTIES C_STANDARD 11 POSITION_INDEPENDENT_CODE ON)
target_compile_options(ts_python PRIVATE -w)
