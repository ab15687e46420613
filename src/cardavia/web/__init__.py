"""The web app: JSON API, match store, bot pool and pages.

Build the application with :func:`cardavia.web.app.create_app`. This package imports
nothing heavy by itself, so that bot worker processes stay light.
"""
