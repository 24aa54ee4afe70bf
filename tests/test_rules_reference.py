"""Every rules citation in the repository resolves in docs/rules.md, and nothing cites a source outside
the repository: scenario ids (T-…), rulings (R-…), numbered edge cases, and CR rule numbers — every
rule in properties.rules.RULE_TITLES with an entry of its own (and every rule the oracle decides by
with a title there), any other rule cited by the packages,
the docs or the tests' docstrings and comments with its own entry or its parent's."""
from __future__ import annotations

import ast
import io
import re
import tokenize
from pathlib import Path

from mtg_conformance.properties.rules import RULE_TITLES

ROOT = next(p for p in Path(__file__).resolve().parents if (p / "pyproject.toml").exists())
REFERENCE = ROOT / "docs" / "rules.md"
DOC = REFERENCE.read_text()
CODE_DIRS = ("oracle", "adapters", "properties", "runner", "tests", "benchmarks")
DOC_DIRS = ("docs", "harnesses")

SCENARIO = re.compile(r"(?<![\w-])T-\d[\w.]*(?:-[a-z0-9]+)*")
RULING = re.compile(r"(?<![\w-])R-[a-z]+(?:-[a-z]+)*")
EDGE_CASES = re.compile(r"\bedge cases? (\d+(?:\s*(?:,|/|–|-|and)\s*\d+)*)")
RULE = re.compile(r"(?<![\w.,])[1-8]\d\d\.\d+[a-z]?(?![\w%]|\.\d|\s*(?:ms|s|%|x)\b)")   # not 229.1 ms
OUTSIDE = re.compile(r"\b(?:the|rules) digest\b|\bdigest(?:'s|:|\s+(?:§|T-|item))|§\s*\d+"
                     r"|shared/(?:rules|seeds)|/work/|\bseeds?\s+0\d\d\b", re.IGNORECASE)


def sources() -> dict[Path, str]:
    """Every .py and .md file of the repository but docs/rules.md and this file, by path."""
    files = [*ROOT.glob("*.md")]
    for d in CODE_DIRS + DOC_DIRS:
        files += (ROOT / d).rglob("*.py")
        files += (ROOT / d).rglob("*.md")
    skip = {REFERENCE, Path(__file__).resolve()}
    return {f: f.read_text() for f in sorted(set(files)) if f not in skip and "__pycache__" not in f.parts}


SOURCES = sources()


def prose(path: Path, text: str) -> str:
    """What a file says in words: a document without its code blocks (benchmark figures, JSON), a test
    file's docstrings and comments (test code may use made-up rule numbers); other code as it is."""
    if path.suffix == ".md":
        return re.sub(r"^```.*?^```", "", text, flags=re.MULTILINE | re.DOTALL)
    if "tests" not in path.relative_to(ROOT).parts:
        return text
    nodes = [n for n in ast.walk(ast.parse(text))
             if isinstance(n, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))]
    tokens = tokenize.generate_tokens(io.StringIO(text).readline)
    comments = [t.string for t in tokens if t.type == tokenize.COMMENT]
    return "\n".join([ast.get_docstring(n) or "" for n in nodes] + comments)


def defined(pattern: str, text: str = DOC) -> set[str]:
    return set(re.findall(pattern, text, re.MULTILINE))


SCENARIOS = defined(r"^- \*\*(T-[^*]+)\*\*")
RULINGS = defined(r"^- \*\*(R-[^*]+)\*\*")
RULES = defined(r"\*\*([1-8]\d\d(?:\.\d+[a-z]?)?)\*\*")
EDGE_SECTION = DOC.split("\n## Edge cases\n", 1)[1].split("\n## ", 1)[0]
EDGES = {int(n) for n in defined(r"^(\d+)\. ", EDGE_SECTION)}


def cited(pattern: re.Pattern, files: dict[Path, str] = SOURCES) -> dict[str, set[str]]:
    """Each citation the pattern finds -> the files (relative to the root) citing it."""
    where: dict[str, set[str]] = {}
    for path, text in files.items():
        for match in pattern.finditer(text):
            where.setdefault(match.group(0), set()).add(str(path.relative_to(ROOT)))
    return where


def resolves(rule: str) -> bool:
    """A rule with an entry, or whose parent (106.12b -> 106.12) has one."""
    return rule in RULES or rule.rstrip("abcdefghijkmnpqrstuvwxyz") in RULES


def test_the_reference_defines_what_it_promises():
    assert len(SCENARIOS) >= 70 and len(RULINGS) >= 5
    assert EDGES == set(range(1, max(EDGES) + 1)), "edge cases are numbered 1..N without gaps"
    assert SCENARIO.findall(DOC) and all(s in SCENARIOS for s in SCENARIO.findall(DOC))
    assert all(r in RULINGS for r in RULING.findall(DOC))


def test_every_cited_scenario_id_is_in_the_reference():
    missing = {s: files for s, files in cited(SCENARIO).items() if s not in SCENARIOS}
    assert not missing, f"T- ids cited but not defined in docs/rules.md: {missing}"


def test_every_cited_ruling_id_is_in_the_reference():
    missing = {r: files for r, files in cited(RULING).items() if r not in RULINGS}
    assert not missing, f"R- ids cited but not defined in docs/rules.md: {missing}"


def test_every_cited_edge_case_is_in_the_reference():
    numbers = {int(n): files for citation, files in cited(EDGE_CASES).items()
               for n in re.findall(r"\d+", citation)}
    assert numbers, "the tests cite edge cases"
    missing = {n: files for n, files in numbers.items() if n not in EDGES}
    assert not missing, f"edge cases cited but not numbered in docs/rules.md: {missing}"


def test_every_rule_the_properties_check_has_an_entry():
    assert not set(RULE_TITLES) - RULES, "RULE_TITLES rules without an entry of their own"


def test_every_rule_the_oracle_decides_by_has_a_title():
    """A finding is blamed on the rule of an oracle decision, any of them: certificates and the
    matrix show its title."""
    quoted = re.compile(r'"([1-8]\d\d\.\d+[a-z]?)"')
    cited = {rule for path, text in SOURCES.items() if path.parts[len(ROOT.parts)] == "oracle"
             for rule in quoted.findall(text)}
    assert cited, "the oracle cites rules"
    assert not cited - set(RULE_TITLES), f"oracle rules without a title: {sorted(cited - set(RULE_TITLES))}"


def test_every_cited_rule_number_resolves():
    said = {path: prose(path, text) for path, text in SOURCES.items()}
    missing = {r: files for r, files in cited(RULE, said).items() if not resolves(r)}
    assert not missing, f"CR rules cited but not in docs/rules.md: {missing}"


def test_nothing_cites_a_source_outside_the_repository():
    found = {m: files for m, files in cited(OUTSIDE).items()}
    assert not found, f"references to material outside the repository: {found}"


def test_a_dangling_citation_would_be_caught():
    fake = {ROOT / "x.py": '"""T-106.5-nowhere, R-nowhere, edge case 99, CR 106.99; see the digest §12."""'}
    assert [s for s in cited(SCENARIO, fake) if s not in SCENARIOS] == ["T-106.5-nowhere"]
    assert [r for r in cited(RULING, fake) if r not in RULINGS] == ["R-nowhere"]
    assert list(cited(EDGE_CASES, fake)) == ["edge case 99"] and 99 not in EDGES
    assert [r for r in cited(RULE, fake) if not resolves(r)] == ["106.99"]
    assert set(cited(OUTSIDE, fake)) == {"the digest", "§12"}
