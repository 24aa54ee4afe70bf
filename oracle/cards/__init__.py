"""The catalog's cards, one module per rules area; each module's `GROUPS` yields its cards
(`oracle.card.make`), and `oracle.catalog` gathers them."""
