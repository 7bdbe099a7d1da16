"""The last step of a command, outside any lock: the table's picture (``prepared.Prepared``,
drawn with ``renderer.py``'s renderer, described by ``alttext.py``), the score chart and the
animation (``story_job.py``) and the game's page (``page_job.py``, its notes ``page_notes.py``).
The renderer is imported only where something is drawn.
"""
