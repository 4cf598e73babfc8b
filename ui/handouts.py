"""Printable one-page rules summaries: ``handout_pdf(game, preset) -> bytes``, an A4 PDF made with fpdf2.

Each page has the game's title and native name, the rule set's plain name, the card and trump order, the
combinations, the following ladder (Shengji), the level or scoring table, and the key terms with their
characters and pinyin (from the glossary).

Every rule fact on the page comes from the engine. The engine-facing part is the four ``_<game>`` functions
below — one per game, each asking the game's command layer (``engine.<game>.cli.COMMANDS``) and returning
:class:`Facts`; the rest of this module only lays the facts out, so re-pointing a game at a new engine API
touches one function. The words around the facts (section titles, column headings) are labels, never rules.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from fpdf import FPDF
from fpdf.fonts import FontFace

from engine.cards import Suit, format_cards, parse_cards
from engine.errors import UnknownNameError
from engine.games import GAMES, game_info, json_commands, preset_texts
from engine.glossary import Term, load_glossary, term_by_key
from ui.fonts import PRINT_FONTS
from ui.nav import preset_titles

Command = Callable[[Mapping[str, Any]], dict[str, Any]]

# The rule sets' plain names, as a learner reads them (labels only: what each rule set holds comes from the
# engine). A preset missing here is shown by its name.
# The glossary entries that give a game's native name its reading on the title line.
NAME_TERMS: dict[str, tuple[str, ...]] = {
    "shengji": ("shengji", "tractor"),
    "thirteen": ("thirteen",),
    "euchre": ("euchre",),
    "doudizhu": ("dou-dizhu",),
}


@dataclass(frozen=True)
class Table:
    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    widths: tuple[float, ...]  # relative column widths


@dataclass(frozen=True)
class Section:
    title: str
    column: int  # 0: left, 1: right, 2: the full width below both
    lines: tuple[str, ...] = ()  # paragraphs, "**bold**" allowed
    table: Table | None = None


@dataclass(frozen=True)
class Facts:
    """What one handout says, gathered from the engine."""

    game: str
    preset: str
    summary: tuple[str, ...]
    sections: tuple[Section, ...]
    key_terms: tuple[Term, ...] = field(default=())


def presets(game: str) -> dict[str, str]:
    """The game's presets (name → the engine's description), in the engine's order."""
    return preset_texts(game)


def preset_name(game: str, preset: str) -> str:
    """The rule set's name as the sidebar shows it ("The Chinese competition rules"), from the engine."""
    titles = preset_titles(game)
    return titles.get(preset, preset.replace("_", " ").capitalize())


def _commands(game: str) -> dict[str, Command]:
    return dict(json_commands(game))


def _symbols(text: str, suitless: bool = False) -> str:
    return format_cards(parse_cards(text, suitless=suitless), symbols=True)


def _sentence(text: object) -> str:
    """An engine sentence as a sentence on paper: capital first letter, full stop."""
    words = str(text).strip()
    if not words:
        return ""
    words = words[0].upper() + words[1:]
    return words if words[-1] in ".!?)" else words + "."


def _call(action: str) -> str:
    """A Euchre call with its suit as a symbol: "name S" → "name ♠"."""
    verb, _, suit = action.rpartition(" ")
    return f"{verb} {Suit(suit).symbol}" if verb == "name" and suit in {s.value for s in Suit} else action


# ---------------------------------------------------------------------------------------------------------
# The engine-facing part: one function per game.
# ---------------------------------------------------------------------------------------------------------


