"""Progress that lasts: learners, lessons and exercises done, practice with spaced repetition, saved positions.

    from ui.store import Store
    store = Store()                       # CARD_TABLE_DB_URL, else data/classroom.sqlite (created on first use)
    me = store.learner("Ana")             # keep me.id in the browser; store.learner_by_id(id) finds it again
    store.mark_lesson_done(me.id, "shengji", "07-throws")
    store.progress(me.id, "shengji")      # lessons done, exercises done, the lesson to resume at

Pages use this package; the engine never imports it. See ui/store/README.md for the design.
"""

from ui.store.config import DATA_DIR_ENV, DB_URL_ENV, database_url
from ui.store.errors import (
    InputRefused,
    NotAllowed,
    SchemaTooNew,
    StoreError,
    StoreUnavailable,
    Throttled,
    UnknownLearner,
    WrongCode,
)
from ui.store.live import LiveAnswer, LiveQuestion, Place
from ui.store.records import (
    ClassInfo,
    Joined,
    Learner,
    PracticeItem,
    Progress,
    SavedPosition,
    Streak,
    StudentReport,
    Teacher,
    Try,
)
from ui.store.store import Store

__all__ = [
    "LiveAnswer",
    "LiveQuestion",
    "Place",
    "ClassInfo",
    "Joined",
    "NotAllowed",
    "StudentReport",
    "Teacher",
    "Throttled",
    "WrongCode",
    "DATA_DIR_ENV",
    "DB_URL_ENV",
    "InputRefused",
    "Learner",
    "PracticeItem",
    "Progress",
    "SavedPosition",
    "SchemaTooNew",
    "Store",
    "StoreError",
    "StoreUnavailable",
    "Streak",
    "Try",
    "UnknownLearner",
    "database_url",
]
