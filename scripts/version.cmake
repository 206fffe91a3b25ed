# Writes OUT (generated/version.h) with the commit of SOURCE_DIR, rewritten only when it changed,
# so that `hoyito --version` and `hoyito simulate` name the commit built without rebuilding every time.
execute_process(COMMAND git -C ${SOURCE_DIR} describe --always --dirty --abbrev=12
                OUTPUT_VARIABLE commit OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
if(NOT commit)
  set(commit "unknown")
endif()
set(text "#pragma once\n#define HOYITO_VERSION \"${VERSION}\"\n#define HOYITO_COMMIT \"${commit}\"\n")
if(EXISTS ${OUT})
  file(READ ${OUT} old)
endif()
if(NOT "${old}" STREQUAL "${text}")
  file(WRITE ${OUT} "${text}")
endif()