def _shengji(preset: str) -> Facts:
    run = _commands("shengji")
    rules = run["rules"]({"preset": preset})
    options = rules["rules"]
    decks = int(options["decks"])
    example = {"preset": preset, "trump_rank": "2", "trump_suit": "H"}
    order = run["order"](example)
    no_trump = run["order"]({**example, "trump_suit": None})
    plain = " ".join(_symbols(c) for c in order["suits"]["S"])

    def kind(cards: str, **extra: Any) -> tuple[str, str]:
        return _symbols(cards), str(run["classify"]({**example, **extra, "cards": cards})["description"])

    combos = [kind(c) for c in ("AS", "AS AS", "KS KS QS QS", "AH AH 2S 2S", "BJ BJ RJ RJ", "2S 2S 2D 2D", "AS KS")]
    if decks < 3:
        symbols, text = kind("AS AS AS", decks=3)
        combos.append((symbols, f"{text} (three or more decks)"))
    else:
        combos.append(kind("AS AS AS"))
    hand = "QS JS 10S 9S 8S 7S 6S 5S"
    ladder = []
    for lead, extra in (("4S", {}), ("4S 4S", {}), ("3S 3S 4S 4S", {}), ("3S 3S 3S 4S 4S 4S", {"decks": 3})):
        got = run["requirement"]({**example, **extra, "hand": hand + (" 6S 7S" if extra else ""), "lead": lead})
        rungs = " › ".join(step["text"] for step in got["ladder"])
        where = " (three or more decks)" if extra and decks < 3 else ""
        ladder.append((f"{got['lead']}{where}", rungs))
    declaring = []
    for current, play in (("2H", "2S 2S"), ("2S 2S", "BJ BJ"), ("BJ BJ", "RJ RJ")):
        got = run["declare"]({"preset": preset, "trump_rank": "2", "play": play, "seat": "S", "current": current,
                              "current_seat": "W"})
        declaring.append((f"{_symbols(play)} on {_symbols(current)}", "yes" if got["legal"] else "no", got["reason"]))
    kitty = [run["kitty"]({"preset": preset, "kitty_points": 20, "last_trick_cards": n}) for n in (1, 2, 4)]
    bands = run["bands"]({"preset": preset})
    level_rows = tuple(
        (f"{b['low']}–{b['high']}" if b["high"] != b["low"] else str(b["low"]), str(b["text"])) for b in bands["bands"]
    )
    return Facts(
        game="shengji",
        preset=preset,
        summary=(rules["summary"],),
        sections=(
            Section(f"Trump order (example: {order['label']})", 0, (
                f"**Trumps, high to low:** {order['trump_text']}",
                f"**Another suit, high to low:** {plain}",
                f"**No trump** (a joker declaration): {no_trump['trump_text']}",
            )),
            Section("Point cards", 0, (run["points"]({"cards": "5H 10H KH"})["reason"],)),
            Section("Combinations", 0, table=Table(("cards (rank 2, ♥ trump)", "what they are"),
                                                   tuple(combos), (1, 1.5))),
            Section("Following: play the first step you can", 0,
                    table=Table(("the lead", "you must play, best first"), tuple(ladder), (1, 1.9))),
            Section("Declaring and overriding (rank 2)", 1,
                    table=Table(("declaration", "allowed?", "why"), tuple(declaring), (1, 0.75, 2.1))),
            Section("Kitty bonus: the attackers win the last trick", 1, table=Table(
                ("cards each in the last trick", "kitty points ×", "20 buried points give"),
                tuple((str(n), f"× {k['multiplier']}", str(k["bonus"])) for n, k in zip((1, 2, 4), kitty, strict=True)),
                (1.3, 0.8, 1))),
            Section("Failed throw", 1, (
                f"**Penalty per card taken back:** {options['throw_penalty_per_card']} points",
            )),
            Section(f"The level table ({decks} decks)", 1,
                    tuple(_sentence(n["text"]) for n in rules["notes"] if n["option"] == "band"),
                    table=Table(("attackers' points", "result"), level_rows, (0.7, 2.3))),
        ),
    )


