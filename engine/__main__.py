"""``python -m engine``: the rules engine on the command line, JSON in and JSON out.

    python -m engine cards "10s qh tc bj"
    python -m engine legal doudizhu '{"preset": "three_player", "hand": "3 3 4 5", "previous": "4"}'
    python -m engine check euchre -          # one JSON request per line on stdin, one answer per line
    python -m engine simulate thirteen --games 1000 --seed 1 --out results.csv

Bad input exits with code 2 and one line on stderr; in batch mode a bad line answers {"error": "…"}.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from engine.cards import DECK_SETUPS, deck_setup, format_cards, parse_cards, sort_cards
from engine.errors import InvalidRequestError, UnknownNameError
from engine.games import GAMES, game_cli, has_engine
from engine.jsonio import Request

Command = Callable[[Mapping[str, Any]], dict[str, Any]]


def cards_command(data: Mapping[str, Any]) -> dict[str, Any]:
    """Canonical form of card notation; with a deck set-up, also checks the deck's copy limits."""
    req = Request(data, ("text", "deck", "suitless"))
    text = req.string("text")
    suitless = req.boolean("suitless", False)
    cards = parse_cards(text, suitless=suitless)
    answer: dict[str, Any] = {"cards": format_cards(cards), "symbols": format_cards(cards, symbols=True)}
    if req.has("deck"):
        deck = deck_setup(req.string("deck"))
        if suitless:
            deck = deck.stripped()
        deck.check(cards, "in the text")
        answer["deck"] = deck.name
    answer["sorted"] = format_cards(sort_cards(cards))
    answer["count"] = len(cards)
    return answer


def _game_commands() -> dict[str, dict[str, Command]]:
    """Command name → game → function, for every game whose engine exists."""
    table: dict[str, dict[str, Command]] = {}
    for key in GAMES:
        if has_engine(key):
            for name, fn in game_cli(key).COMMANDS.items():
                table.setdefault(name, {})[key] = fn
    return table


def _emit(answer: Mapping[str, Any]) -> None:
    sys.stdout.write(json.dumps(answer, ensure_ascii=False) + "\n")


def _run(command: Command, source: str) -> int:
    """Answer one JSON request, or with ``-`` one per line of stdin."""
    if source != "-":
        try:
            data = json.loads(source)
        except json.JSONDecodeError as error:
            raise InvalidRequestError(f"not JSON: {error.msg} at character {error.pos} of {source!r}") from None
        _emit(command(data))
        return 0
    for line in sys.stdin:
        if not line.strip():
            continue
        try:
            _emit(command(json.loads(line)))
        except json.JSONDecodeError as error:
            _emit({"error": f"not JSON: {error.msg} at character {error.pos}"})
        except ValueError as error:
            _emit({"error": str(error)})
        sys.stdout.flush()
    return 0


def _write_frame(frame: Any, out: str | None) -> None:
    if out is None:
        frame.to_csv(sys.stdout, index=False)
        return
    path = Path(out)
    if path.suffix == ".parquet":
        frame.to_parquet(path, index=False)
    elif path.suffix in (".json", ".jsonl"):
        frame.to_json(path, orient="records", lines=True)
    else:
        frame.to_csv(path, index=False)
    sys.stderr.write(f"wrote {len(frame)} rows to {path}\n")


def build_parser(commands: Mapping[str, Mapping[str, Command]]) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m engine",
        description="Card Table Classroom rules engine: JSON in, JSON out.",
        epilog="A position argument of '-' reads one JSON object per line from stdin (batch mode).",
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    p = sub.add_parser("cards", help="canonical form of card notation, as JSON")
    p.add_argument("text", help="cards such as '10s qh tc bj', or '-' for JSON lines {\"text\": …}")
    p.add_argument("--deck", choices=sorted(DECK_SETUPS), help="check copy limits against this deck set-up")
    p.add_argument("--suitless", action="store_true", help="bare ranks (suits ignored, as in Dou Dizhu)")
    sub.add_parser("games", help="the games and the commands each one answers")
    for name in sorted(commands):
        games = sorted(commands[name])
        p = sub.add_parser(name, help=f"{name} for {', '.join(games)}")
        p.add_argument("game", choices=games)
        p.add_argument("request", help="a JSON object, or '-' for one object per line on stdin")
    p = sub.add_parser("simulate", help="seeded games with the bots, one row per game (CSV, parquet, JSON lines)")
    p.add_argument("game", choices=sorted(k for k in GAMES if has_engine(k)) or sorted(GAMES))
    p.add_argument("--games", "--rounds", "--hands", dest="games", type=int, default=100, help="how many")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--options", default="{}", help="JSON object of game options (preset, bot, …)")
    p.add_argument("--out", help="file to write (.csv, .parquet, .jsonl); CSV on stdout if absent")
    return parser


def main(argv: list[str] | None = None) -> int:
    commands = _game_commands()
    parser = build_parser(commands)
    args = parser.parse_args(argv)
    try:
        if args.command == "cards":
            if args.text == "-":
                return _run(lambda d: cards_command(d if isinstance(d, Mapping) else {"text": d}), "-")
            _emit(cards_command({"text": args.text, "deck": args.deck, "suitless": args.suitless}))
            return 0
        if args.command == "games":
            _emit({k: {"title": g.title, "commands": sorted(n for n in commands if k in commands[n])}
                   for k, g in GAMES.items()})
            return 0
        if args.command == "simulate":
            if args.games < 0:
                raise InvalidRequestError(f"--games must be 0 or more, not {args.games}")
            try:
                options = json.loads(args.options)
            except json.JSONDecodeError as error:
                raise InvalidRequestError(f"--options is not JSON: {error.msg}") from None
            frame = game_cli(args.game).simulate(args.games, args.seed, options)
            _write_frame(frame, args.out)
            return 0
        if args.command not in commands:
            raise UnknownNameError("command", args.command, sorted(commands))
        return _run(commands[args.command][args.game], args.request)
    except (ValueError, OSError) as error:
        sys.stderr.write(f"error: {error}\n")
        return 2


if __name__ == "__main__":
    sys.exit(main())
