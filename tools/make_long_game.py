#!/usr/bin/env python3
"""Writes a long C'escacs game without an end: no mate, stalemate or automatic draw.

Long-record tests (the writer, the server's record, play's save) need a game of thousands of
plies that the arbiter lets go on; shuffling one piece back and forth is a fifth repetition after
16 plies. This plays random moves (fixed seed) that keep every position below four occurrences (the fifth ends the game),
and a pawn move or a capture before the 150-half-move rule would end the game.

Usage: tools/make_long_game.py HEXCHESS PLIES > tests/data/cescacs/long-game.txt
"""
import random
import subprocess
import sys


def run(hexchess, *args):
    out = subprocess.run([hexchess, *args], capture_output=True, text=True, check=True)
    return out.stdout


def key(pdtl):
    return " ".join(pdtl.split()[:-2])  # without the clocks


def main():
    hexchess, plies = sys.argv[1], int(sys.argv[2])
    rng = random.Random(2026)
    position = run(hexchess, "apply").strip()
    seen = {key(position): 1}
    moves = []
    while len(moves) < plies:
        halfmove = int(position.split()[-2])
        candidates = run(hexchess, "moves", "-p", position).split()
        rng.shuffle(candidates)
        # Reversible moves first while the clock allows, so the men last; otherwise reset it.
        # A pawn's move is a hex then a hex (E7-E13); a piece's starts with its letter (GD2-C7).
        def resets_clock(m):
            return "×" in m or "@" in m or (m[1:2].isdigit())
        # Pawn moves and captures are few: keep them for when the clock needs resetting.
        candidates.sort(key=lambda m: resets_clock(m) != (halfmove >= 120))
        for move in candidates:
            after = run(hexchess, "apply", "-p", position, move).strip()
            if seen.get(key(after), 0) >= 3 or int(after.split()[-2]) >= 140:
                continue
            if "status ongoing" not in run(hexchess, "status", "-p", after):
                continue
            position = after
            seen[key(after)] = seen.get(key(after), 0) + 1
            moves.append(move)
            break
        else:
            sys.exit(f"no move keeps the game going after {len(moves)} plies")
        if len(moves) % 100 == 0:
            print(f"{len(moves)} plies", file=sys.stderr)
    for i in range(0, len(moves), 16):
        print(" ".join(moves[i:i + 16]))


main()
