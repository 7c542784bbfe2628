#!/usr/bin/env python3
"""Won endings against a bare king, played out by the engine against itself (issue #15).

Random legal Gliński positions per ending (the stronger side to move, neither king in check),
the same for every engine given the same --seed; each game goes on at a fixed node count per
move until mate or a draw by the rules (the 50-move rule at the latest). Prints the mates per
ending.

    tools/mopup_conversion.py --hexchess build/hexchess --nodes 20000 --games 10
"""
import argparse
import random
import subprocess

ENDINGS = {"KRNK": "RN", "KBNK": "BN", "KNNK": "NN", "KQK": "Q", "KRK": "R"}
# Gliński's ranks, 11 down to 1: how many hexes each holds in FEN order.
RANK_WIDTHS = [1, 3, 5, 7, 9, 11, 11, 11, 11, 11, 11]


def fen_of(slots, stm):
    ranks, i = [], 0
    for width in RANK_WIDTHS:
        text, empty = "", 0
        for man in slots[i:i + width]:
            if man:
                text += (str(empty) if empty else "") + man
                empty = 0
            else:
                empty += 1
        ranks.append(text + (str(empty) if empty else ""))
        i += width
    return "/".join(ranks) + f" {stm} - 0 1"


def status(hexchess, fen):
    out = subprocess.run([hexchess, "status", "-v", "glinski", "-p", fen], capture_output=True, text=True)
    if out.returncode:
        return None
    return dict(line.split(" ", 1) for line in out.stdout.splitlines())


def random_start(hexchess, rng, men):
    while True:
        slots = [""] * sum(RANK_WIDTHS)
        cells = rng.sample(range(len(slots)), len(men) + 2)
        slots[cells[0]], slots[cells[1]] = "K", "k"
        for cell, man in zip(cells[2:], men):
            slots[cell] = man
        white, black = status(hexchess, fen_of(slots, "w")), status(hexchess, fen_of(slots, "b"))
        if white and black and white["status"] == "ongoing" and black["check"] == "none":
            return fen_of(slots, "w")


def play(hexchess, engine, fen, nodes):
    """Returns the final status and the plies played."""
    engine.stdin.write("ucinewgame\nisready\n")
    engine.stdin.flush()
    while engine.stdout.readline().strip() != "readyok":
        pass
    plies = 0
    while True:
        st = status(hexchess, fen)
        if st["status"] not in ("ongoing", "check"):
            return st["status"] + ("" if st["draw"] == "none" else " " + st["draw"]), plies
        engine.stdin.write(f"position fen {fen}\ngo nodes {nodes}\n")
        engine.stdin.flush()
        line = ""
        while not line.startswith("bestmove"):
            line = engine.stdout.readline()
        move = line.split()[1]
        fen = subprocess.run([hexchess, "apply", "-v", "glinski", "-p", fen, move], capture_output=True,
                             text=True, check=True).stdout.strip()
        plies += 1


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hexchess", default="build/hexchess", help="the program judging and playing")
    ap.add_argument("--nodes", type=int, default=20000)
    ap.add_argument("--games", type=int, default=10, help="start positions per ending")
    ap.add_argument("--seed", type=int, default=15)
    ap.add_argument("--endings", default=",".join(ENDINGS), help="which endings, comma-separated")
    args = ap.parse_args()
    engine = subprocess.Popen([args.hexchess, "uci"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    engine.stdin.write("uci\nsetoption name UCI_Variant value glinski\n")
    engine.stdin.flush()
    for name, men in ENDINGS.items():
        if name not in args.endings.split(","):
            continue
        rng = random.Random(f"{args.seed}-{name}")  # the same starts whichever endings are chosen
        mates, lengths, others = 0, [], {}
        for _ in range(args.games):
            result, plies = play(args.hexchess, engine, random_start(args.hexchess, rng, men), args.nodes)
            if result == "checkmate":
                mates += 1
                lengths.append(plies)
            else:
                others[result] = others.get(result, 0) + 1
        mean = f", {sum(lengths) / len(lengths):.0f} plies on average" if lengths else ""
        rest = "".join(f", {n} {result}" for result, n in sorted(others.items()))
        print(f"{name}: {mates}/{args.games} mated{mean}{rest}", flush=True)
    engine.stdin.write("quit\n")
    engine.stdin.flush()
    engine.wait()


if __name__ == "__main__":
    main()
