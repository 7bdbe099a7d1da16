"""The computer's thinking, shared fairly: worker processes, and the queue that feeds them.

Every search the computer makes (a bot seat's decision, an away or timed-out player's under
``on away bot`` / ``on timeout bot``, a ``hint``) is a ``computer.Ask``: a copy of the position
and the search's budget, with whose it is (``Share``). ``Thinker.submit`` queues it and gives a
future; nothing waits for it under the service's lock.

- **Processes.** The search is pure Python: on a thread it would hold the interpreter's lock
  the event loop and the database thread need, so it runs on worker processes
  (``THINKING_WORKERS``, started once per process and shared by its services; they run at a
  lower priority than the bot itself, and use both cores).
- **A fair turn.** One search is one decision (at most ``MAX_THINK_SECONDS``): a slice, never a
  whole run of a table's bots. When a worker is free the next search is taken server by server
  in turn and, within a server, member by member (``FairQueue``), searches a person waits for (a
  hint, a table where a person plays and is not away) before the others (bots alone, people
  away). So another server's decision waits at most for one slice of each worker, whatever one
  member has queued.
- **Budgets.** A search starts only while its member and its server have thinking seconds left
  (``Budgets.thinking_wait``: ``THINKING_PER_MEMBER``, ``THINKING_PER_SERVER``), and is charged
  the processor seconds it took when it is done; a member past their budget waits (their bots
  slow down) while everyone else's searches go on.
"""

from __future__ import annotations

import contextlib
import logging
import multiprocessing
import multiprocessing.connection
import os
import threading
from collections import OrderedDict, deque
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from functools import partial
from typing import Generic, TypeVar

from bot.service.budgets import Budgets
from bot.service.game.computer import Ask, Share, Thought, think
from engine.limits import THINKING_WORKERS

log = logging.getLogger(__name__)

T = TypeVar("T")

#: How much lower than the bot's own the workers' priority is (Unix ``nice``).
WORKER_NICE = 10
#: how long ``end_workers`` waits for an executor's manager thread to close its pipes (it ends
#: within milliseconds once its workers are terminated)
MANAGER_END_SECONDS = 2.0

_shared: ProcessPoolExecutor | None = None
_shared_lock = threading.Lock()


def _worker_start() -> None:
    """A worker process starts below the bot itself, where the system allows it (the event
    loop and the database thread come first when both cores are busy thinking), and ends when
    the bot does, however it ended (a killed bot's workers would otherwise wait for work
    forever: each holds both ends of its queue)."""
    with contextlib.suppress(AttributeError, OSError):
        os.nice(WORKER_NICE)
    parent = multiprocessing.parent_process()
    if parent is not None:
        threading.Thread(target=_end_with, args=(parent.sentinel,), daemon=True,
                         name="busbot-worker-watch").start()


def _end_with(sentinel: int) -> None:
    """Wait for the bot's process to end, then end this worker at once."""
    multiprocessing.connection.wait([sentinel])
    os._exit(0)


def worker_pool(broken: ProcessPoolExecutor | None = None) -> ProcessPoolExecutor:
    """The process's worker processes, started on first use (``spawn``: a fresh interpreter
    each, safe beside the bot's threads, the same on every system). ``broken``: the pool that
    failed (a worker was killed), replaced by a new one."""
    global _shared
    with _shared_lock:
        if _shared is None or _shared is broken:
            if _shared is not None:
                _shared.shutdown(wait=False, cancel_futures=True)
            _shared = ProcessPoolExecutor(
                max_workers=THINKING_WORKERS, mp_context=multiprocessing.get_context("spawn"),
                initializer=_worker_start)
        return _shared


_apart: ProcessPoolExecutor | None = None


def run_apart(call: Callable[..., T], *args: object,
              progress: Callable[[int, int], None] | None = None) -> T:
    """``call(*args)`` on a worker process of its own, waited for: a long computation of the
    computer's outside the fair queue of decisions (a game's ``review``, half a minute), run
    from the heavy worker's thread, which does one thing at a time, so at most one such
    process works at once, at the workers' lower priority. On a thread it would hold the
    interpreter's lock the event loop and the database thread need. A killed worker is
    replaced and the call made again, once. With ``progress``, ``call`` is given a
    ``progress`` of its own (done, total) whose reports come back through a pipe and are
    passed on here, on the calling thread, as they come."""
    global _apart
    for attempt in (1, 2):
        with _shared_lock:
            if _apart is None:
                _apart = ProcessPoolExecutor(
                    max_workers=1, mp_context=multiprocessing.get_context("spawn"),
                    initializer=_worker_start)
            pool = _apart
        try:
            if progress is None:
                return pool.submit(call, *args).result()
            return _reported(pool, call, args, progress)
        except BrokenProcessPool:
            with _shared_lock:
                if _apart is pool:
                    _apart = None
            if attempt == 2:
                raise
    raise AssertionError("unreachable")