def _thirteen(preset: str) -> Facts:
    run = _commands("thirteen")
    from engine.thirteen import CARDS

    rules = run["rules"]({"preset": preset})
    ranks = " ".join(dict.fromkeys(c.text[:-1] for c in CARDS))
    suits = " < ".join(c.suit.symbol for c in CARDS[:4] if c.suit is not None)
    combos = []
    for want in ("single", "pair", "triple", "quad", "sequence", "double_sequence"):
        cards = run["example"]({"preset": preset, "seed": 1, "want": want})["plays"][0]
        got = run["classify"]({"preset": preset, "cards": cards})
        combos.append((str(got["shape"]), _symbols(cards), "bomb" if got["bomb"] else ""))
    bombs = ("7S 7C 7D 7H", "3S 3C 4S 4C 5S 5C", "3S 3C 4S 4C 5S 5C 6S 6C", "3S 3C 4S 4C 5S 5C 6S 6C 7S 7C")
    chops = []
    for twos in ("2H", "2D 2H", "2C 2D 2H"):
        chopped_by = [str(run["classify"]({"preset": preset, "cards": b})["shape"]) for b in bombs
                      if run["check"]({"preset": preset, "hand": b, "previous": twos, "play": b})["legal"]]
        chops.append((_symbols(twos), ", ".join(chopped_by) or "nothing"))
    beating = [run["compare"]({"preset": preset, "a": a, "b": b})["reason"]
               for a, b in (("4H", "5S"), ("5S", "5H"), ("7D 8C 9S", "7H 8D 9D"))]
    passing = [
        (f"{_symbols(play)} on {_symbols(table)}",
         run["check"]({"preset": preset, "hand": play, "previous": table, "passed": True, "play": play})["reason"])
        for table, play in (("4D", "6S"), ("2H", "7S 7C 7D 7H"))
    ]
    score = run["score"]({"preset": preset, "order": ["N", "E", "S", "W"]})["points"]
    places = ("1st", "2nd", "3rd", "4th")
    return Facts(
        game="thirteen",
        preset=preset,
        summary=(),
        sections=(
            Section("Card order, low to high", 0, (
                f"**Ranks:** {ranks}",
                f"**Suits** (when the ranks are equal): {suits}",
            )),
            Section("Combinations (examples from a deal)", 0,
                    table=Table(("combination", "example", ""), tuple(combos), (1.3, 1.5, 0.5))),
            Section("Beating: same type, same length, higher top card", 0, tuple(_sentence(b) for b in beating)),
            Section("Chopping 2s with bombs", 0,
                    table=Table(("on the table", "may be chopped by"), tuple(chops), (0.8, 2.2))),
            Section("The rules of this rule set", 1, (
                _sentence(next(p["description"] for p in rules["presets"] if p["name"] == preset)),
                *(_sentence(n["text"]) for n in rules["notes"]),
            )),
            Section("After you pass", 1, table=Table(("play", "allowed?"), tuple(passing), (0.9, 2.1))),
            Section("Points per game (places)", 1, table=Table(
                ("place", "points"), tuple((places[i], str(p)) for i, p in enumerate(score.values())), (1, 1))),
        ),
    )


def _euchre(preset: str) -> Facts:
    run = _commands("euchre")
    from engine.euchre import make_rules

    rules = make_rules(preset)
    deal = run["deal"]({"preset": preset, "seed": 1})
    trumps = [run["trumps"]({"preset": preset, "trump": suit}) for suit in ("H", "S")]
    calls = [
        run["calls"]({"preset": preset, "dealer": "N", "upcard": "KH", "round": 1}),
        run["calls"]({"preset": preset, "dealer": "N", "upcard": "KH", "round": 2, "seat": "N"}),
    ]
    cases = [(3, False, False), (5, False, False), (4, True, False), (5, True, False), (2, False, False)]
    if rules.defender_may_go_alone:
        cases.append((1, False, True))

    def who(tricks: int, alone: bool, defender_alone: bool) -> str:
        took = "all 5" if tricks == 5 else f"{tricks} trick{'s' if tricks != 1 else ''}"
        return took + (", going alone" if alone else "") + (", against a defender alone" if defender_alone else "")

    scoring = [run["score"]({"preset": preset, "makers_tricks": t, "alone": a, "defender_alone": d})
               for t, a, d in cases]
    games = [run["game"]({"preset": preset, "scores": s}) for s in ([10, 9], [11, 9])]
    return Facts(
        game="euchre",
        preset=preset,
        summary=(f"{deal['deck_size']} cards; {len(deal['first_hand'].split())} to each player, dealt in "
                 f"{deal['deal_order']}; the kitty holds the upcard and {len(deal['kitty'].split())} more.",),
        sections=(
            Section("Trump order, high to low", 0, tuple(
                f"**{Suit(t['trump']).symbol} trump:** {_symbols(t['order'])} — "
                + (f"best bower {_symbols(t['best_bower'])}, " if t["best_bower"] else "")
                + f"right bower {_symbols(t['right_bower'])}, left bower {_symbols(t['left_bower'])}"
                for t in trumps
            )),
            Section("Calling trump (upcard K♥, North deals)", 0, (
                f"**Round 1** ({calls[0]['to_act']} first): {', '.join(_call(c) for c in calls[0]['calls'])}",
                f"**Round 2, the dealer after three passes:** {', '.join(_call(c) for c in calls[1]['calls'])}",
                _sentence(calls[1]["reasons"].get("name H", "")),
                _sentence(calls[1]["reasons"].get("pass", "")),
            )),
            Section("Scoring a hand", 1, table=Table(("the makers take", "points"), tuple(
                (who(t, a, d), str(s["reason"])) for (t, a, d), s in zip(cases, scoring, strict=True)), (1.1, 2.2))),
            Section("Winning the game", 1, tuple(_sentence(g["reason"]) for g in games)),
        ),
    )


