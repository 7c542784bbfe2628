#!/usr/bin/python3
"""Trains hexchess's evaluation network from `hexchess datagen` records; writes a network file.

The record and network layouts are in docs/nnue.md. Features are (whose man, piece type, hex)
from each side's view (Black's board reflected top to bottom); one hidden layer of clipped ReLU
units over both views, the side to move's first; the loss mixes the search's score and the game's
result, both as a win probability. Weights are quantised on export exactly as src/core/engine/nnue.c
reads them. Needs Debian's python3-torch (scripts/install-deps.sh nnue).

Usage: tools/nnue_train.py -v glinski --out nets/glinski.nnue DATA.bin [DATA.bin ...]
"""
import argparse
import struct
import sys

import numpy as np
import torch

RECORD_SIZE = 96
MAX_MEN = 58
QA, QB = 255, 64
# The output times SCALE is centipawns; a score s has the win probability sigmoid(s / SCALE).
SCALE = 400
VARIANTS = ["cescacs", "glinski", "mccooey"]  # the index a record names, as variant_names
SIDE = {"cescacs": 8, "glinski": 6, "mccooey": 6}
# The piece types (src/core/util/types.h: KING 1, QUEEN 2, WYVERN 3, ROOK 4, PEGASUS 5, KNIGHT 6,
# BISHOP 7, ELEPHANT 8, PAWN 9) each game uses, in the order of their feature slots.
TYPES = {"cescacs": [1, 2, 3, 4, 5, 6, 7, 8, 9], "glinski": [1, 2, 4, 6, 7, 9], "mccooey": [1, 2, 4, 6, 7, 9]}


def mirror_table(side):
    """Per hex number, the hex Black sees there: src/core/rules/geometry.c's numbering (line by line
    from White's side, left to right) with the line reflected."""
    columns, lines, centre = 2 * side - 1, 4 * (side - 1) + 1, side - 1
    at = {}
    for line in range(lines):
        for col in range(columns):
            q = abs(col - centre)
            if q > line or line > lines - 1 - q or (line - q) % 2:
                continue
            at[(col, line)] = len(at)
    mirror = [0] * len(at)
    for (col, line), cell in at.items():
        mirror[cell] = at[(col, lines - 1 - line)]
    return np.array(mirror, dtype=np.int64)


def load(paths, variant):
    raw = np.concatenate([np.fromfile(p, dtype=np.uint8) for p in paths])
    if raw.size % RECORD_SIZE:
        sys.exit(f"nnue_train: the data is not whole {RECORD_SIZE}-byte records")
    rec = raw.reshape(-1, RECORD_SIZE)
    if (rec[:, 0] != 1).any():
        sys.exit("nnue_train: a record is not of format 1")
    return rec[rec[:, 1] == VARIANTS.index(variant)]


def features(rec, variant):
    """Per record, the feature numbers of its men from White's and Black's view (padded with the
    number one past the last), whether Black is to move, the score and the result for White."""
    side, types = SIDE[variant], TYPES[variant]
    mirror = mirror_table(side)
    cells = len(mirror)
    slot = np.full(16, -1, dtype=np.int64)
    slot[types] = np.arange(len(types))
    inputs = 2 * len(types) * cells
    occupied = np.unpackbits(rec[:, 16:38], axis=1, bitorder="little")[:, :cells].astype(bool)
    men = rec[:, 3].astype(np.int64)
    n = len(rec)
    white = np.full((n, MAX_MEN), inputs, dtype=np.int64)
    black = np.full((n, MAX_MEN), inputs, dtype=np.int64)
    rows, hexes = np.nonzero(occupied)  # row-major: each record's hexes in rising order
    rank = np.arange(len(rows)) - np.repeat(np.cumsum(men) - men, men)
    piece = rec[rows, 38 + rank].astype(np.int64)
    colour, kind = piece >> 4, piece & 15
    if (slot[kind] < 0).any():
        sys.exit(f"nnue_train: a record holds a man {variant} does not use")
    white[rows, rank] = ((colour != 0) * len(types) + slot[kind]) * cells + hexes
    black[rows, rank] = ((colour != 1) * len(types) + slot[kind]) * cells + mirror[hexes]
    black_to_move = (rec[:, 2] & 1).astype(bool)
    score = rec[:, 4:6].copy().view(np.int16).reshape(-1).astype(np.float32)
    white_result = rec[:, 6:8].copy().view(np.uint16).reshape(-1).astype(np.float32) / 1000
    return inputs, cells, white, black, black_to_move, score, white_result


