"""The renderer's caches whose size depends on how busy the server is, sized by its settings.

Everything a picture reuses from the last one is shared by every table: the city, the empty
cards and the action board are drawn once per player count, layout and picture size, never per
game, so their number does not grow with the number of games being played. What still grows
with the workload (how many sizes and player counts are drawn, how many different names are
measured) is kept in least-recently-used caches whose size the configuration sets
(``picture_cache`` in ``config.toml``); ``configure`` applies it at start-up.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from functools import lru_cache
from typing import Generic, ParamSpec, TypeVar

P = ParamSpec("P")
R = TypeVar("R")

#: Shared picture layers kept by default: the two layers of each of the three player counts at
#: one size and layout need 4 (one upper layer serves every player count); players and channels
#: each choose a layout, so the three layouts need 12, and 14 leaves room to spare. Each is a
#: full-size pixel buffer: about 2.8 MB at 1000 pixels landscape, 4.9 MB portrait or phone.
DEFAULT_LAYERS = 14
#: Measured strings kept per shared layer allowed (names, requests, tags: a table needs ~40).
TEXTS_PER_LAYER = 512


class Sized(Generic[P, R]):
    """A function with a least-recently-used cache whose size can be set after import."""

    def __init__(self, fn: Callable[P, R], size: int) -> None:
        self._fn = fn
        self._cached: Callable[P, R] = lru_cache(maxsize=size)(fn)
        self.size = size

    def __call__(self, *args: P.args, **kwargs: P.kwargs) -> R:
        return self._cached(*args, **kwargs)

    def resize(self, size: int) -> None:
        """Keep at most ``size`` results from now on (what was kept is dropped)."""
        self._cached = lru_cache(maxsize=size)(self._fn)
        self.size = size

    def info(self) -> object:
        """Hits, misses and size, as ``functools`` reports them."""
        return self._cached.cache_info()  # type: ignore[attr-defined]


_ALL: dict[str, tuple[Sized[..., object], int]] = {}
_LOCK = threading.Lock()


def sized(name: str, per_layer: int = 1) -> Callable[[Callable[P, R]], Sized[P, R]]:
    """Decorate a function with a cache of ``per_layer`` results per shared layer allowed."""

    def wrap(fn: Callable[P, R]) -> Sized[P, R]:
        cache: Sized[P, R] = Sized(fn, DEFAULT_LAYERS * per_layer)
        with _LOCK:
            _ALL[name] = (cache, per_layer)  # type: ignore[assignment]
        return cache

    return wrap


def configure(layers: int) -> None:
    """Size every workload-dependent cache for ``layers`` shared picture layers."""
    if layers < 1:
        raise ValueError("the picture cache must hold at least 1 layer")
    with _LOCK:
        for cache, per_layer in _ALL.values():
            if cache.size != layers * per_layer:
                cache.resize(layers * per_layer)


def clear() -> None:
    """Drop everything kept (the next pictures draw their shared layers again)."""
    with _LOCK:
        for cache, _ in _ALL.values():
            cache.resize(cache.size)


def sizes() -> dict[str, int]:
    """Each cache's name and how many results it keeps."""
    with _LOCK:
        return {name: cache.size for name, (cache, _) in _ALL.items()}