def _doudizhu(preset: str) -> Facts:
    run = _commands("doudizhu")
    rules = run["setup"]({"preset": preset})
    order = run["highest"]({"preset": preset, "cards": "3 4 5 6 7 8 9 10 J Q K A 2 BJ RJ"})
    combos = []
    for kind in rules["types"]:
        found = run["example"]({"preset": preset, "kind": kind, "seed": 1, "limit": 1})
        label = next(r["label"] for r in run["classify"]({"preset": preset, "cards": found["first"]})["readings"]
                     if r["combo"] == kind)
        combos.append((label, found["first"], found["descriptions"][0]))
    auctions = []
    for calls in ([1] + ["pass"] * (rules["players"] - 1), [1, 2, 3], ["pass"] * rules["players"]):
        got = run["auction"]({"preset": preset, "first": "S", "calls": calls})
        auctions.append((" · ".join(str(c) for c in calls), str(got["outcome"])))
    rocket = next(c[1] for c in combos if c[0] == "rocket")
    matches = [("3 4 5 6 7", "8 8 8 8"), ("8 8 8 8", "9 9 9 9"), ("9 9 9 9", rocket)]
    if rules["deck_size"] > 54:  # two decks: a bomb may have more than four cards
        matches.insert(2, ("9 9 9 9", "3 3 3 3 3"))
    beating = [run["compare"]({"preset": preset, "table": t, "play": p})["reason"] for t, p in matches]
    payments = []
    for bid, bombs, rockets, winner in ((1, 0, 0, "landlord"), (3, 1, 0, "landlord"), (2, 1, 1, "peasants")):
        got = run["score"]({"preset": preset, "bid": bid, "bombs": bombs, "rockets": rockets, "winner": winner})
        situation = f"bid {bid}, {bombs} bomb{'s' if bombs != 1 else ''}" + (", the rocket" if rockets else "")
        payments.append((situation, winner, str(got["stake"]), f"{got['landlord_payment']:+d}",
                         f"{got['peasant_payment']:+d}"))
    return Facts(
        game="doudizhu",
        preset=preset,
        summary=(f"{rules['players']} players, {rules['deck_size']} cards: {rules['hand_size']} each and "
                 f"{rules['kitty']} in the kitty; the landlord plays with {rules['landlord_cards']}.",),
        sections=(
            Section("Card order", 0, (_sentence(order["reason"]),)),
            Section("Combinations (examples from a deal)", 0,
                    table=Table(("combination", "example"), tuple((c[0], c[1]) for c in combos), (1.1, 1.6))),
            Section("Bombs and the rocket", 0, tuple(_sentence(b) for b in beating)),
            Section("The auction", 1, table=Table(("calls", "result"), tuple(auctions), (0.9, 2.1))),
            Section("Payment", 1, table=Table(("the hand", "won by", "stake", "landlord", "each peasant"),
                                              tuple(payments), (1.4, 0.9, 0.6, 0.95, 0.95))),
        ),
    )


FACTS: dict[str, Callable[[str], Facts]] = {
    "shengji": _shengji,
    "thirteen": _thirteen,
    "euchre": _euchre,
    "doudizhu": _doudizhu,
}


def handout_facts(game: str, preset: str) -> Facts:
    """What the handout of ``game`` under ``preset`` says; raises UnknownNameError for an unknown game or
    preset (the engine's message)."""
    game_info(game)
    known = presets(game)
    if preset not in known:
        raise UnknownNameError("preset", preset, known)
    facts = FACTS[game](preset)
    terms = tuple(t for t in load_glossary() if game in t.games)
    key = tuple(t for t in terms if t.native) or terms
    return Facts(facts.game, facts.preset, facts.summary, facts.sections, key)


