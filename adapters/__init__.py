"""Engines behind the contract (docs/contract.md): the oracle, its mutants, real engines, stdio."""
