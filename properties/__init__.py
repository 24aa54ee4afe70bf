"""Generative conformance properties, written only against the engine contract (docs/contract.md)."""