# ---------------------------------------------------------------------------------------------------------
# The layout: one A4 page, two columns and a full-width band of key terms.
# ---------------------------------------------------------------------------------------------------------

FONT = "ctc"
PAGE_W, PAGE_H, MARGIN, GAP = 210.0, 297.0, 12.0, 6.0
MAX_SCALE, MIN_SCALE = 1.3, 0.75  # type sizes relative to the base sizes below: the largest that fits is used
INK, GREY, RULE, SHADE = (20, 20, 20), (95, 95, 95), (170, 170, 170), (236, 236, 236)


class _Handout(FPDF):
    def __init__(self, scale: float) -> None:
        super().__init__(orientation="P", unit="mm", format="A4")
        self.scale = scale
        self.set_auto_page_break(False)
        self.set_margins(MARGIN, MARGIN, MARGIN)
        for style, path in PRINT_FONTS.items():
            self.add_font(FONT, style, str(path))
        self.set_title("Card Table Classroom rules summary")
        self.set_creator("Card Table Classroom")
        self.add_page()

    def size(self, points: float, style: str = "") -> float:
        self.set_font(FONT, style, points * self.scale)
        return points * self.scale * 0.3528 * 1.25  # a line height in mm

    def heading(self, x: float, width: float, text: str) -> None:
        self.set_xy(x, self.get_y() + 1.6 * self.scale)
        self.set_text_color(*INK)
        height = self.size(9.5, "B")
        self.multi_cell(width, height, text, align="L", new_x="LEFT", new_y="NEXT")
        self.set_draw_color(*RULE)
        self.set_line_width(0.2)
        self.line(x, self.get_y() + 0.3, x + width, self.get_y() + 0.3)
        self.set_y(self.get_y() + 1.2 * self.scale)

    def paragraph(self, x: float, width: float, text: str, points: float = 8.0) -> None:
        self.set_x(x)
        self.set_text_color(*INK)
        height = self.size(points)
        self.multi_cell(width, height, text, markdown=True, align="L", new_x="LEFT", new_y="NEXT")
        self.set_y(self.get_y() + 0.6 * self.scale)

    def table_of(self, x: float, width: float, table: Table) -> None:
        self.set_left_margin(x)
        self.set_x(x)
        self.size(7.4)
        self.set_draw_color(*RULE)
        self.set_line_width(0.15)
        total = sum(table.widths)
        heading = FontFace(emphasis="BOLD", fill_color=SHADE, color=INK)
        with self.table(width=width, col_widths=tuple(w / total * width for w in table.widths), align="LEFT",
                        line_height=self.size(7.4) * 0.95, headings_style=heading, padding=0.8 * self.scale,
                        text_align="LEFT", borders_layout="HORIZONTAL_LINES") as grid:
            for row in (table.header, *table.rows):
                cells = grid.row()
                for cell in row:
                    cells.cell(cell)
        self.set_left_margin(MARGIN)
        self.set_y(self.get_y() + 1.0 * self.scale)


def _title(pdf: _Handout, facts: Facts) -> None:
    info = GAMES[facts.game]
    glossary = load_glossary()
    readings = [t for key in NAME_TERMS.get(facts.game, ()) if (t := term_by_key(glossary, key)) is not None]
    pdf.set_xy(MARGIN, MARGIN)
    pdf.set_text_color(*INK)
    pdf.size(20, "B")
    pdf.cell(text=info.title)
    if info.native != info.title and info.native not in info.title:
        pdf.size(15)
        pdf.cell(text="   " + info.native)
    pdf.ln(pdf.size(20) * 1.05)
    said = " · ".join(f"{t.native} {t.reading}" for t in readings if t.native and t.reading and t.has_cjk)
    if not said:
        said = " · ".join(f"{t.native or t.english}: {t.reading}" for t in readings if t.reading)
    pdf.set_text_color(*GREY)
    if said:
        pdf.size(9)
        pdf.cell(text=said)
        pdf.ln(pdf.size(9))
    pdf.size(11, "B")
    pdf.set_text_color(*INK)
    pdf.cell(text=f"Rule set: {preset_name(facts.game, facts.preset)}")
    pdf.ln(pdf.size(11) * 1.1)
    for line in facts.summary:
        pdf.paragraph(MARGIN, PAGE_W - 2 * MARGIN, line, 8.5)
    pdf.set_draw_color(*INK)
    pdf.set_line_width(0.4)
    pdf.line(MARGIN, pdf.get_y() + 0.5, PAGE_W - MARGIN, pdf.get_y() + 0.5)
    pdf.set_y(pdf.get_y() + 1.5)