class Net(torch.nn.Module):
    def __init__(self, inputs, hidden):
        super().__init__()
        self.inputs = inputs
        self.ft = torch.nn.EmbeddingBag(inputs + 1, hidden, mode="sum", padding_idx=inputs)
        self.ft_bias = torch.nn.Parameter(torch.zeros(hidden))
        self.out = torch.nn.Linear(2 * hidden, 1)
        torch.nn.init.normal_(self.ft.weight, std=0.05)
        with torch.no_grad():
            self.ft.weight[inputs].zero_()

    def forward(self, own, other):
        a = torch.clamp(self.ft(own) + self.ft_bias, 0, 1)
        b = torch.clamp(self.ft(other) + self.ft_bias, 0, 1)
        return self.out(torch.cat([a, b], dim=1)).squeeze(1)

    def clip(self):
        """Keeps the output weights within what int8 holds once quantised."""
        with torch.no_grad():
            self.out.weight.clamp_(-127 / QB, 127 / QB)


def export(net, variant, cells, types, path):
    hidden = net.ft_bias.numel()
    w = net.ft.weight.detach().numpy()[: net.inputs]
    header = b"HXNN" + struct.pack("<I", 1) + variant.encode().ljust(16, b"\0")
    header += struct.pack("<HHHH", cells, len(types), hidden, 0)
    header += bytes(types).ljust(16, b"\0") + struct.pack("<iiii", QA, QB, SCALE, 0)
    assert len(header) == 64

    def q16(x):
        return np.clip(np.round(x), -32767, 32767).astype("<i2").tobytes()

    with open(path, "wb") as f:
        f.write(header)
        f.write(q16(net.ft_bias.detach().numpy() * QA))
        f.write(q16(w * QA))
        f.write(np.clip(np.round(net.out.weight.detach().numpy().reshape(-1) * QB), -127, 127).astype(np.int8).tobytes())
        f.write(struct.pack("<i", int(round(float(net.out.bias.detach()) * QA * QB))))


def main():
    ap = argparse.ArgumentParser(description="Train a hexchess evaluation network.")
    ap.add_argument("data", nargs="+", help="files of hexchess datagen records")
    ap.add_argument("-v", "--variant", required=True, choices=VARIANTS)
    ap.add_argument("--out", required=True, help="the network file to write")
    ap.add_argument("--hidden", type=int, default=128, help="hidden units per view (a multiple of 16)")
    ap.add_argument("--epochs", type=int, default=30)
    ap.add_argument("--batch", type=int, default=4096)
    ap.add_argument("--lr", type=float, default=5e-3)
    ap.add_argument("--lambda", dest="lam", type=float, default=0.7, help="the score's share of the target (the result has the rest)")
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    if args.hidden % 16 or not 16 <= args.hidden <= 512:
        sys.exit("nnue_train: --hidden must be a multiple of 16 from 16 to 512")
    torch.set_num_threads(args.threads)
    torch.manual_seed(args.seed)

    rec = load(args.data, args.variant)
    if len(rec) < 100:
        sys.exit(f"nnue_train: only {len(rec)} {args.variant} records")
    inputs, cells, white, black, black_to_move, score, white_result = features(rec, args.variant)
    own = np.where(black_to_move[:, None], black, white)
    other = np.where(black_to_move[:, None], white, black)
    result = np.where(black_to_move, 1 - white_result, white_result)
    target = args.lam / (1 + np.exp(-score / SCALE)) + (1 - args.lam) * result
    own, other, target = torch.from_numpy(own), torch.from_numpy(other), torch.from_numpy(target.astype(np.float32))

    n = len(target)
    order = torch.randperm(n)
    held = order[: max(n // 20, 1)]
    train = order[len(held):]
    net = Net(inputs, args.hidden)
    opt = torch.optim.Adam(net.parameters(), lr=args.lr)
    sched = torch.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=args.epochs)
    print(f"{args.variant}: {n} positions ({len(train)} to train, {len(held)} held out), {inputs} inputs, {args.hidden} hidden")

    def loss_of(idx):
        return torch.mean((torch.sigmoid(net(own[idx], other[idx])) - target[idx]) ** 2)

    for epoch in range(args.epochs):
        perm = train[torch.randperm(len(train))]
        total = 0.0
        for i in range(0, len(perm), args.batch):
            idx = perm[i:i + args.batch]
            opt.zero_grad()
            loss = loss_of(idx)
            loss.backward()
            opt.step()
            net.clip()
            total += float(loss) * len(idx)
        sched.step()
        with torch.no_grad():
            held_loss = float(loss_of(held))
        print(f"epoch {epoch + 1}: train loss {total / len(train):.5f}, held-out loss {held_loss:.5f}", flush=True)
    export(net, args.variant, cells, TYPES[args.variant], args.out)
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
