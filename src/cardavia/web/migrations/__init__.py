"""Alembic migrations of the match store, driven from :func:`cardavia.web.store.migrate`
(no ``alembic.ini``): ``env.py`` runs them on the connection it is handed, and
``versions/`` holds one file per schema change, oldest first."""
