"""Shengji / Tractor rules engine (see engine/shengji/rules.py for the presets)."""
