"""The oracle in process, but its adapter raises a KeyError on the first `activate_mana`, as an
in-process adapter with a bug in its own code would: `module:raising_engine:RaisingEngine`."""
from mtg_conformance.adapters.oracle_adapter import OracleEngine


class RaisingEngine(OracleEngine):
    def act(self, action):
        if action["type"] == "activate_mana":
            raise KeyError(None)
        return super().act(action)
