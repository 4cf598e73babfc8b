"""Cards drawn as SVG by our own code: pips, faces, the two jokers, a card back, and rows of cards.

Suits are drawn as paths (not font glyphs) so they look the same in every browser. The SVG text is
shown with ``st.image`` (see :func:`show_cards`); the functions that build it need no Streamlit.

The card-hand component (``ui/card_hand``) draws the same cards in the browser from the same shapes:
:func:`geometry` hands it the suit outlines, pip layouts and colours defined here, so a change to a
shape or a colour is made once.

A four-colour deck (``four_colour=True``: ♦ blue, ♣ green) tells the suits apart on a projector and for
colour-blind learners.

Cards in text are written here too: :func:`card_label` (one card, with a coloured suit) and :func:`symbol_words`
(the cards named in an action's words, with suit symbols).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from html import escape

from engine.cards import Card, Rank, Suit, parse_card
from engine.errors import CardTableError

W, H = 100, 140
RED = "#c0262d"
BLACK = "#1d1f24"
SUITLESS = "#27408b"
BLUE = "#1f5fbf"
GREEN = "#17803d"
OUTLINE = "#9aa0a6"
_FONT_FAMILY = "DejaVu Sans, Liberation Sans, Arial, Helvetica, sans-serif"
_FONT = f'font-family="{_FONT_FAMILY}"'

# Suit outlines in a 100 × 100 box.
_SUIT_PATHS = {
    Suit.DIAMONDS: "M50 4 L86 50 L50 96 L14 50 Z",
    Suit.HEARTS: (
        "M50 93 C28 74 6 56 6 32 C6 16 18 6 31 6 C41 6 47 12 50 21 "
        "C53 12 59 6 69 6 C82 6 94 16 94 32 C94 56 72 74 50 93 Z"
    ),
    Suit.SPADES: (
        "M50 4 C72 26 94 42 94 62 C94 76 84 84 72 84 C63 84 57 80 54 73 "
        "C55 84 59 91 67 96 L33 96 C41 91 45 84 46 73 C43 80 37 84 28 84 "
        "C16 84 6 76 6 62 C6 42 28 26 50 4 Z"
    ),
}
_CLUB_CIRCLES = ((50, 27, 19), (27, 59, 19), (73, 59, 19), (50, 52, 10))
_CLUB_STEM = "M50 44 C51 70 56 86 66 96 L34 96 C44 86 49 70 50 44 Z"

_COL = {"L": 31.0, "C": 50.0, "R": 69.0}
_PIPS: dict[int, tuple[tuple[str, float], ...]] = {
    2: (("C", 32), ("C", 108)),
    3: (("C", 32), ("C", 70), ("C", 108)),
    4: (("L", 32), ("R", 32), ("L", 108), ("R", 108)),
    5: (("L", 32), ("R", 32), ("C", 70), ("L", 108), ("R", 108)),
    6: (("L", 32), ("R", 32), ("L", 70), ("R", 70), ("L", 108), ("R", 108)),
    7: (("L", 32), ("R", 32), ("C", 51), ("L", 70), ("R", 70), ("L", 108), ("R", 108)),
    8: (("L", 32), ("R", 32), ("C", 51), ("L", 70), ("R", 70), ("C", 89), ("L", 108), ("R", 108)),
    9: (("L", 32), ("R", 32), ("L", 57.3), ("R", 57.3), ("C", 70), ("L", 82.7), ("R", 82.7), ("L", 108), ("R", 108)),
    10: (
        ("L", 32), ("R", 32), ("C", 45), ("L", 57.3), ("R", 57.3),
        ("L", 82.7), ("R", 82.7), ("C", 95), ("L", 108), ("R", 108),
    ),
}


def suit_colour(suit: Suit, four_colour: bool = False) -> str:
    """The ink of a suit: red and black, or with ``four_colour`` ♦ blue and ♣ green."""
    if four_colour and suit is Suit.DIAMONDS:
        return BLUE
    if four_colour and suit is Suit.CLUBS:
        return GREEN
    return RED if suit.is_red else BLACK


def card_colour(card: Card, four_colour: bool = False) -> str:
    """The ink of a card: its suit's, the jokers' own (red / black), blue for a suitless rank."""
    if card.is_joker:
        return RED if card.rank is Rank.RED_JOKER else BLACK
    if card.suit is None:
        return SUITLESS
    return suit_colour(card.suit, four_colour)


def geometry() -> dict[str, object]:
    """The shapes and colours the browser component draws cards with (JSON-ready).

    Suit outlines in a 100 × 100 box, the club's circles and stem, the pip layout of each rank
    (column letter, y) in the 100 × 140 card, the pip columns, and the inks of both palettes.
    """
    return {
        "w": W,
        "h": H,
        "suits": {s.value: _SUIT_PATHS[s] for s in _SUIT_PATHS},
        "clubCircles": [list(c) for c in _CLUB_CIRCLES],
        "clubStem": _CLUB_STEM,
        "cols": _COL,
        "pips": {str(k): [[c, y] for c, y in v] for k, v in _PIPS.items()},
        "ink": {
            "two": {s.value: suit_colour(s) for s in Suit},
            "four": {s.value: suit_colour(s, True) for s in Suit},
            "RJ": RED,
            "BJ": BLACK,
            "suitless": SUITLESS,
        },
        "outline": OUTLINE,
        "font": _FONT_FAMILY,
    }


def suit_shape(suit: Suit, x: float, y: float, size: float, colour: str, flip: bool = False) -> str:
    """A suit symbol of ``size`` pixels centred on (x, y)."""
    scale = size / 100
    transform = f"translate({x - size / 2:.2f},{y - size / 2:.2f}) scale({scale:.4f})"
    if flip:
        transform = f"rotate(180 {x:.2f} {y:.2f}) " + transform
    if suit is Suit.CLUBS:
        parts = "".join(f'<circle cx="{cx}" cy="{cy}" r="{r}"/>' for cx, cy, r in _CLUB_CIRCLES)
        parts += f'<path d="{_CLUB_STEM}"/>'
        return f'<g transform="{transform}" fill="{colour}">{parts}</g>'
    return f'<path transform="{transform}" d="{_SUIT_PATHS[suit]}" fill="{colour}"/>'


def _star(cx: float, cy: float, r: float, colour: str) -> str:
    import math

    points = []
    for i in range(10):
        radius = r if i % 2 == 0 else r * 0.45
        angle = math.pi / 2 + i * math.pi / 5
        points.append(f"{cx + radius * math.cos(angle):.2f},{cy - radius * math.sin(angle):.2f}")
    return f'<polygon points="{" ".join(points)}" fill="{colour}"/>'


def _text(x: float, y: float, text: str, size: float, colour: str, anchor: str = "middle", weight: str = "bold",
          rotate: bool = False) -> str:
    transform = f' transform="rotate(180 {x} {y})"' if rotate else ""
    return (
        f'<text x="{x}" y="{y}" font-size="{size}" font-weight="{weight}" fill="{colour}" '
        f'text-anchor="{anchor}" dominant-baseline="central" {_FONT}{transform}>{escape(text)}</text>'
    )


def _face(card: Card, colour: str) -> str:
    """The inside of one card (without the outline), in a 100 × 140 box."""
    parts: list[str] = []
    if card.is_joker:
        big = card.rank is Rank.RED_JOKER
        for i, letter in enumerate("JOKER"):
            parts.append(_text(12, 16 + i * 13, letter, 12, colour))
            parts.append(_text(88, 124 - i * 13, letter, 12, colour, rotate=True))
        parts.append(f'<rect x="24" y="24" width="52" height="92" rx="6" fill="{colour}" fill-opacity="0.10"/>')
        parts.append(_star(50, 58, 22 if big else 18, colour))
        parts.append(_text(50, 96, "BIG" if big else "SMALL", 12, colour))
        parts.append(_text(50, 108, "red" if big else "black", 9, colour, weight="normal"))
        return "".join(parts)
    rank_text = card.rank.text
    corner = 17 if len(rank_text) == 1 else 15
    parts.append(_text(13, 15, rank_text, corner, colour))
    parts.append(_text(87, 125, rank_text, corner, colour, rotate=True))
    if card.suit is None:
        parts.append(_text(50, 70, rank_text, 46, colour))
        return "".join(parts)
    parts.append(suit_shape(card.suit, 13, 31, 12, colour))
    parts.append(suit_shape(card.suit, 87, 109, 12, colour, flip=True))
    value = card.rank.value
    if value in _PIPS:
        for col, y in _PIPS[value]:
            parts.append(suit_shape(card.suit, _COL[col], y, 17, colour, flip=y > 70))
    elif card.rank is Rank.ACE:
        parts.append(suit_shape(card.suit, 50, 70, 44, colour))
    else:
        parts.append(f'<rect x="24" y="22" width="52" height="96" rx="5" fill="{colour}" fill-opacity="0.08" '
                     f'stroke="{colour}" stroke-width="1.5"/>')
        parts.append(_text(50, 58, rank_text, 38, colour))
        parts.append(suit_shape(card.suit, 50, 92, 24, colour))
    return "".join(parts)


def _back() -> str:
    lines = "".join(f'<line x1="{x}" y1="0" x2="{x + 64}" y2="128"/>' for x in range(-64, 88, 10))
    lines += "".join(f'<line x1="{x}" y1="0" x2="{x - 64}" y2="128"/>' for x in range(0, 152, 10))
    return (
        '<svg x="6" y="6" width="88" height="128" viewBox="0 0 88 128">'
        '<rect width="88" height="128" rx="6" fill="#2f5d9b"/>'
        f'<g stroke="#8fb3e3" stroke-width="1.2" opacity="0.7">{lines}</g></svg>'
        '<rect x="6" y="6" width="88" height="128" rx="6" fill="none" stroke="#ffffff" stroke-width="2"/>'
    )


def _card_group(
    card: Card | None, x: float, y: float, *, dim: bool = False, mark: bool = False, four_colour: bool = False
) -> str:
    outline = "#2563eb" if mark else OUTLINE
    width = 3.5 if mark else 1.2
    inner = _back() if card is None else _face(card, card_colour(card, four_colour))
    opacity = ' opacity="0.35"' if dim else ""
    title = "" if card is None else f"<title>{escape(card.symbol_text)}</title>"
    return (
        f'<g transform="translate({x},{y})"{opacity}>{title}'
        f'<rect x="1" y="1" width="{W - 2}" height="{H - 2}" rx="8" fill="#ffffff" stroke="{outline}" '
        f'stroke-width="{width}"/>{inner}</g>'
    )


def card_svg(card: Card | None, *, four_colour: bool = False) -> str:
    """One card as a standalone SVG (``None`` draws the card back)."""
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" viewBox="0 0 {W} {H}">'
        f"{_card_group(card, 0, 0, four_colour=four_colour)}</svg>"
    )


def hand_svg(
    cards: Sequence[Card | None],
    *,
    overlap: float = 0.45,
    dim: Iterable[int] = (),
    mark: Iterable[int] = (),
    raise_marked: bool = True,
    scale: float = 1.0,
    four_colour: bool = False,
) -> str:
    """A row of cards as one SVG; ``overlap`` is the fraction of each card hidden by the next.

    ``dim`` and ``mark`` are indexes into ``cards``: dimmed cards are greyed out, marked ones outlined
    in blue and (with ``raise_marked``) lifted, as a selection.
    """
    dimmed, marked = set(dim), set(mark)
    step = W * (1 - overlap)
    lift = 16 if raise_marked and marked else 0
    width = W + step * max(len(cards) - 1, 0) if cards else W
    height = H + lift
    groups = [
        _card_group(
            c, i * step, 0 if (i in marked and lift) else lift, dim=i in dimmed, mark=i in marked,
            four_colour=four_colour,
        )
        for i, c in enumerate(cards)
    ]
    if not cards:
        groups.append(
            f'<rect x="1" y="{lift + 1}" width="{W - 2}" height="{H - 2}" rx="8" fill="none" stroke="#c4c7cc" '
            f'stroke-dasharray="6 4"/>' + _text(50, lift + 70, "no cards", 12, "#80868b", weight="normal")
        )
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width * scale:.0f}" height="{height * scale:.0f}" '
        f'viewBox="0 0 {width:.1f} {height}">' + "".join(groups) + "</svg>"
    )


def card_label(card: Card) -> str:
    """A short label with a coloured suit, in Streamlit markdown: ``10:red[♥]``."""
    if card.is_joker:
        return ":red[RJ]" if card.rank is Rank.RED_JOKER else "BJ"
    if card.suit is None:
        return card.rank.text
    if card.suit.is_red:
        return f"{card.rank.text}:red[{card.suit.symbol}]"
    return f"{card.rank.text}{card.suit.symbol}"


def symbol_words(text: str, *, suits: bool = False) -> str:
    """``text`` with every word that is a card (two characters or more) written with its suit symbol: ``declare
    2D`` → ``declare 2♦``; with ``suits``, every word that is a suit letter too: ``name S`` → ``name ♠``. Other
    words stay as they are; the words are joined by single spaces."""
    words = []
    for word in text.split():
        try:
            card = parse_card(word) if len(word) > 1 else None
        except CardTableError:
            card = None
        if card is not None:
            words.append(card.symbol_text)
            continue
        suit = next((s for s in Suit if s.letter == word), None) if suits else None
        words.append(suit.symbol if suit is not None else word)
    return " ".join(words)
