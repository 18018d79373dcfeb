"""The cube's tables: patterns and their distances (Korf's, the 2x2x2's), the coset table and its
bounds, and how the cache keeps them."""
