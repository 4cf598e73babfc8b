"""``python -m engine``: the rules engine on the command line, JSON in and JSON out.

    python -m engine cards "10s qh tc bj"
    python -m engine legal doudizhu '{"hand": "3 3 4 5", "table": "4"}'
    python -m engine check euchre -          # one JSON request per line on stdin, one answer per line
    python -m engine schema thirteen legal   # the JSON Schema of a command's request and answer
    python -m engine simulate thirteen --games 1000 --seed 1 --out results.csv

Bad input exits with code 2 and one line on stderr; in batch mode a bad line answers {"error": "…"} and the next
lines are answered. A request the engine itself fails on (a bug) is answered the same way, on one line beginning
"internal error" (exit code 1).
Only the game a command names is imported (``cards`` imports none, and nothing imports pandas but ``simulate``).
"""

from __future__ import annotations

import argparse
import json
import sys
import typing
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

from engine.advisor import duel
from engine.cards import DECK_SETUPS, Deck, deck_setup, format_cards, parse_cards, sort_cards
from engine.command_tables import json_commands
from engine.commands import Context, arg, decode_object, load_json, split_language
from engine.errors import CardTableError, InvalidRequestError, UnknownNameError, quote
from engine.games import GAMES, game
from engine.i18n import use_language
from engine.sim import simulate, split_options

JsonCommand = Callable[[Any], dict[str, Any]]
BUILT_IN = ("cards", "games", "schema", "simulate", "duel")


@dataclass(frozen=True, kw_only=True)
class CardsRequest:
    text: str = arg(help="cards in notation")
    deck: str | None = arg(None, help="a deck set-up (52, 54, 2x54, 3x54, 4x54) or a game whose deck's copy "
                                      "limits the cards must respect (euchre: its 24 cards under its default rules)")
    suitless: bool = arg(False, help="bare ranks, suits ignored (as in Dou Dizhu)")


def deck_named(name: str) -> Deck:
    """A shared deck set-up (:data:`engine.cards.DECK_SETUPS`) or, by a game's key, that game's deck under its
    default rules; UnknownNameError naming both kinds otherwise."""
    if name in GAMES:
        chosen = game(name)
        return chosen.deck(chosen.rules())
    if name in DECK_SETUPS:
        return deck_setup(name)
    raise UnknownNameError("deck set-up", name, [*DECK_SETUPS, *GAMES])


def cards_command(data: Any) -> dict[str, Any]:
    """Canonical form of card notation; with a deck set-up, also checks the deck's copy limits."""
    if isinstance(data, str):
        data = {"text": data}
    lang, data = split_language(data)
    with use_language(lang):
        return _cards_answer(decode_object(CardsRequest, data, Context()))


def _cards_answer(req: CardsRequest) -> dict[str, Any]:
    cards = parse_cards(req.text, suitless=req.suitless)
    answer: dict[str, Any] = {"cards": format_cards(cards), "symbols": format_cards(cards, symbols=True)}
    if req.deck is not None:
        deck = deck_named(req.deck)
        if req.suitless:
            deck = deck.stripped()
        deck.check(cards, "in the text")
        answer["deck"] = deck.name
    answer["sorted"] = format_cards(sort_cards(cards))
    answer["count"] = len(cards)
    return answer


def game_commands(key: str) -> Mapping[str, JsonCommand]:
    """The JSON commands of game ``key`` (its package imported now)."""
    return json_commands(key)


class Output:
    """Where answers and errors go (the real streams, or a test's)."""

    def __init__(self, stdout: TextIO, stderr: TextIO) -> None:
        self.stdout = stdout
        self.stderr = stderr

    def emit(self, answer: Mapping[str, Any]) -> None:
        self.stdout.write(json.dumps(answer, ensure_ascii=False) + "\n")

    def error(self, message: str) -> None:
        self.stderr.write(f"error: {message}\n")


INTERNAL = "internal error"
"""How the answer to a request the engine failed on (a bug, not a bad request) begins."""


