"""The site's catalogs: one folder per language, each a set of flat JSON files.

A catalog is the union of ``locale/<lang>/*.json`` (dotted keys; values are strings, lists
of strings, or plural forms: an object keyed by the language's CLDR plural categories, the
same as the page's ``Intl.PluralRules``, chosen by the ``count`` parameter; placeholders
``{name}``). ``site.json`` holds the interface texts,
``games.json`` the traditions, games and rules panels (see docs/web-contract.md).
"""

from __future__ import annotations

import json
import string
from functools import cache
from pathlib import Path

from babel.core import Locale, negotiate_locale

Value = str | list[str] | dict[str, str]

LANGUAGES: dict[str, str] = {
    "en": "English",
    "fr": "Français",
    "cs": "Čeština",
    "id": "Bahasa Indonesia",
    "zh": "中文",
}
DEFAULT_LANGUAGE = "en"
# Older or regional tags that mean one of our languages.
_ALIASES = {"in": "id", "zh-hans": "zh", "zh-hant": "zh"}

_ROOT = Path(__file__).parent


@cache
def catalog(lang: str) -> dict[str, Value]:
    """The merged catalog of ``lang`` (every ``locale/<lang>/*.json`` file, by name)."""
    if lang not in LANGUAGES:
        raise KeyError(f"unknown language {lang!r}")
    merged: dict[str, Value] = {}
    for path in sorted((_ROOT / lang).glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(data, dict):
            raise ValueError(f"{path}: a catalog file is a JSON object")
        merged.update(data)
    return merged


def catalog_files(lang: str) -> dict[str, dict[str, Value]]:
    """Each catalog file of ``lang`` by file name (for the completeness tests)."""
    return {
        path.name: json.loads(path.read_text(encoding="utf-8"))
        for path in sorted((_ROOT / lang).glob("*.json"))
    }


def lookup(lang: str, key: str) -> Value | None:
    """The value of ``key`` in ``lang``, else in English, else None."""
    value = catalog(lang).get(key)
    if value is None and lang != DEFAULT_LANGUAGE:
        value = catalog(DEFAULT_LANGUAGE).get(key)
    return value


class _Params(dict[str, object]):
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def t(lang: str, key: str, **params: object) -> str:
    """The text of ``key`` in ``lang`` with its ``{placeholders}`` filled in.

    Falls back to English, then to the key itself, so a page never fails on a missing
    text (the catalog tests catch those).
    """
    value = lookup(lang, key)
    if value is None:
        return key
    if isinstance(value, dict):
        count = params.get("count", 0)
        text = value.get(plural_category(lang, count if isinstance(count, int) else 0))
        text = text if text is not None else value["other"]
    else:
        text = value if isinstance(value, str) else " ".join(value)
    return text.format_map(_Params(params)) if params else text


def plural_category(lang: str, count: int) -> str:
    """The CLDR plural category of ``count`` in ``lang`` ("one", "few", "other"...)."""
    return str(Locale.parse(lang).plural_form(count))


def texts_of(value: Value) -> list[str]:
    """Every text of a catalog value (a list's items, each plural form)."""
    if isinstance(value, str):
        return [value]
    return list(value.values()) if isinstance(value, dict) else list(value)


def placeholders(text: str) -> set[str]:
    """The ``{names}`` used in ``text``."""
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def _parse_accept_language(header: str) -> list[str]:
    weighted: list[tuple[float, int, str]] = []
    for index, part in enumerate(header.split(",")):
        tag, _, rest = part.strip().partition(";")
        tag = tag.strip()
        if not tag or tag == "*":
            continue
        quality = 1.0
        rest = rest.strip()
        if rest.startswith("q="):
            try:
                quality = float(rest[2:])
            except ValueError:
                continue
        if quality > 0:
            weighted.append((-quality, index, tag))
    return [tag for _, _, tag in sorted(weighted)]


def negotiate(accept_language: str | None) -> str:
    """The best of our languages for an ``Accept-Language`` header; English by default."""
    if not accept_language:
        return DEFAULT_LANGUAGE
    preferred = [_ALIASES.get(tag.lower(), tag) for tag in _parse_accept_language(accept_language)]
    found = negotiate_locale(preferred, list(LANGUAGES), sep="-", aliases={})
    if found is None:
        return DEFAULT_LANGUAGE
    found = found.lower()
    return found if found in LANGUAGES else DEFAULT_LANGUAGE
