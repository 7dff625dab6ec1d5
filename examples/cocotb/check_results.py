"""check_results: does a cocotb JUnit results.xml hold every test of a module, each as expected?

    python3 check_results.py RESULTS.xml TEST_MODULE.py [--only A,B] [--expect-fail C,D]

The tests are the module's functions decorated with @cocotb.test (or those named by --only, as
with cocotb's TESTCASE); each must appear exactly once, and fail (a <failure> or <error>) if and
only if it is named by --expect-fail. Prints one line per test and a summary; exits 0 when all
is as expected, 1 otherwise (also for a missing or unreadable results file).
"""

import argparse
import ast
import sys
import xml.etree.ElementTree as ET


def module_tests(path):
    """Names of the @cocotb.test() functions of a test module, in order."""
    with open(path) as f:
        tree = ast.parse(f.read(), path)
    names = []
    for node in tree.body:
        if isinstance(node, ast.AsyncFunctionDef):
            for d in node.decorator_list:
                d = d.func if isinstance(d, ast.Call) else d
                if isinstance(d, ast.Attribute) and d.attr == "test":
                    names.append(node.name)
    return names


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("results")
    ap.add_argument("module")
    ap.add_argument("--only", default="", help="comma-separated tests (cocotb's TESTCASE)")
    ap.add_argument("--expect-fail", default="", help="comma-separated tests that must fail")
    a = ap.parse_args()
    want = [t for t in a.only.split(",") if t] or module_tests(a.module)
    fail_ok = {t for t in a.expect_fail.split(",") if t}
    if not want:
        print(f"check_results: {a.module}: no @cocotb.test functions")
        return 1
    try:
        cases = ET.parse(a.results).getroot().iter("testcase")
    except (OSError, ET.ParseError) as e:
        print(f"check_results: {a.results}: {e}")
        return 1
    seen = {}
    for c in cases:
        failed = c.find("failure") is not None or c.find("error") is not None
        seen.setdefault(c.get("name"), []).append(failed)
    bad = 0
    for t in want:
        runs = seen.pop(t, [])
        if len(runs) != 1:
            print(f"  MISSING {t}" if not runs else f"  TWICE   {t}")
            bad += 1
            continue
        verdict = "FAIL" if runs[0] else "PASS"
        expected = "FAIL" if t in fail_ok else "PASS"
        note = "" if verdict == expected else f" (expected {expected})"
        print(f"  {verdict}    {t}{note}")
        bad += verdict != expected
    for t in seen:
        print(f"  EXTRA   {t} (not a test of {a.module})")
        bad += 1
    print(f"check_results: {a.results}: {len(want)} tests, "
          f"{'as expected' if not bad else f'{bad} not as expected'}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
