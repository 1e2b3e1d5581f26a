"""The build's one dynamic part: `OUTLAST_COMPILE=1 pip install .` compiles the rules core with Cython.

Without OUTLAST_COMPILE (or with 0) this adds nothing: the package is pure Python, as pyproject.toml
describes it. The module list is `outlast.compiled.MODULES`; docs/compiled.md says what compiling buys and
how it is tested. Cython is imported only when the extensions are built: pip asks the build backend
(build_backend/outlast_build.py) what the build needs before Cython is installed, and that runs this file.
"""

from __future__ import annotations

import os
import runpy

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

SOURCES = os.path.join("src", "outlast", "compiled.py")


def compile_requested() -> bool:
    """OUTLAST_COMPILE: unset, empty or 0 builds pure Python; 1 compiles; anything else is refused."""
    value = os.environ.get("OUTLAST_COMPILE", "").strip()
    if value not in ("", "0", "1"):
        raise SystemExit(f"OUTLAST_COMPILE={value!r}: use 1 to compile the rules core with Cython, or 0 (or "
                         "leave it unset) for pure Python")
    return value == "1"


def planned() -> list[Extension]:
    """One extension per module of `outlast.compiled.MODULES`, from its Python source."""
    plan = runpy.run_path(SOURCES)
    return [Extension(name, [plan["source_path"](name)]) for name in plan["MODULES"]]


class CythonBuildExt(build_ext):
    """build_ext that first turns the planned modules' Python sources into C with Cython.

    pip runs egg_info, which finalizes this command too, before Cython is installed (to ask the backend what
    the build needs): without Cython the sources stay as they are until `run`, which then refuses."""

    def finalize_options(self) -> None:
        try:
            from Cython.Build import cythonize
        except ImportError:
            pass
        else:
            self.distribution.ext_modules = cythonize(
                self.distribution.ext_modules,
                build_dir=os.path.join("build", "cython"),  # the generated C stays out of src/
                nthreads=os.cpu_count() or 1,
                language_level=3,
                compiler_directives={
                    "binding": True,  # functions stay introspectable (inspect.signature) and bind as methods
                    "annotation_typing": False,  # annotations are mypy's: Cython must not make them C type checks
                },
            )
        if self.parallel is None:
            self.parallel = os.cpu_count() or 1
        super().finalize_options()

    def run(self) -> None:
        if any(source.endswith(".py") for ext in self.extensions for source in ext.sources):
            # only with --no-build-isolation: the backend asks for Cython otherwise
            raise SystemExit("OUTLAST_COMPILE=1 needs Cython 3 where the package is built: pip install 'Cython>=3'")
        super().run()


if compile_requested():
    setup(ext_modules=planned(), cmdclass={"build_ext": CythonBuildExt})
else:
    setup()
