"""Runs one AI decision at a time in a background thread, for the UI to poll.

The UI thread calls :meth:`Worker.request` with a player and an immutable state, then calls
:meth:`Worker.poll` once per frame until it returns a :class:`WorkerResult`. The thinking thread
never touches pygame: it only calls ``player.choose`` and puts the outcome on a
:class:`queue.Queue`.

Every request gets an id. A new request, :meth:`Worker.cancel` or :meth:`Worker.shutdown`
cancels the one in flight (its cancel flag makes the player raise SearchCancelled within a few
milliseconds) and makes its id stale, so that a late result after "new game" or "undo" is
dropped by :meth:`Worker.poll` instead of being played on the wrong board.
"""

from __future__ import annotations

import queue
import threading
from dataclasses import dataclass, replace
from typing import Any

from ai.base import Decision, Limits, Player, SearchCancelled, SearchProgress
from game.rules.base import GameState

#: How long :meth:`Worker.cancel` (with ``wait=True``) and :meth:`Worker.shutdown` wait for the
#: thinking thread to finish, in seconds.
JOIN_TIMEOUT = 0.2


@dataclass(frozen=True)
class WorkerResult:
    """The answer to one request: a decision, or the exception the player raised.

    Exactly one of ``decision`` and ``error`` is set. ``state`` is the state the decision was
    made for, so the UI can check it still matches the board before playing ``decision.move``.
    """

    request_id: int
    state: GameState[Any]
    decision: Decision | None = None
    error: Exception | None = None

    @property
    def ok(self) -> bool:
        """True when the player returned a decision."""
        return self.decision is not None


class Worker:
    """One background thinker for one UI; at most one request is current at a time."""

    def __init__(self) -> None:
        self._results: queue.Queue[WorkerResult] = queue.Queue()
        self._lock = threading.Lock()
        self._current_id = 0
        self._next_id = 1
        self._cancel: threading.Event | None = None
        self._thread: threading.Thread | None = None
        self._closed = False
        self._progress: SearchProgress | None = None

    @property
    def current_id(self) -> int:
        """The id of the request whose result :meth:`poll` will accept (0 if none)."""
        return self._current_id

    @property
    def progress(self) -> SearchProgress | None:
        """What the current request's search has found so far (depth, best move, score,
        positions searched), updated by the search as it goes; None when idle."""
        return self._progress if self._current_id else None

    @property
    def busy(self) -> bool:
        """True while the current request's thread is still thinking."""
        thread = self._thread
        return self._current_id != 0 and thread is not None and thread.is_alive()

    def request(self, player: Player, state: GameState[Any],
                limits: Limits | None = None) -> int:
        """Start ``player`` thinking on ``state`` in a new daemon thread; return the request id.

        Any request in flight is cancelled first (waiting up to :data:`JOIN_TIMEOUT` for its
        thread) and its result will be dropped. ``limits``
        may carry a time, depth or iteration override; its cancel flag is replaced by the
        worker's own, so only the worker cancels, and its progress by a fresh one that
        :attr:`progress` shows while the search runs.
        """
        if self._closed:
            raise RuntimeError("the worker was shut down")
        if state.outcome is not None:
            raise ValueError("the game is over: there is no move to think about")
        # Wait (briefly) for the old thread so that two threads never use one player at once.
        self.cancel(wait=True)
        cancel = threading.Event()
        progress = SearchProgress()
        own_limits = (replace(limits, cancel=cancel, progress=progress) if limits is not None
                      else Limits(cancel, progress=progress))
        with self._lock:
            request_id = self._next_id
            self._next_id += 1
            self._current_id = request_id
            self._cancel = cancel
            self._progress = progress
            thread = threading.Thread(target=self._run, name=f"ai-worker-{request_id}",
                                      args=(request_id, player, state, own_limits), daemon=True)
            self._thread = thread
        thread.start()
        return request_id

    def _run(self, request_id: int, player: Player, state: GameState[Any],
             limits: Limits) -> None:
        """Thread body: decide, and queue the decision or the error (nothing if cancelled)."""
        try:
            decision = player.choose(state, limits)
        except SearchCancelled:
            return
        except Exception as exc:  # handed to the UI, which shows it instead of crashing
            if not limits.cancel.is_set():
                self._results.put(WorkerResult(request_id, state, error=exc))
            return
        if not limits.cancel.is_set():
            self._results.put(WorkerResult(request_id, state, decision=decision))

    def poll(self) -> WorkerResult | None:
        """The current request's result if it has arrived, else None; stale results are dropped.

        Once returned, a result is not returned again, and the worker is idle until the next
        request.
        """
        while True:
            try:
                result = self._results.get_nowait()
            except queue.Empty:
                return None
            with self._lock:
                if result.request_id == self._current_id:
                    self._current_id = 0
                    self._cancel = None
                    return result
            # A result of an older request (cancelled, or replaced): drop it and look further.

    def cancel(self, wait: bool = False) -> bool:
        """Cancel the request in flight (if any) and make its result stale.

        With ``wait``, block up to :data:`JOIN_TIMEOUT` for its thread to finish; returns True
        when no thread of this worker is still thinking.
        """
        with self._lock:
            cancel, thread = self._cancel, self._thread
            self._cancel = None
            self._current_id = 0
        if cancel is not None:
            cancel.set()
        if thread is None:
            return True
        if wait:
            thread.join(JOIN_TIMEOUT)
        return not thread.is_alive()

    def shutdown(self) -> bool:
        """Cancel, wait up to :data:`JOIN_TIMEOUT` for the thread, refuse further requests.

        Returns True when the thread has finished (it is a daemon thread either way, so it
        never keeps the program alive).
        """
        self._closed = True
        finished = self.cancel(wait=True)
        # Drop anything queued; nobody will poll again.
        while True:
            try:
                self._results.get_nowait()
            except queue.Empty:
                return finished
