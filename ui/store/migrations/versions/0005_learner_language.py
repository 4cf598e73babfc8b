"""A learner's language: the one they last chose in the sidebar (learners.language: en, bn or as; null until they
choose), so that the app opens in it when they come back without ?lang= in the address.

Revision ID: 0005_learner_language
Revises: 0004_shared_tables
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0005_learner_language"
down_revision: str | None = "0004_shared_tables"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# The length as in ui/store/models.py at this revision (frozen here).
LANGUAGE = 8


def upgrade() -> None:
    with op.batch_alter_table("learners") as batch:
        batch.add_column(sa.Column("language", sa.String(LANGUAGE), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("learners") as batch:
        batch.drop_column("language")
