#!/usr/bin/env python3
"""Builds tests/data/puzzles.txt: mate-in-1 and stalemate-in-1 puzzles taken from the rule test
data (tests/data/*/positions.jsonl), whose move annotations come from other implementations,
positions from bug reports where a move must be avoided, and won endings drawn from the tablebases
that the engine must convert (the hand-picked lists below, kept as they are).

Line format: VARIANT;KIND;POSITION;MOVE [MOVE...]   (any listed move solves it)
KIND: mate (any mate), ride-mate (knight ride), castling-mate, promotion-mate; avoid (the listed
moves lose: the engine must play any other); no-stalemate (the listed moves stalemate, which gives
less than the whole point that the material wins: the engine must play on, towards the mate);
convert (a won ending: the engine, playing both sides, must mate before the move rule; instead of
moves, the fourth field is "dtm N", the plies to the mate by the tablebases).
Run from the repository root: tools/make_puzzles.py > tests/data/puzzles.txt
"""
import json

COLUMNS = "PTABCDEFGHIKLXZ"
RIDES = {(a * 2, b * 2) for a, b in [(3, 1), (3, -1), (-3, 1), (-3, -1), (2, 4), (2, -4), (-2, 4), (-2, -4),
                                     (1, 5), (1, -5), (-1, 5), (-1, -5)]}


def hexes(move):
    """(column, line) pairs named in a bare CTL-AN move, in order."""
    out, i = [], 0
    while i < len(move):
        if move[i] in COLUMNS and i + 1 < len(move) and move[i + 1].isdigit():
            j = i + 1
            while j < len(move) and move[j].isdigit():
                j += 1
            out.append((COLUMNS.index(move[i]), int(move[i + 1:j])))
            i = j
        else:
            i += 1
    return out


def cescacs_kind(move):
    if move.startswith("KR"):
        return "castling-mate"
    if "=" in move[:-1]:
        return "promotion-mate"
    h = hexes(move)
    if move.startswith("N") and len(h) == 2 and (h[1][0] - h[0][0], h[1][1] - h[0][1]) in RIDES:
        return "ride-mate"
    return "mate"


# Positions the engine once misplayed: (variant, position, moves it must not play, why).
AVOID = [
    ("cescacs", "/28:v/27:dk/26:1je/25:1nnr/24:1ejep/23:2e1pp/22:1ppjpg1/21:1p2p3/18:3p3/17:4G3/15:3p4/14:1p5/"
     "11:1N6/10:g1P4/9:4J3/8:1PEP3/7:3PP3/6:4PP1/5:1PEE1P/4:2JEP/3:RDNR/2:1J1/1:1K/0:V/ b RKRkr - 1 15",
     ["B14×NA11"], "issue #15: White mates with GG17×JF22#, a capture that loses by exchange"),
]

# Positions where the engine once took a stalemate (a part of the point) for a mate it could force:
# (variant, position, the stalemating moves, why).
NO_STALEMATE = [
    ("glinski", "1/3/5/7/9/11/11/3r5k1/8p2/11/9K1 b - 5 99", ["k4k3"], "issue #15: Black mates, k4k3 stalemates"),
    ("glinski", "1/3/5/7/4R4/9R1/8P2/11/8k2/1PP8/7K3 w - 1 58", ["h1g3"],
     "issue #15: White mates in seven, h1g3 stalemates"),
    ("cescacs", "/22:1K5/19:k7/6:5D1/ w -- - 0 60", ["KB22-A21"], "issue #15: White mates in two, KB22-A21 stalemates"),
]

