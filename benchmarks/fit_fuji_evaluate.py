"""Fit the weights of Fuji's static evaluation (src/outlast/games/fuji/evaluate.py) to played games.

    .venv/bin/python benchmarks/fit_fuji_evaluate.py --games 600 --jobs 2

Plays games with every seat a heuristic bot that takes a uniformly random legal action with probability
`--epsilon` (so that bad positions are seen too), at 2–4 players, levels 1–4 and random scenarios;
records the public `features` of every few decision points and whether that game was won; and fits a
logistic regression (Newton steps with a little L2 on everything but the bias). Prints the weights in the
order of `evaluate.NAMES`, ready to paste into `WEIGHTS`, with the log loss and accuracy on held-out games.
"""

from __future__ import annotations

import argparse
from concurrent.futures import ProcessPoolExecutor

import numpy as np

import outlast
from outlast.core import CHANCE, Rng
from outlast.games.fuji import evaluate as ev


def one_game(job: tuple[int, float, int]) -> tuple[list[tuple[float, ...]], bool]:
    """The features of every `every`-th decision point of one seeded game, and whether it was won."""
    seed, epsilon, every = job
    game = outlast.load_game("fuji")
    players = 2 + seed % 3
    opts = {"players": players, "level": 1 + (seed // 3) % 4, "scenario": "random"}
    if players == 2:
        opts["variant"] = "ab"[seed % 2]
    state = game.new_game(seed=seed, **opts)
    bot = game.agents()["heuristic"]()
    rng = Rng(seed * 31 + 7)
    rows: list[tuple[float, ...]] = []
    n = 0
    while not state.is_over():
        movers = state.to_move()
        if movers == [CHANCE]:
            state.apply(state.sample_chance())
            continue
        seat = movers[0]
        n += 1
        if n % every == 0:
            rows.append(ev.features(state))  # type: ignore[arg-type]
        legal = state.legal_actions(seat)
        if rng.random() < epsilon:
            state.apply(legal[rng.randrange(len(legal))])
        else:
            state.apply(bot.act(state, seat, rng))
    return rows, state.outcome().won


def fit(x: np.ndarray, y: np.ndarray, l2: float = 1.0, steps: int = 30) -> np.ndarray:
    """Logistic regression by Newton's method; the first column is the unpenalised bias."""
    w = np.zeros(x.shape[1])
    pen = np.full(x.shape[1], l2)
    pen[0] = 0.0
    for _ in range(steps):
        p = 1 / (1 + np.exp(-np.clip(x @ w, -30, 30)))
        grad = x.T @ (p - y) + pen * w
        hess = (x * (p * (1 - p))[:, None]).T @ x + np.diag(pen) + 1e-9 * np.eye(x.shape[1])
        w -= np.linalg.solve(hess, grad)
    return w


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=600)
    ap.add_argument("--epsilon", type=float, default=0.15, help="share of uniformly random actions")
    ap.add_argument("--every", type=int, default=7, help="record every N-th decision point")
    ap.add_argument("--jobs", type=int, default=2)
    args = ap.parse_args(argv)
    jobs = [(seed, args.epsilon if seed % 2 else args.epsilon / 3, args.every) for seed in range(args.games)]
    with ProcessPoolExecutor(args.jobs) as pool:
        games = list(pool.map(one_game, jobs, chunksize=8))
    split = int(0.8 * len(games))

    def stack(part: list[tuple[list[tuple[float, ...]], bool]]) -> tuple[np.ndarray, np.ndarray]:
        xs = [r for rows, _ in part for r in rows]
        ys = [float(won) for rows, won in part for _ in rows]
        return np.array(xs, dtype=float), np.array(ys)

    xtr, ytr = stack(games[:split])
    xte, yte = stack(games[split:])
    w = fit(xtr, ytr)
    p = 1 / (1 + np.exp(-np.clip(xte @ w, -30, 30)))
    eps = 1e-9
    loss = -np.mean(yte * np.log(p + eps) + (1 - yte) * np.log(1 - p + eps))
    base = ytr.mean()
    base_loss = -np.mean(yte * np.log(base) + (1 - yte) * np.log(1 - base))
    acc = np.mean((p > 0.5) == (yte > 0.5))
    print(f"{len(games)} games ({sum(w2 for _, w2 in games)} won), {len(ytr)} train / {len(yte)} test positions")
    print(f"test log loss {loss:.3f} (constant {base:.2f}: {base_loss:.3f}), accuracy {acc:.3f}")
    print("WEIGHTS = (" + ", ".join(f"{v:.3f}" for v in w) + ")")
    for name, v in zip(ev.NAMES, w, strict=True):
        print(f"  {name:22s} {v:+.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
