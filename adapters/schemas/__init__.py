"""The contract's JSON Schemas (docs/contract.md), loaded by `adapters.contract.schema`."""
