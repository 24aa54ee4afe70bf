"""The catalog's cards, one module per rules area, named as the area in `oracle.vocabulary.AREAS`
(tests/test_areas.py); each module's `GROUPS` yields its cards (`oracle.card.make`), and
`oracle.catalog` gathers them from the areas."""
