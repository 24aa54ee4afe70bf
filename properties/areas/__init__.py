"""The focused properties, one module (or package of modules) per rules area, named as the area in
`oracle.vocabulary.AREAS` (tests/test_areas.py), and `common`, the building blocks they share.
Importing this package imports every module of it, so registers every property."""
import pkgutil
from importlib import import_module

MODULES = tuple(import_module(f"{__name__}.{module.name}") for module in pkgutil.iter_modules(__path__))
