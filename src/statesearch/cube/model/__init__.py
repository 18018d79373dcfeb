"""The cube itself, with the standard library alone: pieces and stickers, moves and their notation,
reading a cube, drawing it, random cubes, the search's state."""
