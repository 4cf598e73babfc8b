"""The first schema: learners, lessons done, the last lesson open, exercise tries, practice items with their
Leitner boxes, practice streaks and saved positions.

Revision ID: 0001_first
Revises:
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0001_first"
down_revision: str | None = None
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# Lengths as in ui/store/models.py at this revision (frozen here: a migration must not change when models do).
ID, NAME, NAME_KEY, KEY, TITLE, ANSWER = 32, 40, 160, 64, 80, 500


def _learner(table: str) -> tuple[sa.Column[str], sa.ForeignKeyConstraint]:
    """The learner_id column of ``table`` and its foreign key (rows go when their learner goes)."""
    return (sa.Column("learner_id", sa.String(ID), nullable=False),
            sa.ForeignKeyConstraint(["learner_id"], ["learners.id"], ondelete="CASCADE",
                                    name=op.f(f"fk_{table}_learner_id_learners")))


def _key(table: str, *columns: str) -> sa.PrimaryKeyConstraint:
    return sa.PrimaryKeyConstraint(*columns, name=op.f(f"pk_{table}"))


def upgrade() -> None:
    moment = sa.DateTime(timezone=True)
    op.create_table(
        "learners",
        sa.Column("id", sa.String(ID), nullable=False),
        sa.Column("name", sa.String(NAME), nullable=False),
        sa.Column("name_key", sa.String(NAME_KEY), nullable=False),
        sa.Column("created", moment, nullable=False),
        _key("learners", "id"),
        sa.UniqueConstraint("name_key", name=op.f("uq_learners_name_key")),
    )
    op.create_table(
        "lessons_done",
        *_learner("lessons_done"),
        sa.Column("game", sa.String(KEY), nullable=False),
        sa.Column("lesson", sa.String(KEY), nullable=False),
        sa.Column("done", moment, nullable=False),
        _key("lessons_done", "learner_id", "game", "lesson"),
    )
    op.create_table(
        "last_lessons",
        *_learner("last_lessons"),
        sa.Column("game", sa.String(KEY), nullable=False),
        sa.Column("lesson", sa.String(KEY), nullable=False),
        sa.Column("opened", moment, nullable=False),
        _key("last_lessons", "learner_id", "game"),
    )
    op.create_table(
        "tries",
        sa.Column("id", sa.Integer(), nullable=False, autoincrement=True),
        *_learner("tries"),
        sa.Column("game", sa.String(KEY), nullable=False),
        sa.Column("exercise", sa.String(KEY), nullable=False),
        sa.Column("correct", sa.Boolean(), nullable=False),
        sa.Column("answer", sa.String(ANSWER), nullable=False),
        sa.Column("at", moment, nullable=False),
        _key("tries", "id"),
    )
    op.create_index("ix_tries_learner_game_exercise", "tries", ["learner_id", "game", "exercise"])
    op.create_table(
        "practice",
        *_learner("practice"),
        sa.Column("game", sa.String(KEY), nullable=False),
        sa.Column("rule", sa.String(KEY), nullable=False),
        sa.Column("box", sa.Integer(), nullable=False),
        sa.Column("due", moment, nullable=False),
        sa.Column("seen", sa.Integer(), nullable=False),
        sa.Column("missed", sa.Integer(), nullable=False),
        sa.Column("last_seen", moment, nullable=False),
        _key("practice", "learner_id", "game", "rule"),
    )
    op.create_table(
        "streaks",
        *_learner("streaks"),
        sa.Column("game", sa.String(KEY), nullable=False),
        sa.Column("current", sa.Integer(), nullable=False),
        sa.Column("best", sa.Integer(), nullable=False),
        sa.Column("days", sa.Integer(), nullable=False),
        sa.Column("last_day", sa.Date(), nullable=False),
        _key("streaks", "learner_id", "game"),
    )
    op.create_table(
        "positions",
        sa.Column("id", sa.Integer(), nullable=False, autoincrement=True),
        *_learner("positions"),
        sa.Column("game", sa.String(KEY), nullable=False),
        sa.Column("title", sa.String(TITLE), nullable=False),
        sa.Column("position", sa.Text(), nullable=False),
        sa.Column("created", moment, nullable=False),
        _key("positions", "id"),
    )
    op.create_index("ix_positions_learner_game", "positions", ["learner_id", "game"])


def downgrade() -> None:
    op.drop_index("ix_positions_learner_game", table_name="positions")
    op.drop_table("positions")
    op.drop_table("streaks")
    op.drop_table("practice")
    op.drop_index("ix_tries_learner_game_exercise", table_name="tries")
    op.drop_table("tries")
    op.drop_table("last_lessons")
    op.drop_table("lessons_done")
    op.drop_table("learners")
