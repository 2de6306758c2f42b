# add_pytest(NAME FILE): a ctest that runs pytest on FILE (in the calling
# folder) with the package from the build tree (build/python), the bundled
# en_US dictionary (SPELLFILTER_TEST_DICT) and the command line tool
# (SPELLFILTER_EXE). Skipped (77) when pytest is missing.
set(SPELLFILTER_RUN_PYTEST ${CMAKE_CURRENT_LIST_DIR}/run_pytest.py)
function(add_pytest name file)
  add_test(NAME ${name}
    COMMAND ${CMAKE_COMMAND} -E env
            PYTHONPATH=${PROJECT_BINARY_DIR}/python
            SPELLFILTER_TEST_DICT=${PROJECT_BINARY_DIR}/dictionaries/en_US.sfd
            SPELLFILTER_EXE=$<TARGET_FILE:spellfilter>
            PYTHONDONTWRITEBYTECODE=1
            ${Python3_EXECUTABLE} ${SPELLFILTER_RUN_PYTEST}
            ${CMAKE_CURRENT_SOURCE_DIR}/${file})
  set_tests_properties(${name} PROPERTIES SKIP_RETURN_CODE 77)
endfunction()