def _reported(pool: ProcessPoolExecutor, call: Callable[..., T], args: tuple[object, ...],
              progress: Callable[[int, int], None]) -> T:
    """``call(*args, progress=...)`` on ``pool``, its reports passed to ``progress`` until it
    is done (the future's end is the pipe's last message: no waiting on a clock)."""
    reader, writer = multiprocessing.get_context("spawn").Pipe(duplex=False)
    try:
        future = pool.submit(_reporting, call, writer, *args)
        future.add_done_callback(lambda _: writer.send(None))
        while (report := reader.recv()) is not None:
            progress(*report)
        return future.result()
    finally:
        reader.close()
        writer.close()


def _reporting(call: Callable[..., T], writer: multiprocessing.connection.Connection,
               *args: object) -> T:
    """On the worker process: ``call`` with a ``progress`` that sends each report home."""
    return call(*args, progress=lambda done, total: writer.send((done, total)))


def end_workers() -> None:
    """End the process's worker processes now, for a process that is ending (``busbot run``
    after it stopped): a search under way is let go (its table is taken up again at the next
    start). Without this the interpreter's exit waits for every worker, one that is still
    starting included (a fresh interpreter importing the engine and the players: seconds on a
    busy machine), and a SIGTERM soon after a start took up to ten seconds to end busbot."""
    global _shared, _apart
    with _shared_lock:
        pools, _shared, _apart = (_shared, _apart), None, None  # a review's process too
    for pool in pools:
        if pool is None:
            continue
        # The executor keeps its processes privately and forgets them on shutdown: taken first.
        processes = list((pool._processes or {}).values())
        pool.shutdown(wait=False, cancel_futures=True)
        for process in processes:
            with contextlib.suppress(OSError):
                process.terminate()
        # The executor's manager thread sees its workers gone and closes its wake-up pipe;
        # the interpreter's exit hook writes to that pipe unless it is closed first, and a
        # write racing the close printed "Bad file descriptor" with a traceback at every
        # other SIGTERM on a busy machine. Waiting for the thread (briefly) ends the race.
        # (typeshed gives this attribute the wake-up's type: it holds the thread)
        manager = getattr(pool, "_executor_manager_thread", None)
        if isinstance(manager, threading.Thread):
            manager.join(timeout=MANAGER_END_SECONDS)


def _started(pool: ProcessPoolExecutor, done: Future[int]) -> None:
    """A worker started by ``Thinker.warm_up`` (without waiting) could not be: said once per
    worker; they are started again at the first search."""
    if done.cancelled() or pool is not _shared:  # ended or replaced meanwhile: as meant
        return
    error = done.exception()
    if error is not None:
        log.error("the thinking workers could not be started (%s: %s); they are started "
                  "again at the first search", type(error).__name__, error)


class FairQueue(Generic[T]):
    """Items taken in a fair turn: first those a person waits for, then the others; within
    each, one server after another and, within a server, one member after another (each
    served goes to the back of its line). Items of one member come in the order given."""

    def __init__(self) -> None:
        #: waiting first: server -> member -> items, each in the order of its turn
        self._lines: dict[bool, OrderedDict[str, OrderedDict[str, deque[T]]]] = {
            True: OrderedDict(), False: OrderedDict()}
        self._count = 0

    def __len__(self) -> int:
        return self._count

    def put(self, share: Share, item: T) -> None:
        servers = self._lines[share.waiting]
        members = servers.setdefault(share.server, OrderedDict())
        members.setdefault(share.member, deque()).append(item)
        self._count += 1

    def shares(self) -> list[Share]:
        """Every member with an item queued, in no particular order."""
        return [Share(server, member, waiting)
                for waiting, servers in self._lines.items()
                for server, members in servers.items() for member in members]

    def take(self, ready: Callable[[Share], bool] = lambda share: True) -> tuple[Share, T] | None:
        """The next item by the turn whose share is ``ready`` (one whose budget is spent is
        passed over, keeping its place), or None."""
        for waiting in (True, False):
            servers = self._lines[waiting]
            for server, members in servers.items():
                for member, items in members.items():
                    share = Share(server, member, waiting)
                    if not ready(share):
                        continue
                    item = items.popleft()
                    self._count -= 1
                    members.move_to_end(member)  # the next of this server's members next
                    if not items:
                        del members[member]
                    servers.move_to_end(server)  # and the next server before this one again
                    if not members:
                        del servers[server]
                    return share, item
        return None

    def drain(self) -> list[T]:
        """Every item, the queue left empty."""
        items = [item for servers in self._lines.values() for members in servers.values()
                 for line in members.values() for item in line]
        for servers in self._lines.values():
            servers.clear()
        self._count = 0
        return items


