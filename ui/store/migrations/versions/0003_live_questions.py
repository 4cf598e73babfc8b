"""Live class questions: a moment a teacher pushes to a class (live_questions), each student's answer
(live_answers), and where each learner is now (learner_places: the page and link a teacher opens read-only).

Revision ID: 0003_live_questions
Revises: 0002_classes
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0003_live_questions"
down_revision: str | None = "0002_classes"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# Lengths as in ui/store/live_rows.py at this revision (frozen here).
ID, KEY, PROMPT, ANSWER = 32, 64, 200, 500


def upgrade() -> None:
    moment = sa.DateTime(timezone=True)
    op.create_table(
        "live_questions",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("class_id", sa.String(ID), nullable=False),
        sa.Column("kind", sa.String(KEY), nullable=False),
        sa.Column("game", sa.String(KEY), nullable=False),
        sa.Column("prompt", sa.String(PROMPT), nullable=False),
        sa.Column("moment", sa.Text(), nullable=False),
        sa.Column("opened", moment, nullable=False),
        sa.Column("revealed", moment, nullable=True),
        sa.Column("closed", moment, nullable=True),
        sa.ForeignKeyConstraint(["class_id"], ["classes.id"], ondelete="CASCADE",
                                name=op.f("fk_live_questions_class_id_classes")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_live_questions")),
    )
    op.create_index("ix_live_questions_class_opened", "live_questions", ["class_id", "opened"])
    op.create_table(
        "live_answers",
        sa.Column("question_id", sa.Integer(), nullable=False),
        sa.Column("learner_id", sa.String(ID), nullable=False),
        sa.Column("answer", sa.String(ANSWER), nullable=False),
        sa.Column("correct", sa.Boolean(), nullable=True),
        sa.Column("at", moment, nullable=False),
        sa.ForeignKeyConstraint(["question_id"], ["live_questions.id"], ondelete="CASCADE",
                                name=op.f("fk_live_answers_question_id_live_questions")),
        sa.ForeignKeyConstraint(["learner_id"], ["learners.id"], ondelete="CASCADE",
                                name=op.f("fk_live_answers_learner_id_learners")),
        sa.PrimaryKeyConstraint("question_id", "learner_id", name=op.f("pk_live_answers")),
    )
    op.create_table(
        "learner_places",
        sa.Column("learner_id", sa.String(ID), nullable=False),
        sa.Column("page", sa.String(KEY), nullable=False),
        sa.Column("game", sa.String(KEY), nullable=False),
        sa.Column("link", sa.Text(), nullable=False),
        sa.Column("updated", moment, nullable=False),
        sa.ForeignKeyConstraint(["learner_id"], ["learners.id"], ondelete="CASCADE",
                                name=op.f("fk_learner_places_learner_id_learners")),
        sa.PrimaryKeyConstraint("learner_id", name=op.f("pk_learner_places")),
    )


def downgrade() -> None:
    op.drop_table("learner_places")
    op.drop_table("live_answers")
    op.drop_index("ix_live_questions_class_opened", table_name="live_questions")
    op.drop_table("live_questions")