def _section(pdf: _Handout, x: float, width: float, section: Section) -> None:
    pdf.heading(x, width, section.title)
    for line in section.lines:
        if line:
            pdf.paragraph(x, width, line)
    if section.table is not None:
        pdf.table_of(x, width, section.table)


def _key_terms(pdf: _Handout, facts: Facts) -> None:
    width = PAGE_W - 2 * MARGIN
    pdf.heading(MARGIN, width, "Key terms")
    columns, gap = 2, GAP
    column_width = (width - gap * (columns - 1)) / columns
    top = pdf.get_y()
    per_column = -(-len(facts.key_terms) // columns)
    bottoms = []
    for index in range(columns):
        pdf.set_y(top)
        x = MARGIN + index * (column_width + gap)
        for term in facts.key_terms[index * per_column:(index + 1) * per_column]:
            pdf.paragraph(x, column_width, _term_line(term), 7.6)
        bottoms.append(pdf.get_y())
    pdf.set_y(max(bottoms))


def _term_line(term: Term) -> str:
    """ "**kitty** 底牌 dǐpái, literally “bottom cards”"; a term with no native form gets its meaning."""
    line = f"**{term.english}**"
    if term.native:
        line += f" {term.native}"
    if term.reading:
        line += f" {term.reading}" if term.has_cjk else f" ({term.reading})"
    if term.literally:
        line += f", literally “{term.literally}”"
    if not term.native:
        line += f": {term.meaning}"
    return line


def _footer(pdf: _Handout) -> None:
    pdf.set_xy(MARGIN, PAGE_H - MARGIN + 2)
    pdf.set_text_color(*GREY)
    pdf.set_font(FONT, "", 7)  # not scaled: it must fit the width whatever the page's type size
    pdf.cell(w=PAGE_W - 2 * MARGIN, text="Card Table Classroom · every rule on this page comes from the app's rules "
             "engine · all the terms, with their meanings, are on the app's Glossary page", align="C")


def _render(facts: Facts, scale: float) -> tuple[bytes, float]:
    """The PDF at ``scale`` and the lowest point its content reached (mm from the top)."""
    pdf = _Handout(scale)
    _title(pdf, facts)
    top = pdf.get_y()
    width = (PAGE_W - 2 * MARGIN - GAP) / 2
    bottoms = []
    for column in (0, 1):
        pdf.set_y(top)
        for section in facts.sections:
            if section.column == column:
                _section(pdf, MARGIN + column * (width + GAP), width, section)
        bottoms.append(pdf.get_y())
    pdf.set_y(max(bottoms))
    for section in facts.sections:
        if section.column == 2:
            _section(pdf, MARGIN, PAGE_W - 2 * MARGIN, section)
    if facts.key_terms:
        _key_terms(pdf, facts)
    lowest = pdf.get_y()
    _footer(pdf)
    if pdf.page_no() != 1:  # pragma: no cover - auto page break is off; a second page means a layout bug
        raise RuntimeError("the handout ran onto a second page")
    return bytes(pdf.output()), lowest


@lru_cache(maxsize=32)
def handout_pdf(game: str, preset: str) -> bytes:
    """The one-page A4 rules summary of ``game`` under ``preset``, as PDF bytes: the type is the largest that
    fits on the page. Raises UnknownNameError for an unknown game or preset."""
    facts = handout_facts(game, preset)
    scale = MAX_SCALE
    while True:
        data, lowest = _render(facts, scale)
        if lowest <= PAGE_H - MARGIN - 4 or scale <= MIN_SCALE:
            return data
        scale = round(scale - 0.05, 2)


def handout_filename(game: str, preset: str) -> str:
    """A file name for the download: ``shengji-competition-rules.pdf``."""
    return f"{game}-{preset.replace('_', '-')}-rules.pdf"