class Thinker:
    """The searches of one service: queued fairly, done on the worker processes at most
    ``workers`` at once, each charged to its member and server (``budgets``). ``processes``
    False thinks on a thread of this process instead (only for tests that must see a search
    start; the bot always uses processes)."""

    def __init__(self, budgets: Budgets, *, workers: int = THINKING_WORKERS,
                 processes: bool = True,
                 search: Callable[[Ask], Thought] | None = None) -> None:
        self.budgets = budgets
        self.workers = workers
        self.processes = processes
        self._search = search
        self._queue: FairQueue[tuple[Ask, Future[Thought]]] = FairQueue()
        self._cond = threading.Condition()
        self._running = 0
        self._closed = False
        self._thread: threading.Thread | None = None
        #: searches done, and the processor seconds they took (for the benchmarks)
        self.done = 0
        self.seconds = 0.0

    def submit(self, ask: Ask) -> Future[Thought]:
        """Queue a search; its future gives the ``Thought`` (or the error the search raised).
        After ``close`` the future is cancelled."""
        future: Future[Thought] = Future()
        with self._cond:
            if self._closed:
                future.cancel()
                return future
            self._queue.put(ask.share, (ask, future))
            if self._thread is None:
                self._thread = threading.Thread(target=self._dispatch, daemon=True,
                                                name="busbot-thinker")
                self._thread.start()
            self._cond.notify_all()
        return future

    def wait_busy(self, count: int, timeout: float | None = None) -> bool:
        """Wait until at least ``count`` searches are queued or being done (the console and
        tests: to know the computer took up what it was woken for)."""
        with self._cond:
            return self._cond.wait_for(lambda: len(self._queue) + self._running >= count,
                                       timeout)

    def warm_up(self, *, wait: bool = True) -> None:
        """Start the worker processes now rather than at the first search (each starts a
        fresh interpreter: a second or so). ``wait``: until they run (a benchmark); else a
        process that stops meanwhile does not wait for them, and a worker that cannot start is
        logged when it fails (not when the workers were ended: ``end_workers``)."""
        if not self.processes:
            return
        pool = worker_pool()
        started = [pool.submit(os.getpid) for _ in range(self.workers)]
        for done in started:
            if wait:
                done.result()
            else:
                done.add_done_callback(partial(_started, pool))

    def close(self) -> None:
        """Stop: searches queued are cancelled, those running finish (the worker processes
        stay, for the process's other services, until it exits)."""
        with self._cond:
            self._closed = True
            waiting = self._queue.drain()
            self._cond.notify_all()
        for _, future in waiting:
            future.cancel()

    # ---- the dispatcher thread ----------------------------------------------------------------

    def _ready(self, share: Share) -> bool:
        return self.budgets.thinking_wait(share.member, share.server) == 0.0

    def _next_ready(self) -> float | None:
        """Seconds until a queued search's budgets have room again (None: nothing queued)."""
        waits = [self.budgets.thinking_wait(s.member, s.server) for s in self._queue.shares()]
        return min(waits) if waits else None

    def _dispatch(self) -> None:
        while True:
            with self._cond:
                picked = None
                while not self._closed:
                    timeout = None
                    if self._running < self.workers and len(self._queue):
                        picked = self._queue.take(self._ready)
                        if picked is not None:
                            break
                        timeout = self._next_ready()
                    self._cond.wait(timeout=timeout)
                if picked is None:
                    return
                self._running += 1
            ask, future = picked[1]
            if not future.set_running_or_notify_cancel():
                self._finished()
                continue
            try:
                self._start(ask, future)
            except Exception as err:  # no worker could be started: this search fails alone
                log.exception("a search could not be started")
                self._finished()
                future.set_exception(err)

    def _start(self, ask: Ask, future: Future[Thought]) -> None:
        if not self.processes:
            threading.Thread(target=self._in_thread, args=(ask, future), daemon=True).start()
            return
        pool = worker_pool()
        try:
            inner = pool.submit(think, ask.search)
        except (BrokenProcessPool, RuntimeError):  # a worker was killed: a new pool
            inner = worker_pool(broken=pool).submit(think, ask.search)
        inner.add_done_callback(partial(self._done, ask, future, pool))

    def _in_thread(self, ask: Ask, future: Future[Thought]) -> None:
        inner: Future[Thought] = Future()
        try:
            inner.set_result((self._search or (lambda a: think(a.search)))(ask))
        except Exception as err:  # handed to whoever waits for it
            inner.set_exception(err)
        self._done(ask, future, None, inner)

    def _done(self, ask: Ask, future: Future[Thought], pool: ProcessPoolExecutor | None,
              inner: Future[Thought]) -> None:
        self._finished()
        error = inner.exception()
        if error is not None:
            if isinstance(error, BrokenProcessPool) and pool is not None:
                worker_pool(broken=pool)  # the next search gets a fresh pool
            future.set_exception(error)
            return
        thought = inner.result()
        self.budgets.thought(ask.share.member, ask.share.server, thought.seconds)
        with self._cond:
            self.done += 1
            self.seconds += thought.seconds
        future.set_result(thought)

    def _finished(self) -> None:
        with self._cond:
            self._running -= 1
            self._cond.notify_all()
