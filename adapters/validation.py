"""One validation path for every published JSON Schema (adapters/schemas/): the contract's documents,
the stdio protocol's messages and saved vectors. Each schema is compiled once into a fast exact
predicate (jsonschema costs more than a whole stdio round trip); only an invalid value pays for
jsonschema, which names the first problem. Used by contract.validate (in-process adapters) and the
stdio adapter alike."""
from __future__ import annotations

import functools
import json
import re
from pathlib import Path

import jsonschema
import referencing
import referencing.jsonschema

SCHEMAS = Path(__file__).parent / "schemas"


def names() -> tuple[str, ...]:
    """Every published schema, by name: "scenario", "vector", "protocol/act-request", ..."""
    return tuple(sorted(str(p.relative_to(SCHEMAS).with_suffix("")) for p in SCHEMAS.rglob("*.json")))


@functools.cache
def schema(name: str) -> dict:
    """The published JSON Schema `name` (see `names`)."""
    return json.loads((SCHEMAS / f"{name}.json").read_text())


@functools.cache
def _registry() -> referencing.Registry:
    documents = [schema(name) for name in names()]
    return referencing.Registry().with_resources(
        (doc["$id"], referencing.jsonschema.DRAFT202012.create_resource(doc)) for doc in documents)


@functools.cache
def validator(name: str):
    """The jsonschema validator of `name`, resolving references to the other published schemas."""
    root = schema(name)
    return jsonschema.validators.validator_for(root)(root, registry=_registry())


@functools.cache
def is_valid(name: str):
    """A fast exact predicate for `name`."""
    root = schema(name)
    try:
        return _compile(root, _registry().resolver(root["$id"]), {})
    except _Unsupported:
        return validator(name).is_valid


def problem(name: str, value) -> str | None:
    """None if `value` is valid under schema `name`, else a one-line description of the first problem."""
    if is_valid(name)(value):
        return None
    error = jsonschema.exceptions.best_match(validator(name).iter_errors(value))
    if error is None:  # jsonschema has the last word
        return None
    where = "/".join(str(p) for p in error.absolute_path) or "(top)"
    return f"invalid {name.rpartition('/')[2]} at {where}: {error.message}"


# -- schema compiler: the keywords our schemas use, as predicates ---------------------------------------------

class _Unsupported(Exception):
    """A schema keyword the compiler does not know: jsonschema does the work."""


_ANNOTATIONS = {"$schema", "$id", "$defs", "$comment", "title", "description", "default", "examples",
                "then", "else"}
_TYPES = {
    "null": lambda v: v is None,
    "boolean": lambda v: v is True or v is False,
    "integer": lambda v: (type(v) is int) or (type(v) is float and v.is_integer()),
    "number": lambda v: type(v) in (int, float),
    "string": lambda v: type(v) is str,
    "array": lambda v: type(v) is list,
    "object": lambda v: type(v) is dict,
}


def _equal(a, b) -> bool:
    """JSON equality: true is not 1."""
    if type(a) is bool or type(b) is bool:
        return a is b
    if type(a) is dict and type(b) is dict:
        return a.keys() == b.keys() and all(_equal(a[k], b[k]) for k in a)
    if type(a) is list and type(b) is list:
        return len(a) == len(b) and all(map(_equal, a, b))
    return a == b


def _unique(items: list) -> bool:
    try:
        return len(set(items)) == len(items)  # may call 1 and true equal: then jsonschema decides
    except TypeError:
        return all(not _equal(a, b) for i, a in enumerate(items) for b in items[:i])


def _compile(schema, resolver, cache: dict):
    """A predicate equivalent to `schema`; raises _Unsupported for keywords it does not know."""
    if type(schema) is bool:
        return lambda v: schema
    checks = [_keyword(k, value, schema, resolver, cache) for k, value in schema.items() if k not in _ANNOTATIONS]
    return checks[0] if len(checks) == 1 else _every(checks)


def _every(tests):
    def check(v):
        for test in tests:
            if not test(v):
                return False
        return True
    return check


def _keyword(keyword: str, value, schema: dict, resolver, cache: dict):
    def sub(subschema):
        return _compile(subschema, resolver, cache)

    is_object, is_array, is_str = _TYPES["object"], _TYPES["array"], _TYPES["string"]
    if keyword == "$ref":
        resolved = resolver.lookup(value)
        key = id(resolved.contents)
        if key not in cache:
            cell = cache[key] = []
            cell.append(_compile(resolved.contents, resolved.resolver, cache))
        cell = cache[key]
        return lambda v: cell[0](v)
    if keyword == "type":
        tests = [_TYPES[t] for t in ([value] if type(value) is str else value)]
        return tests[0] if len(tests) == 1 else lambda v: any(test(v) for test in tests)
    if keyword in ("const", "enum"):
        options = [value] if keyword == "const" else value
        scalars = {o for o in options if o is None or type(o) in (str, int, float)}  # hashable, and not bool
        others = [o for o in options if not (o is None or type(o) in (str, int, float))]
        return lambda v: ((v is None or type(v) in (str, int, float)) and v in scalars
                          or any(_equal(v, option) for option in others))
    if keyword in ("minimum", "maximum"):
        number, sign = _TYPES["number"], 1 if keyword == "minimum" else -1
        return lambda v: not number(v) or sign * (v - value) >= 0
    if keyword == "minLength":
        return lambda v: not is_str(v) or len(v) >= value
    if keyword == "pattern":
        search = re.compile(value).search
        return lambda v: not is_str(v) or search(v) is not None
    if keyword in ("minItems", "maxItems", "minProperties", "maxProperties"):
        of_type, sign = (is_array if "Items" in keyword else is_object), 1 if keyword.startswith("min") else -1
        return lambda v: not of_type(v) or sign * (len(v) - value) >= 0
    if keyword == "uniqueItems":
        return lambda v: not value or not is_array(v) or _unique(v)
    if keyword == "prefixItems":
        tests = [sub(s) for s in value]
        return lambda v: not is_array(v) or all(test(item) for test, item in zip(tests, v))
    if keyword == "items":
        test, start = sub(value), len(schema.get("prefixItems", ()))
        return lambda v: not is_array(v) or all(map(test, v[start:]))
    if keyword == "required":
        return lambda v: not is_object(v) or all(name in v for name in value)
    if keyword == "properties":
        tests = [(name, sub(s)) for name, s in value.items()]

        def properties(v):
            if type(v) is dict:
                for name, test in tests:
                    if name in v and not test(v[name]):
                        return False
            return True
        return properties
    if keyword == "additionalProperties" and "patternProperties" not in schema:
        test, known = sub(value), set(schema.get("properties", ()))

        def additional(v):
            if type(v) is dict:
                for name, item in v.items():
                    if name not in known and not test(item):
                        return False
            return True
        return additional
    if keyword == "propertyNames":
        test = sub(value)
        return lambda v: not is_object(v) or all(map(test, v))
    if keyword in ("allOf", "anyOf", "oneOf"):
        tests = [sub(s) for s in value]
        if keyword == "oneOf":
            return lambda v: sum(1 for test in tests if test(v)) == 1
        return _every(tests) if keyword == "allOf" else lambda v: any(test(v) for test in tests)
    if keyword == "if":
        test, then, otherwise = sub(value), sub(schema.get("then", True)), sub(schema.get("else", True))
        return lambda v: then(v) if test(v) else otherwise(v)
    raise _Unsupported(keyword)
