"""The runner: the pytest plugin, the `mtg-conformance` command line and its reports."""
