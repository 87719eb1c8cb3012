"""Draw the app icon with pygame and write assets/icon.png, icon.ico and icon.icns.

The icon is a board corner with one light and one dark disc and a spark for "AI", in the
default theme's colours. The .ico (Windows executable) holds PNG images at 16 to 256 pixels,
a format Windows has read since Vista; the .icns (macOS app) holds PNG images under the
element types macOS has read since 10.7 (16 to 1024 pixels, with the "@2x" retina ones), so
no imaging library is needed.

    python tools/make_icon.py
"""

from __future__ import annotations

import io
import os
import struct
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame

from game.ui.theme import DEFAULT

ASSETS = Path(__file__).resolve().parent.parent / "assets"
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
#: .icns element types holding PNG data, with their size in pixels.
ICNS_TYPES = ((b"icp4", 16), (b"icp5", 32), (b"icp6", 64), (b"ic07", 128), (b"ic08", 256),
              (b"ic09", 512), (b"ic10", 1024), (b"ic11", 32), (b"ic12", 64), (b"ic13", 256),
              (b"ic14", 512))


def draw_icon(size: int) -> pygame.Surface:
    """The icon at ``size`` pixels, drawn at 4x and smoothly scaled down."""
    big = size * 4
    surf = pygame.Surface((big, big), pygame.SRCALPHA)
    t = DEFAULT
    r = big // 6
    pygame.draw.rect(surf, t.background, surf.get_rect(), border_radius=r)
    board = surf.get_rect().inflate(-big // 6, -big // 6)
    pygame.draw.rect(surf, t.board_light, board, border_radius=r // 2)
    cell = board.width // 2
    for i in range(2):
        for j in range(2):
            if (i + j) % 2:
                pygame.draw.rect(surf, t.board_dark,
                                 (board.left + i * cell, board.top + j * cell, cell, cell))
    pygame.draw.rect(surf, t.grid, board, max(2, big // 60), border_radius=r // 2)
    disc = int(cell * 0.38)
    centres = ((board.left + cell // 2, board.top + cell // 2),
               (board.left + cell * 3 // 2, board.top + cell * 3 // 2))
    pygame.draw.circle(surf, t.piece_outline, centres[0], disc + big // 80)
    pygame.draw.circle(surf, t.piece0, centres[0], disc)
    pygame.draw.circle(surf, t.piece1, centres[1], disc)
    # The spark: a four-pointed star in the accent colour on the empty light cell.
    cx, cy = board.left + cell * 3 // 2, board.top + cell // 2
    s, k = cell * 0.36, cell * 0.09
    star = [(cx, cy - s), (cx + k, cy - k), (cx + s, cy), (cx + k, cy + k), (cx, cy + s),
            (cx - k, cy + k), (cx - s, cy), (cx - k, cy - k)]
    pygame.draw.polygon(surf, t.accent, star)
    pygame.draw.polygon(surf, t.grid, star, max(1, big // 120))
    return pygame.transform.smoothscale(surf, (size, size))


def png_bytes(surface: pygame.Surface) -> bytes:
    """The surface encoded as PNG."""
    buffer = io.BytesIO()
    pygame.image.save(surface, buffer, "icon.png")
    return buffer.getvalue()


def ico_bytes(images: list[tuple[int, bytes]]) -> bytes:
    """An .ico file holding PNG images (size, data)."""
    header = struct.pack("<HHH", 0, 1, len(images))
    offset = 6 + 16 * len(images)
    entries = b""
    for size, data in images:
        dim = 0 if size >= 256 else size  # 0 means 256 in an ICO directory entry
        entries += struct.pack("<BBBBHHII", dim, dim, 0, 0, 1, 32, len(data), offset)
        offset += len(data)
    return header + entries + b"".join(data for _size, data in images)


def icns_bytes(images: list[tuple[bytes, bytes]]) -> bytes:
    """An .icns file: the magic, the total length, then each (type, PNG data) element with its
    own 8-byte header (type, length including the header), all big-endian."""
    body = b"".join(kind + struct.pack(">I", len(data) + 8) + data for kind, data in images)
    return b"icns" + struct.pack(">I", len(body) + 8) + body


def main() -> int:
    pygame.init()
    pygame.display.set_mode((1, 1))
    ASSETS.mkdir(exist_ok=True)
    pygame.image.save(draw_icon(256), str(ASSETS / "icon.png"))
    images = [(size, png_bytes(draw_icon(size))) for size in ICO_SIZES]
    (ASSETS / "icon.ico").write_bytes(ico_bytes(images))
    drawn = {size: png_bytes(draw_icon(size)) for size in {size for _k, size in ICNS_TYPES}}
    (ASSETS / "icon.icns").write_bytes(icns_bytes([(kind, drawn[size])
                                                   for kind, size in ICNS_TYPES]))
    print(f"wrote {ASSETS / 'icon.png'}, {ASSETS / 'icon.ico'} "
          f"({', '.join(str(s) for s in ICO_SIZES)} px) and {ASSETS / 'icon.icns'} "
          f"({', '.join(sorted({str(s) for _k, s in ICNS_TYPES}, key=int))} px)")
    pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
