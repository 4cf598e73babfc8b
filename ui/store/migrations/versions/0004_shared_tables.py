"""Shared Tables: one hand several people play from their own browsers, bots in the other seats
(shared_tables: its code, the game as JSON, digests of the seats' and host's keys, a version for optimistic
concurrency).

Revision ID: 0004_shared_tables
Revises: 0003_live_questions
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0004_shared_tables"
down_revision: str | None = "0003_live_questions"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# Lengths as in ui/store/table_rows.py at this revision (frozen here).
ID, CODE, KEY, DIGEST = 32, 16, 64, 64


def upgrade() -> None:
    moment = sa.DateTime(timezone=True)
    op.create_table(
        "shared_tables",
        sa.Column("id", sa.String(ID), nullable=False),
        sa.Column("code", sa.String(CODE), nullable=False),
        sa.Column("game", sa.String(KEY), nullable=False),
        sa.Column("host", sa.String(DIGEST), nullable=False),
        sa.Column("state", sa.Text(), nullable=False),
        sa.Column("seat_keys", sa.Text(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("created", moment, nullable=False),
        sa.Column("updated", moment, nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_shared_tables")),
        sa.UniqueConstraint("code", name=op.f("uq_shared_tables_code")),
    )


def downgrade() -> None:
    op.drop_table("shared_tables")
