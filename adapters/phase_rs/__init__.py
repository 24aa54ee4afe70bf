"""phase.rs behind the engine contract (docs/contract.md), in process through phase-python (`phase`).

How the contract maps onto phase.rs (gaps and findings: docs/engines/phase-rs.md):
- A scenario becomes a phase.rs game state built from the objects of a game dealt once (a table,
  `scenario`): zones, control, tapped, summoning sickness, counters, phasing, attachments, chosen
  colours, turn and step are set, and the state is loaded. Nothing triggers while setting up.
- Actions an effect performs (phase_out, change_control, put_into_graveyard, tap,
  put_onto_battlefield) are zero-cost helper instants kept in exile, cast and exiled again, so the
  engine applies its own rules and triggers to them (`actions`).
- Mana parts of costs are added with phase.rs's debug AddMana just before paying.
- The harness's decisions answer the engine's prompts (`prompts`); an illegal action is rolled back
  (the game as it was, or the state last loaded with phase.rs's actions since replayed; `driving`),
  and its refusal message is mapped to a contract reason class (`vocabulary`).
- The adapter translates representation, never behaviour (docs/contract.md, "What an adapter may
  and may not do"): what phase.rs does is what the observation says (`observe`).
"""
from mtg_conformance.adapters.phase_rs.engine import PhaseEngine

__all__ = ["PhaseEngine"]
