"""The sentences several commands share: moves played and whose turn it is, final scores,
counts and times (``replies.py``), and the log of a game (``logbook.py``). A sentence one command
alone says is written in that command's module of ``verbs/``.
"""
