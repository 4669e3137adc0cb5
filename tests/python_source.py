"""Python source parsed for the tests that read the code itself (imports, catalogue ids).

CPython 3.11 can raise "SystemError: AST constructor recursion depth mismatch" from
ast.parse when another thread runs Python code in the middle of it (gh-106905); the live
server threads of an earlier browser test in the same worker may still be answering a
late request. The parse runs with the cyclic garbage collector off (no finalizer of
another object runs inside it) and, should the interpreter still trip, once more.
"""

import ast
import gc


def parse(source: str) -> ast.Module:
    enabled = gc.isenabled()
    gc.disable()
    try:
        try:
            return ast.parse(source)
        except SystemError:
            return ast.parse(source)
    finally:
        if enabled:
            gc.enable()
