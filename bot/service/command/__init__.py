"""What every command shares: the forms of its declaration (``forms.py``: ``Entry``, ``Route``
and the facts on it), what a handler is given and gives back (``context.py``), the needs checked
before it runs (``needs.py``), asking before a big change (``confirm.py``), playing moves on a
draft (``playing.py``), and the words of a message (``words.py``).
"""
