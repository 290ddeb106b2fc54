#!/usr/bin/env python3
"""Draw the app icons (a bat in a yellow signal on the dark theme) as PNG files.

Standard library only: the pixels are computed here and written with zlib + struct.
Run from anywhere: python3 pwa/tools/make_icons.py
"""
from __future__ import annotations

import struct
import zlib
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "icons"
BACKGROUND = (11, 13, 18)
SIGNAL = (255, 213, 74)
BAT = (17, 19, 26)

# the right half of a bat, x in [0, 1], y in [-0.5, 0.5] (y down); mirrored for the left half
RIGHT = [(0.00, -0.16), (0.07, -0.32), (0.10, -0.15), (0.24, -0.20), (0.56, -0.33), (0.96, -0.08),
         (0.79, 0.00), (0.71, 0.15), (0.56, 0.05), (0.45, 0.21), (0.31, 0.10), (0.13, 0.31), (0.00, 0.21)]
BAT_POLYGON = RIGHT + [(-x, y) for x, y in reversed(RIGHT[1:-1])]


def inside(px: float, py: float, polygon) -> bool:
    hit = False
    j = len(polygon) - 1
    for i, (xi, yi) in enumerate(polygon):
        xj, yj = polygon[j]
        if (yi > py) != (yj > py) and px < (xj - xi) * (py - yi) / (yj - yi) + xi:
            hit = not hit
        j = i
    return hit


def colour_at(u: float, v: float, scale: float) -> tuple[int, int, int]:
    """u, v in [-1, 1] from the centre; `scale` shrinks the drawing (maskable safe zone)."""
    u, v = u / scale, v / scale
    rx, ry = 0.86, 0.58
    if (u / rx) ** 2 + (v / ry) ** 2 > 1:
        return BACKGROUND
    if inside(u / 0.74, v / 0.74, BAT_POLYGON):
        return BAT
    return SIGNAL


def render(size: int, scale: float, samples: int = 3) -> bytes:
    rows = []
    n = samples * samples
    for y in range(size):
        row = bytearray([0])  # filter: none
        for x in range(size):
            r = g = b = 0
            for sy in range(samples):
                for sx in range(samples):
                    u = ((x + (sx + 0.5) / samples) / size) * 2 - 1
                    v = ((y + (sy + 0.5) / samples) / size) * 2 - 1
                    cr, cg, cb = colour_at(u, v, scale)
                    r += cr
                    g += cg
                    b += cb
            row += bytes((r // n, g // n, b // n))
        rows.append(bytes(row))
    return b"".join(rows)


def png(size: int, raw: bytes) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)  # 8-bit RGB
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for name, size, scale in (("icon-192.png", 192, 1.0), ("icon-512.png", 512, 1.0),
                              ("icon-maskable-512.png", 512, 0.78)):
        (OUT / name).write_bytes(png(size, render(size, scale)))
        print(f"wrote {OUT / name}")


if __name__ == "__main__":
    main()
