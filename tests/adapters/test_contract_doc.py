"""docs/contract.md's rejection and no-op tables are the oracle's own (adapters/contract_doc.py renders
them from oracle/rejections.py and oracle/noops.py): the document can't differ from them unnoticed."""
from __future__ import annotations

import shutil

from mtg_conformance.adapters.contract_doc import COMMAND, CONTRACT, main, regenerate


def test_the_contract_shows_the_oracles_tables():
    text = CONTRACT.read_text()
    assert regenerate(text) == text, f"docs/contract.md differs from the oracle's tables: run {COMMAND}"


def test_a_table_edited_by_hand_is_noticed_and_rewritten(tmp_path, capsys):
    doc = tmp_path / "contract.md"
    shutil.copy(CONTRACT, doc)
    doc.write_text(doc.read_text().replace("| `tapped` | pays {T} with a tapped permanent |",
                                           "| `tapped`, `untapped` | pays {T} with a tapped permanent |"))
    assert main([str(doc), "--check"]) == 1
    assert "out of date" in capsys.readouterr().err
    assert main([str(doc)]) == 0
    assert doc.read_text() == CONTRACT.read_text()
    assert main([str(doc), "--check"]) == 0


def test_a_document_without_the_markers_is_a_one_line_error(tmp_path, capsys):
    doc = tmp_path / "contract.md"
    doc.write_text("# a contract\n")
    assert main([str(doc)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: no generated section") and err.count("\n") == 1
    assert main([str(tmp_path / "missing.md")]) == 2