# Won endings to be converted without tables (issue #15: the engine drew K+R+N against K by the
# move rule): (variant, ending, position, plies to the mate by the tables). Each drawn from the
# ending's table with `hexchess tb sample -v VARIANT --count 300 --seed 15 --wdl win --stm white
# ENDING`; of the eight longest mates of the draw (`hexchess tb probe`), two the engine mated in
# each of four settings: one engine playing both sides at 10000, 20000 and 40000 nodes a move,
# and two engines (`hexchess match --nodes 20000`). The other starts did not all convert (see
# bench/endgames-results.txt); K+B+N and K+N+N against K are left out for the same reason.
CONVERT = [
    ("glinski", "KQK", "1/3/5/7/9/11/11/11/11/1k9/5Q4K w - 0 1", 17),
    ("glinski", "KQK", "1/3/5/7/9/10K/5k5/11/11/6Q4/11 w - 0 1", 17),
    ("glinski", "KRK", "1/3/5/7/9/10K/7k3/11/11/4R6/11 w - 0 1", 37),
    ("glinski", "KRK", "1/K2/5/7/4k4/11/11/11/11/3R7/11 w - 0 1", 35),
    ("glinski", "KRNK", "K/3/5/R6/7k1/N10/11/11/11/11/11 w - 0 1", 25),
    ("glinski", "KRNK", "1/3/5/7/9/K5R4/11/7k3/11/11/5N5 w - 0 1", 25),
    ("glinski", "KQKR", "1/3/K4/7/9/11/10r/2Q8/4k6/11/11 w - 0 1", 31),
    ("glinski", "KQKR", "1/3/4k/7/9/11/11/11/11/r10/3Q6K w - 0 1", 29),
    ("cescacs", "KDK", "/28:D/11:5k2/7:K7/ w -- - 0 1", 27),
    ("cescacs", "KDK", "/21:7K/13:4k3/9:1D6/ w -- - 0 1", 27),
    ("cescacs", "KRK", "/25:3R/22:K6/21:2k5/ w -- - 0 1", 61),
    ("cescacs", "KRK", "/21:K7/20:1k5/9:5R2/ w -- - 0 1", 61),
    ("cescacs", "KVK", "/22:K6/18:3V3/12:2k4/ w -- - 0 1", 39),
    ("cescacs", "KVK", "/21:K7/14:3k3/1:1V/ w -- - 0 1", 39),
]


def main():
    per_kind = {}
    for line in open("tests/data/cescacs/positions.jsonl"):
        d = json.loads(line)
        mates = [m.rstrip("#") for m in d["full"] if m.endswith("#")]
        if mates:
            kinds = {cescacs_kind(m + "#") for m in mates}
            kind = next((k for k in ("ride-mate", "castling-mate", "promotion-mate") if k in kinds), "mate")
            per_kind.setdefault(("cescacs", kind), []).append((d["pdtl"], sorted(mates)))
    for line in open("tests/data/glinski/positions.jsonl"):
        d = json.loads(line)
        mates = sorted(x["uci"] for x in d["desc"] if x["mate"])
        stalemates = sorted(x["uci"] for x in d["desc"] if x["stalemate"])
        if mates:
            kind = "promotion-mate" if any(x["mate"] and x["promo"] for x in d["desc"]) else "mate"
            per_kind.setdefault(("glinski", kind), []).append((d["fen"], mates))
        elif stalemates:
            per_kind.setdefault(("glinski", "no-stalemate"), []).append((d["fen"], stalemates))
    print("# Generated by tools/make_puzzles.py from the rule test data; do not edit by hand.")
    for (variant, kind), items in sorted(per_kind.items()):
        for position, moves in items[:40]:
            print(f"{variant};{kind};{position};{' '.join(moves)}")
    for variant, position, moves, why in AVOID:
        print(f"# {why}")
        print(f"{variant};avoid;{position};{' '.join(moves)}")
    for variant, position, moves, why in NO_STALEMATE:
        print(f"# {why}")
        print(f"{variant};no-stalemate;{position};{' '.join(moves)}")
    for variant, ending, position, dtm in CONVERT:
        print(f"# {ending}, mate in {dtm} plies")
        print(f"{variant};convert;{position};dtm {dtm}")


main()