def internal_error(error: BaseException) -> str:
    """One line for a request the engine failed on: the exception's kind and first line, and what to do."""
    first = (str(error).strip().splitlines() or [""])[0][:300]
    return f"{INTERNAL} ({type(error).__name__}{': ' + first if first else ''}); the request was not answered " \
           "(please report it with the request)"


def _answer(command: JsonCommand, data: Any) -> dict[str, Any]:
    try:
        return command(data)
    except RecursionError:
        raise InvalidRequestError("the request is nested too deeply") from None
    except MemoryError:
        raise InvalidRequestError("the request needs more memory than one request may use") from None


def _run(command: JsonCommand, source: str, stdin: TextIO, out: Output) -> int:
    """Answer one JSON request, or with ``-`` one per line of stdin (a bad line answers {"error": …})."""
    if source != "-":
        out.emit(_answer(command, load_json(source)))
        return 0
    for line in stdin:
        if not line.strip():
            continue
        try:
            out.emit(_answer(command, load_json(line, what="the line")))
        except CardTableError as error:
            out.emit({"error": str(error)})
        except Exception as error:  # noqa: BLE001 - one line's fault must not cost the lines after it
            out.emit({"error": internal_error(error)})
        out.stdout.flush()
    return 0


def _write_frame(frame: Any, target: str | None, out: Output) -> None:
    if target is None:
        frame.to_csv(out.stdout, index=False)
        return
    path = Path(target)
    if path.suffix == ".parquet":
        frame.to_parquet(path, index=False)
    elif path.suffix in (".json", ".jsonl"):
        frame.to_json(path, orient="records", lines=True)
    else:
        frame.to_csv(path, index=False)
    out.stderr.write(f"wrote {len(frame)} rows to {path}\n")


