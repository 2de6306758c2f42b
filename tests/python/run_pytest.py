"""Runs pytest on the files given, exiting 77 (ctest's skip) when pytest is
not installed (Debian: python3-pytest, scripts/setup.sh --test)."""
import sys

try:
    import pytest
except ImportError:
    print("pytest is not installed (python3-pytest): skipped")
    sys.exit(77)

sys.exit(pytest.main(["-q", "-p", "no:cacheprovider", *sys.argv[1:]]))
