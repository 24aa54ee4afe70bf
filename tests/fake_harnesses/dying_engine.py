"""The oracle in process, but its process dies (exit status 7) on the first `activate_mana`, as an engine
with a native crash would take its worker down: `module:dying_engine:DyingEngine`."""
import os

from mtg_conformance.adapters.oracle_adapter import OracleEngine


class DyingEngine(OracleEngine):
    def act(self, action):
        if action["type"] == "activate_mana":
            os._exit(7)
        return super().act(action)