class _UsageError(Exception):
    """Arguments argparse refuses; ``main`` prints the message on one line (not argparse's usage block)."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> typing.NoReturn:
        raise _UsageError(f"{message} (`{self.prog} --help` shows the usage)")


def _parser(prog_commands: Sequence[str]) -> argparse.ArgumentParser:
    parser = _Parser(
        prog="python -m engine",
        description="Card Table Classroom rules engine: JSON in, JSON out.",
        epilog="A request argument of '-' reads one JSON object per line from stdin (batch mode). "
               "`python -m engine rules GAME '{}'` lists a game's presets and options; "
               "`python -m engine games` lists every game's commands.",
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    p = sub.add_parser("cards", help="canonical form of card notation, as JSON")
    p.add_argument("text", help="cards such as '10s qh tc bj', or '-' for JSON lines {\"text\": …}")
    p.add_argument("--deck", choices=[*DECK_SETUPS, *GAMES],
                   help="check copy limits against this deck set-up, or a game's own deck under its default rules")
    p.add_argument("--suitless", action="store_true", help="bare ranks (suits ignored, as in Dou Dizhu)")
    sub.add_parser("games", help="the games and the commands each one answers")
    p = sub.add_parser("schema", help="the JSON Schema of a command's request and answer")
    p.add_argument("game", choices=sorted(GAMES))
    p.add_argument("name", metavar="COMMAND", help="a command of that game")
    p = sub.add_parser("simulate", help="seeded games with the bots, one row per game (CSV, parquet, JSON lines)")
    p.add_argument("game", choices=sorted(GAMES))
    p.add_argument("--games", "--rounds", "--hands", dest="games", type=int, default=100, help="how many")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--options", default="{}", help="JSON object: preset, bots and any rule option")
    p.add_argument("--workers", type=int, default=None, help="processes to use (default: every core for big runs)")
    p.add_argument("--out", help="file to write (.csv, .parquet, .jsonl); CSV on stdout if absent")
    p = sub.add_parser("duel", help="the coach against the heuristic bots on the same deals (duplicate), as JSON")
    p.add_argument("game", choices=sorted(GAMES))
    p.add_argument("--games", type=int, default=100, help="how many deals")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--budget", type=int, default=32, help="sampled deals per option at each decision")
    p.add_argument("--options", default="{}", help="JSON object: preset and any rule option")
    p.add_argument("--workers", type=int, default=None, help="processes to use (default: every core)")
    for name in prog_commands:
        p = sub.add_parser(name, help=f"the game command {name!r}")
        p.add_argument("game", choices=sorted(GAMES))
        p.add_argument("request", help="a JSON object, or '-' for one object per line on stdin")
    return parser


def _all_command_names() -> list[str]:
    names: set[str] = set()
    for key in GAMES:
        names.update(game_commands(key))
    return sorted(names - set(BUILT_IN))


def main(argv: Sequence[str] | None = None, *, stdin: TextIO | None = None, stdout: TextIO | None = None,
         stderr: TextIO | None = None) -> int:
    """Run the command line in this process (the tests call it directly); returns the exit code."""
    args_list = list(sys.argv[1:] if argv is None else argv)
    out = Output(stdout or sys.stdout, stderr or sys.stderr)
    first = args_list[0] if args_list else ""
    # Only ``--help`` needs every game's command names; otherwise the game named is the only one imported.
    needs_all = not args_list or first in ("-h", "--help")
    names = _all_command_names() if needs_all else ([first] if first not in BUILT_IN else [])
    parser = _parser(names)
    if first not in BUILT_IN and len(args_list) == 3 and args_list[2].startswith("-") \
            and args_list[2] not in ("-", "-h", "--help"):
        args_list.insert(2, "--")  # a request such as '-1e+16' is JSON, not an option
    try:
        args = parser.parse_args(args_list)
    except _UsageError as error:
        out.error(str(error))
        return 2
    except SystemExit as exit_:
        return int(exit_.code or 0)
    try:
        return _dispatch(args, stdin or sys.stdin, out)
    except CardTableError as error:
        out.error(str(error))
        return 2
    except OSError as error:
        out.error(f"{error.strerror or error}: {quote(getattr(error, 'filename', '') or '')}")
        return 2
    except Exception as error:  # noqa: BLE001 - a bug is reported on one line, never as a traceback
        out.error(internal_error(error))
        return 1


def _dispatch(args: argparse.Namespace, stdin: TextIO, out: Output) -> int:
    if args.command == "cards":
        if args.text == "-":
            return _run(cards_command, "-", stdin, out)
        out.emit(cards_command({"text": args.text, "deck": args.deck, "suitless": args.suitless}))
        return 0
    if args.command == "games":
        out.emit({k: {"title": g.title, "commands": sorted(game_commands(k))} for k, g in GAMES.items()})
        return 0
    if args.command == "schema":
        commands = game_commands(args.game)
        if args.name not in commands:
            raise UnknownNameError(f"{args.game} command", args.name, sorted(commands))
        out.emit(commands[args.name].schema())  # type: ignore[attr-defined]
        return 0
    if args.command == "simulate":
        options = load_json(args.options, what="--options")
        if not isinstance(options, Mapping):
            raise InvalidRequestError("--options is a JSON object")
        frame = simulate(game(args.game), args.games, args.seed, options, workers=args.workers)
        _write_frame(frame, args.out, out)
        return 0
    if args.command == "duel":
        options = load_json(args.options, what="--options")
        if not isinstance(options, Mapping):
            raise InvalidRequestError("--options is a JSON object")
        preset, _, rule_options, _ = split_options(options)
        out.emit(duel(game(args.game), args.games, args.seed, args.budget, preset=preset, options=rule_options,
                      workers=args.workers).to_json())
        return 0
    commands = game_commands(args.game)
    if args.command not in commands:
        raise UnknownNameError(f"{args.game} command", args.command, sorted(commands))
    return _run(commands[args.command], args.request, stdin, out)


if __name__ == "__main__":
    sys.exit(main())
