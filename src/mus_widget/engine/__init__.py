"""The rules engine: cards, hands and their values, betting, the game and its observations, the count.

Pure Python and standalone: it imports nothing of the rest of the package, nor any widget or notebook
library, so the bots, the teaching tools, the table and a classroom server all stand on it.
"""
