# ruff's WebAssembly build (the real ruff, run under node), for the test that
# runs ruff's isort rule I001 over the import-order fixes (import_sorters_test).
# Fetched with `npm pack` by pinned version and checked against its sha256
# (tests/sorters/VERSION), as the grammar is. Nothing of it is committed. When
# npm is missing or the fetch fails the test reports itself SKIPPED, saying why.
file(STRINGS ${CMAKE_CURRENT_LIST_DIR}/VERSION _ruff_lines)
list(GET _ruff_lines 0 _ruff_name_line)
list(GET _ruff_lines 1 _ruff_sha_line)
string(REPLACE " " ";" _ruff_name_parts "${_ruff_name_line}")
list(GET _ruff_name_parts 0 RUFF_WASM_PACKAGE)
list(GET _ruff_name_parts 1 RUFF_WASM_VERSION)
string(REPLACE "sha256 " "" RUFF_WASM_SHA256 "${_ruff_sha_line}")

set(RUFF_WASM_DIR ${CMAKE_BINARY_DIR}/_deps/ruff-wasm-nodejs-${RUFF_WASM_VERSION})
set(_ruff_tgz ${CMAKE_BINARY_DIR}/_deps/astral-sh-ruff-wasm-nodejs-${RUFF_WASM_VERSION}.tgz)
if(NOT EXISTS ${RUFF_WASM_DIR}/ruff_wasm.js)
  file(MAKE_DIRECTORY ${CMAKE_BINARY_DIR}/_deps)
  set(_ruff_ok TRUE)
  if(DEFINED ENV{AORTALINT_RUFF_WASM_TGZ})   # offline builds: a tarball fetched earlier
    configure_file($ENV{AORTALINT_RUFF_WASM_TGZ} ${_ruff_tgz} COPYONLY)
  else()
    find_program(NPM npm)
    if(NPM)
      execute_process(COMMAND ${NPM} pack --silent ${RUFF_WASM_PACKAGE}@${RUFF_WASM_VERSION}
                      WORKING_DIRECTORY ${CMAKE_BINARY_DIR}/_deps
                      RESULT_VARIABLE _ruff_rc OUTPUT_QUIET ERROR_VARIABLE _ruff_err)
      if(NOT _ruff_rc EQUAL 0)
        message(WARNING "npm pack ${RUFF_WASM_PACKAGE}@${RUFF_WASM_VERSION} failed (the import_sorters test will skip): ${_ruff_err}")
        set(_ruff_ok FALSE)
      endif()
    else()
      message(WARNING "npm not found: ${RUFF_WASM_PACKAGE} is not fetched and the import_sorters test will skip")
      set(_ruff_ok FALSE)
    endif()
  endif()
  if(_ruff_ok)
    file(SHA256 ${_ruff_tgz} _ruff_actual)
    if(NOT _ruff_actual STREQUAL RUFF_WASM_SHA256)
      file(REMOVE ${_ruff_tgz})
      message(FATAL_ERROR "${RUFF_WASM_PACKAGE} ${RUFF_WASM_VERSION}: sha256 ${_ruff_actual}, expected ${RUFF_WASM_SHA256}")
    endif()
    file(ARCHIVE_EXTRACT INPUT ${_ruff_tgz} DESTINATION ${CMAKE_BINARY_DIR}/_deps/_ruff)
    file(REMOVE_RECURSE ${RUFF_WASM_DIR})
    file(RENAME ${CMAKE_BINARY_DIR}/_deps/_ruff/package ${RUFF_WASM_DIR})
    file(REMOVE_RECURSE ${CMAKE_BINARY_DIR}/_deps/_ruff)
    file(REMOVE ${_ruff_tgz})
  endif()
endif()
