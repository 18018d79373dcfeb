"""Small problems written only with the three slots, to show how a new problem plugs in."""
