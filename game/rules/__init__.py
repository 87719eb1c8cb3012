"""Pure rules of the four games: no pygame, no AI, no I/O. See game/rules/base.py."""
