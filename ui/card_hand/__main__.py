"""``python -m ui.card_hand``: rewrite ``card_geometry.js`` from the card shapes in ``ui/cards.py``."""

from ui.card_hand import ASSETS, GEOMETRY_JS, geometry_module

if __name__ == "__main__":
    target = ASSETS / GEOMETRY_JS
    target.write_text(geometry_module(), encoding="utf-8")
    print(f"wrote {target}")
