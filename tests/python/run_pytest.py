"""Runs pytest on the files given, exiting 77 (ctest's skip) when pytest is
not installed (Debian: python3-pytest, scripts/setup.sh --test).

The guard matters: Dask's worker processes are started by multiprocessing's
spawn, which imports the parent's main module (this file) in each child."""
import sys


def main():
    try:
        import pytest
    except ImportError:
        print("pytest is not installed (python3-pytest): skipped")
        return 77
    return pytest.main(["-q", "-p", "no:cacheprovider", *sys.argv[1:]])


if __name__ == "__main__":
    sys.exit(main())
