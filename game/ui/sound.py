"""Short sounds for a move, a capture or flip, the end of a game and a refused click.

The sounds are synthesised with numpy at start-up (a few enveloped sine tones), so there are no
audio files to license or bundle. When no audio device is available the mixer stays off and
:meth:`Sounds.play` does nothing: sound is a comfort, never a reason to fail.
"""

from __future__ import annotations

import functools

import numpy as np
import pygame

SOUND_NAMES = ("move", "capture", "end", "error", "click")


def tone(freqs: list[float], duration: float, rate: int, volume: float = 0.35,
         decay: float = 8.0) -> np.ndarray:
    """A mono float signal in [-1, 1]: the given frequencies summed, with a quick attack and an
    exponential decay (a soft "pluck" that does not tire a classroom)."""
    t = np.arange(int(duration * rate)) / rate
    wave = np.zeros_like(t)
    for f in freqs:
        wave += np.sin(2 * np.pi * f * t)
    wave /= max(1, len(freqs))
    attack = np.minimum(1.0, t / 0.005)
    envelope = attack * np.exp(-decay * t)
    result: np.ndarray = volume * wave * envelope
    return result


def sequence(parts: list[np.ndarray]) -> np.ndarray:
    """Signals played one after the other."""
    return np.concatenate(parts)


def synthesize(name: str, rate: int) -> np.ndarray:
    """The mono float signal of sound ``name`` (one of SOUND_NAMES) at ``rate`` Hz."""
    if name == "move":
        return tone([660.0, 990.0], 0.09, rate, 0.30, 30.0)
    if name == "capture":
        return sequence([tone([520.0], 0.05, rate, 0.30, 25.0),
                         tone([780.0, 1170.0], 0.10, rate, 0.30, 25.0)])
    if name == "end":
        return sequence([tone([523.25], 0.12, rate, 0.30, 10.0),
                         tone([659.25], 0.12, rate, 0.30, 10.0),
                         tone([783.99, 1046.5], 0.45, rate, 0.30, 5.0)])
    if name == "error":
        return tone([180.0, 190.0], 0.14, rate, 0.25, 18.0)
    if name == "click":
        return tone([1200.0], 0.03, rate, 0.18, 60.0)
    raise ValueError(f"unknown sound '{name}': choose one of {', '.join(SOUND_NAMES)}")


@functools.cache
def samples(name: str, rate: int, channels: int) -> bytes:
    """Sound ``name`` as the mixer plays it: 16-bit samples at ``rate`` Hz on ``channels``
    channels. Made once per format (an app, and each test's app, made them all again)."""
    mono = np.clip(synthesize(name, rate) * 32767, -32768, 32767).astype(np.int16)
    data = np.repeat(mono[:, None], channels, axis=1) if channels > 1 else mono
    return np.ascontiguousarray(data).tobytes()


class Sounds:
    """The app's sounds, made once; ``enabled`` follows the sound setting."""

    def __init__(self, enabled: bool = True) -> None:
        self.enabled = enabled
        self.available = False
        self.reason: str | None = None
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(frequency=44100, size=-16, channels=2, buffer=512)
            init = pygame.mixer.get_init()
            if not init:
                raise pygame.error("mixer did not start")
            rate, _fmt, channels = init
            for name in SOUND_NAMES:
                self._sounds[name] = pygame.mixer.Sound(buffer=samples(name, rate, channels))
            self.available = True
        except (pygame.error, ValueError) as exc:
            # No audio device (a school PC without speakers, a CI runner): play nothing.
            self.reason = str(exc)

    def play(self, name: str) -> None:
        """Play sound ``name`` if sound is on and available; unknown names raise ValueError."""
        if name not in SOUND_NAMES:
            raise ValueError(f"unknown sound '{name}': choose one of {', '.join(SOUND_NAMES)}")
        if self.enabled and self.available:
            self._sounds[name].play()
