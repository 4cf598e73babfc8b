"""Classes: teachers' accounts, classes with join codes, memberships, learners' resume codes and the guards
that slow repeated wrong guesses. Two learners may now share a name (a class's students each get their own
record and a resume code): the unique constraint on learners.name_key becomes a plain index.

Revision ID: 0002_classes
Revises: 0001_first
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0002_classes"
down_revision: str | None = "0001_first"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# Lengths as in ui/store/models.py at this revision (frozen here).
ID, NAME, NAME_KEY, TITLE, CODE, HASH, DIGEST, GUARD = 32, 40, 160, 80, 16, 255, 64, 80


def upgrade() -> None:
    moment = sa.DateTime(timezone=True)
    with op.batch_alter_table("learners") as batch:
        batch.drop_constraint("uq_learners_name_key", type_="unique")
        batch.create_index("ix_learners_name_key", ["name_key"])
    op.create_table(
        "teachers",
        sa.Column("id", sa.String(ID), nullable=False),
        sa.Column("name", sa.String(NAME), nullable=False),
        sa.Column("name_key", sa.String(NAME_KEY), nullable=False),
        sa.Column("password_hash", sa.String(HASH), nullable=False),
        sa.Column("created", moment, nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_teachers")),
        sa.UniqueConstraint("name_key", name=op.f("uq_teachers_name_key")),
    )
    op.create_table(
        "classes",
        sa.Column("id", sa.String(ID), nullable=False),
        sa.Column("teacher_id", sa.String(ID), nullable=False),
        sa.Column("title", sa.String(TITLE), nullable=False),
        sa.Column("code", sa.String(CODE), nullable=False),
        sa.Column("created", moment, nullable=False),
        sa.ForeignKeyConstraint(["teacher_id"], ["teachers.id"], ondelete="CASCADE",
                                name=op.f("fk_classes_teacher_id_teachers")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_classes")),
        sa.UniqueConstraint("code", name=op.f("uq_classes_code")),
    )
    op.create_index("ix_classes_teacher_id", "classes", ["teacher_id"])
    op.create_table(
        "memberships",
        sa.Column("class_id", sa.String(ID), nullable=False),
        sa.Column("learner_id", sa.String(ID), nullable=False),
        sa.Column("joined", moment, nullable=False),
        sa.ForeignKeyConstraint(["class_id"], ["classes.id"], ondelete="CASCADE",
                                name=op.f("fk_memberships_class_id_classes")),
        sa.ForeignKeyConstraint(["learner_id"], ["learners.id"], ondelete="CASCADE",
                                name=op.f("fk_memberships_learner_id_learners")),
        sa.PrimaryKeyConstraint("class_id", "learner_id", name=op.f("pk_memberships")),
    )
    op.create_table(
        "resume_codes",
        sa.Column("learner_id", sa.String(ID), nullable=False),
        sa.Column("digest", sa.String(DIGEST), nullable=False),
        sa.Column("created", moment, nullable=False),
        sa.ForeignKeyConstraint(["learner_id"], ["learners.id"], ondelete="CASCADE",
                                name=op.f("fk_resume_codes_learner_id_learners")),
        sa.PrimaryKeyConstraint("learner_id", name=op.f("pk_resume_codes")),
        sa.UniqueConstraint("digest", name=op.f("uq_resume_codes_digest")),
    )
    op.create_table(
        "guards",
        sa.Column("key", sa.String(GUARD), nullable=False),
        sa.Column("failures", sa.Integer(), nullable=False),
        sa.Column("until", moment, nullable=True),
        sa.Column("updated", moment, nullable=False),
        sa.PrimaryKeyConstraint("key", name=op.f("pk_guards")),
    )


def downgrade() -> None:
    op.drop_table("guards")
    op.drop_table("resume_codes")
    op.drop_table("memberships")
    op.drop_index("ix_classes_teacher_id", table_name="classes")
    op.drop_table("classes")
    op.drop_table("teachers")
    with op.batch_alter_table("learners") as batch:
        batch.drop_index("ix_learners_name_key")
        batch.create_unique_constraint("uq_learners_name_key", ["name_key"])
